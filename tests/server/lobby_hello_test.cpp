// A lobby socket's hello costs store work, so it is bounded: at most 16 tokens in one, and a
// socket says it 3 times at once, then once a second (moved on the manual clock); more are
// answered with an error and change nothing. Real `oyin serve --clock manual`; SQLite and
// PostgreSQL.
#include <gtest/gtest.h>

#include "server/manual_clock_server.h"

namespace oyin::testing {
namespace {

const json kSeek{{"game", "togyz"}, {"rules", ""}, {"clock", {{"initial_s", 180}, {"increment_s", 2}}}};

class LobbyHelloTest : public ManualClockServerTest {
 protected:
  LobbyHelloTest() : ManualClockServerTest("oyin_lobby_hello_") {}
  json seeks() { return http_get(port_, "/api/seeks").body["seeks"]; }
  // Sends a hello and a ping; the error it got, if any, before the pong.
  static std::optional<json> hello(WsClient& ws, const json& tokens) {
    ws.send({{"type", "hello"}, {"seek_tokens", tokens}});
    ws.send({{"type", "ping"}, {"id", 1}});
    std::optional<json> error;
    for (int i = 0; i < 20; ++i) {
      auto m = ws.read();
      if (!m) break;
      if ((*m)["type"] == "error") error = m;
      if ((*m)["type"] == "pong") return error;
    }
    ADD_FAILURE() << "no pong";
    return error;
  }
};

TEST_F(LobbyHelloTest, AHelloWithTooManyTokensIsRefused) {
  auto r = http_post(port_, "/api/seeks", kSeek);
  ASSERT_EQ(r.status, 201) << r.text;
  WsClient ws(port_, "/ws/lobby");
  json tokens = json::array({r.body["token"]});
  for (int i = 0; i < 16; ++i) tokens.push_back("0123456789abcdef0123456789abcd" + std::to_string(10 + i));
  auto refused = hello(ws, tokens);
  ASSERT_TRUE(refused) << "a hello with 17 tokens was taken";
  EXPECT_EQ((*refused)["code"], "field_type");
  EXPECT_EQ((*refused)["params"]["max"], 16);
  // It held nothing: the seek goes after the grace time.
  advance(31'000);
  EXPECT_TRUE(seeks().empty());

  auto again = http_post(port_, "/api/seeks", kSeek);
  ASSERT_EQ(again.status, 201) << again.text;
  tokens.erase(tokens.begin());
  tokens[0] = again.body["token"];  // 16 now
  EXPECT_FALSE(hello(ws, tokens)) << "a hello with 16 tokens was refused";
  advance(120'000);
  EXPECT_EQ(seeks().size(), 1u) << "the seek named in the hello was not held";
}

TEST_F(LobbyHelloTest, HellosAreRateLimitedPerSocket) {
  auto r = http_post(port_, "/api/seeks", kSeek);
  ASSERT_EQ(r.status, 201) << r.text;
  const json mine = json::array({r.body["token"]});
  WsClient ws(port_, "/ws/lobby");
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(hello(ws, json::array())) << "hello " << i;
  auto refused = hello(ws, mine);
  ASSERT_TRUE(refused) << "a fourth hello at once was taken";
  EXPECT_EQ((*refused)["code"], "too_many_requests");
  EXPECT_EQ((*refused)["status"], 429);
  // Another socket has its own allowance.
  WsClient other(port_, "/ws/lobby");
  EXPECT_FALSE(hello(other, json::array()));
  // A second later, one more.
  advance(1'000);
  EXPECT_FALSE(hello(ws, mine)) << "a hello a second later was refused";
  EXPECT_TRUE(hello(ws, mine)) << "two hellos within a second were taken";
  advance(120'000);
  EXPECT_EQ(seeks().size(), 1u) << "the seek named in the hello was not held";
}

}  // namespace
}  // namespace oyin::testing
