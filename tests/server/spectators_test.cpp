// A crowd of spectators costs the players a few small pushes, not a whole state per arrival, and
// one address cannot fill a game with watchers (issue 36, item 10).
#include <gtest/gtest.h>

#include "server/server_process.h"

namespace oyin::testing {
namespace {

// A WebSocket from a chosen loopback address (all of 127/8 is the loopback on Linux).
class WatcherFrom {
 public:
  WatcherFrom(const std::string& from, int port, const std::string& target) : ws_(ioc_) {
    auto& sock = beast::get_lowest_layer(ws_);
    sock.open(tcp::v4());
    sock.bind(tcp::endpoint(net::ip::make_address(from), 0));
    sock.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
    ws_.handshake("127.0.0.1:" + std::to_string(port), target);
  }
  json read() {
    beast::flat_buffer buf;
    ws_.read(buf);
    return json::parse(beast::buffers_to_string(buf.data()), nullptr, false);
  }

 private:
  net::io_context ioc_;
  beast::websocket::stream<tcp::socket> ws_;
};

class SpectatorsTest : public ServerTest {
 protected:
  struct Online {
    std::string id, white, black;
  };
  Online online() {
    auto r = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "online"}, {"color", "white"}});
    EXPECT_EQ(r.status, 201) << r.text;
    const std::string invite = r.body.value("invite", "");
    return {r.body["id"], r.body["seat"]["token"], invite.substr(invite.rfind('/') + 1)};
  }
};

TEST_F(SpectatorsTest, ACrowdCostsThePlayersAFewSmallPushes) {
  const Online g = online();
  WsClient white(port_, "/ws/games/" + g.id + "?token=" + g.white);
  ASSERT_TRUE(white.read());  // the first state
  const long rss_before = server_->rss_kb();
  constexpr int kCrowd = 300;
  std::vector<std::unique_ptr<WatcherFrom>> crowd;
  for (int i = 0; i < kCrowd; ++i) {
    crowd.push_back(std::make_unique<WatcherFrom>("127.0." + std::to_string(3 + i / 200) + "." + std::to_string(1 + i % 200),
                                                  port_, "/ws/games/" + g.id));
    ASSERT_EQ(crowd.back()->read()["type"], "state");
  }
  // What the player was sent meanwhile: counts, and no state (nothing happened in the game).
  int states = 0, counts = 0, last = -1;
  std::size_t bytes = 0;
  while (last != kCrowd) {
    const auto m = white.read(std::chrono::milliseconds(3000));
    ASSERT_TRUE(m) << "the count of " << kCrowd << " never came; last " << last;
    bytes += m->dump().size();
    if ((*m)["type"] == "state") ++states;
    if ((*m)["type"] == "spectators") {
      ++counts;
      last = (*m)["count"];
    }
  }
  std::cout << "[          ] " << kCrowd << " spectators came: " << counts << " count pushes, " << states
            << " states, " << bytes << " bytes to a player" << std::endl;
  EXPECT_EQ(states, 0);
  EXPECT_LE(counts, 40);
  EXPECT_LT(bytes, 4000u);
  EXPECT_EQ(http_get(port_, "/api/games/" + g.id).body["spectators"], kCrowd);
  const long rss_crowd = server_->rss_kb();
  crowd.clear();
  bool zero = false;
  while (!zero) {
    const auto m = white.read(std::chrono::milliseconds(3000));
    ASSERT_TRUE(m) << "the count never went back to 0";
    zero = (*m)["type"] == "spectators" && (*m)["count"] == 0;
  }
  // What the crowd cost in memory, and what is left once it has gone.
  const long rss_after = server_->rss_kb();
  std::cout << "[          ] server RSS: " << rss_before / 1024 << " MB before, " << rss_crowd / 1024 << " MB with "
            << kCrowd << " spectators, " << rss_after / 1024 << " MB after they left" << std::endl;
  EXPECT_LT(rss_after, rss_before + 64 * 1024) << "the crowd's memory stayed";
}

TEST_F(SpectatorsTest, OneAddressCannotFillAGameWithWatchers) {
  const Online g = online();
  std::vector<std::unique_ptr<WatcherFrom>> mine;
  for (int i = 0; i < 32; ++i) {
    mine.push_back(std::make_unique<WatcherFrom>("127.0.5.1", port_, "/ws/games/" + g.id));
    ASSERT_EQ(mine.back()->read()["type"], "state") << i;
  }
  WatcherFrom one_more("127.0.5.1", port_, "/ws/games/" + g.id);
  const json refused = one_more.read();
  EXPECT_EQ(refused["type"], "error");
  EXPECT_EQ(refused["code"], "too_many_spectators");
  // Another address still watches.
  WatcherFrom elsewhere("127.0.5.2", port_, "/ws/games/" + g.id);
  EXPECT_EQ(elsewhere.read()["type"], "state");
}

}  // namespace
}  // namespace oyin::testing
