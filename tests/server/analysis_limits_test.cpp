// Analysis in flight is limited per client, not per connection: one guest's many sockets share
// the address's four, and each signed-in account has four of its own whatever address it
// shares (issue 36, item 13).
#include <gtest/gtest.h>

#include "server/account_client.h"
#include "server/server_process.h"

namespace oyin::testing {
namespace {

class AnalysisLimitsTest : public ServerTest {
 protected:
  // Sends a long analysis on `ws`, then a request without a game, which is refused at once: a
  // socket's requests are answered in order, so a refusal of the long one comes before that
  // answer (an accepted one waits for the analysis thread, one here, or sends progress lines).
  // The long one's error, or {} when it was accepted: no time window to guess from.
  static json ask(WsClient& ws, int id) {
    ws.send({{"id", id}, {"game", "togyz"}, {"movetime", 10000}});
    ws.send({{"id", "probe"}});
    json answer = json::object();
    while (const auto line = ws.read()) {
      if ((*line)["id"] == "probe") return answer;
      if ((*line)["id"] == id && line->contains("error")) answer = *line;
    }
    ADD_FAILURE() << "no answer to a request without a game";
    return answer;
  }
  static bool refused(const json& line) { return line.value("code", "") == "too_many_requests"; }
};

TEST_F(AnalysisLimitsTest, OneGuestsSocketsShareOneLimit) {
  std::vector<std::unique_ptr<WsClient>> sockets;
  int refusals = 0;
  for (int i = 0; i < 6; ++i) {
    sockets.push_back(std::make_unique<WsClient>(port_, "/ws/analysis"));
    refusals += refused(ask(*sockets.back(), i));
  }
  EXPECT_EQ(refusals, 2) << "six sockets of one guest, four analyses at most";
  for (auto& ws : sockets) ws->close();
}

TEST_F(AnalysisLimitsTest, EachAccountHasItsOwnLimitAtOneAddress) {
  CookieClient alice(port_), bob(port_);
  ASSERT_EQ(alice.sign_up("alice", "alice-long-password").status, 201);
  ASSERT_EQ(bob.sign_up("bob", "bob-long-password").status, 201);
  std::vector<std::unique_ptr<WsClient>> sockets;
  for (int i = 0; i < 8; ++i) {
    sockets.push_back(std::make_unique<WsClient>(port_, "/ws/analysis", (i % 2 ? bob : alice).cookie()));
    const json line = ask(*sockets.back(), i);
    EXPECT_FALSE(refused(line)) << "request " << i << ": " << line.dump();
  }
  sockets.push_back(std::make_unique<WsClient>(port_, "/ws/analysis", alice.cookie()));
  EXPECT_TRUE(refused(ask(*sockets.back(), 8)));
  for (auto& ws : sockets) ws->close();
}

}  // namespace
}  // namespace oyin::testing
