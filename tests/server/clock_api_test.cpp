// Game clocks over real HTTP and WebSocket: `oyin serve --clock manual` holds the server's time
// still, and POST /api/test/clock moves it on (the deadlines passed on the way are handled
// before it answers), so these tests never sleep.
#include <gtest/gtest.h>

#include <filesystem>

#include "server/manual_clock_server.h"

namespace oyin::testing {
namespace {

class ClockApiTest : public ManualClockServerTest {
 protected:
  ClockApiTest() : ManualClockServerTest("oyin_clock_api_") {}
  HttpResult move(const std::string& id, const std::string& m, const std::string& token) {
    return http_post(port_, "/api/games/" + id + "/moves", {{"move", m}, {"token", token}});
  }
  json get(const std::string& id) { return http_get(port_, "/api/games/" + id).body; }
};

TEST_F(ClockApiTest, MetaOffersEachGamesPresets) {
  const json meta = http_get(port_, "/api/meta").body;
  for (const json& g : meta["games"]) {
    ASSERT_FALSE(g["clock_presets"].empty()) << g["name"];
    for (const json& p : g["clock_presets"]) {
      EXPECT_GT(p["initial_s"], 0);
      EXPECT_TRUE(p["speed"] == "bullet" || p["speed"] == "blitz" || p["speed"] == "rapid" || p["speed"] == "classical");
    }
  }
  EXPECT_EQ(meta["games"][0]["clock_presets"][1], (json{{"initial_s", 180}, {"increment_s", 2}, {"speed", "blitz"}}));
  for (const char* code : {"time", "aborted", "abandoned"})
    EXPECT_NE(std::find(meta["end_codes"].begin(), meta["end_codes"].end(), code), meta["end_codes"].end()) << code;
}

TEST_F(ClockApiTest, BadTimeControlsAreRefused) {
  for (const json& clock : {json{{"initial_s", 0}}, json{{"initial_s", 60}, {"increment_s", -1}}, json{{"increment_s", 5}},
                            json{{"initial_s", "60"}}, json("3+2"), json{{"initial_s", 10801}}}) {
    auto r = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}, {"clock", clock}});
    EXPECT_EQ(r.status, 400) << clock.dump();
    EXPECT_EQ(r.body["code"], "bad_clock") << clock.dump();
  }
  auto untimed = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
  ASSERT_EQ(untimed.status, 201);
  EXPECT_EQ(untimed.body["state"]["clock"], nullptr);
}

TEST_F(ClockApiTest, FlagFallsOnTheServerAndIsPushed) {
  auto g = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "online"}, {"color", "white"},
                                          {"clock", {{"initial_s", 60}, {"increment_s", 2}}}});
  ASSERT_EQ(g.status, 201) << g.text;
  const std::string id = g.body["id"], white = g.body["seat"]["token"];
  const std::string invite = g.body["invite"];
  const std::string black = invite.substr(invite.rfind('/') + 1);
  WsClient spectator(port_, "/ws/games/" + id);
  ASSERT_TRUE(spectator.read_state_at(0));
  WsClient b(port_, "/ws/games/" + id + "?token=" + black);  // the friend comes: the wait for a first move begins
  ASSERT_TRUE(b.read_state_at(0));
  EXPECT_EQ(get(id)["clock"]["first_move_ms"], 30'000);
  ASSERT_EQ(move(id, "6", white).status, 200);
  advance(3'000);
  ASSERT_EQ(move(id, "9", black).status, 200);
  advance(10'000);
  const auto third = move(id, "1", white);
  ASSERT_EQ(third.status, 200);
  EXPECT_EQ(third.body["clock"], (json{{"white_ms", 52'000}, {"black_ms", 60'000}, {"running", "black"},
                                       {"initial_ms", 60'000}, {"increment_ms", 2'000}, {"first_move_ms", nullptr}}));
  advance(60'000);  // black does not move: its flag falls by the server's timer
  const json s = get(id);
  EXPECT_EQ(s["status"], "finished");
  EXPECT_EQ(s["result"], "1-0");
  EXPECT_EQ(s["end"]["code"], "time");
  EXPECT_EQ(s["clock"]["black_ms"], 0);
  std::optional<json> pushed;
  for (int i = 0; i < 10 && !pushed; ++i) {
    auto m = spectator.read();
    ASSERT_TRUE(m);
    if ((*m)["type"] == "state" && (*m)["state"]["status"] == "finished") pushed = (*m)["state"];
  }
  ASSERT_TRUE(pushed);
  EXPECT_EQ((*pushed)["reason"], "black ran out of time");
  const auto late = move(id, "2", black);
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(late.body["code"], "game_over");
}

TEST_F(ClockApiTest, ClaimOverHttpAfterTheOpponentsConnectionIsGone) {
  auto g = http_post(port_, "/api/games", {{"game", "capgo"}, {"mode", "online"}, {"color", "black"},
                                          {"clock", {{"initial_s", 300}, {"increment_s", 5}}}});
  ASSERT_EQ(g.status, 201) << g.text;
  const std::string id = g.body["id"], black = g.body["seat"]["token"];
  const std::string invite = g.body["invite"];
  const std::string white = invite.substr(invite.rfind('/') + 1);
  WsClient bw(port_, "/ws/games/" + id + "?token=" + black);
  ASSERT_TRUE(bw.read_state_at(0));
  {
    WsClient ww(port_, "/ws/games/" + id + "?token=" + white);
    ASSERT_TRUE(ww.read_state_at(0));
    ASSERT_EQ(move(id, "E5", black).status, 200);
    ASSERT_EQ(move(id, "D4", white).status, 200);
    ww.close();
  }
  // The server has seen the close once its push says White is away.
  bool away = false;
  for (int i = 0; i < 10 && !away; ++i) {
    auto m = bw.read();
    ASSERT_TRUE(m);
    away = (*m)["type"] == "state" && (*m)["state"]["presence"]["white"]["connected"] == false;
  }
  ASSERT_TRUE(away);
  auto early = http_post(port_, "/api/games/" + id + "/claim", {{"token", black}});
  EXPECT_EQ(early.status, 409);
  EXPECT_EQ(early.body["code"], "claim_too_early");
  EXPECT_EQ(early.body["params"]["wait_ms"], 60'000);
  advance(60'000);
  auto claimed = http_post(port_, "/api/games/" + id + "/claim", {{"token", black}});
  ASSERT_EQ(claimed.status, 200) << claimed.text;
  EXPECT_EQ(claimed.body["result"], "1-0");  // Black was first: 1-0 is Black's win
  EXPECT_EQ(claimed.body["end"], (json{{"code", "abandoned"}, {"winner", "black"}, {"args", {0, 0}}}));
}

TEST_F(ClockApiTest, ClocksSurviveSigkillAndTheFlagStillFalls) {
  auto g = http_post(port_, "/api/games", {{"game", "tojmot"}, {"mode", "hotseat"}, {"clock", {{"initial_s", 180}, {"increment_s", 2}}}});
  ASSERT_EQ(g.status, 201) << g.text;
  const std::string id = g.body["id"], token = g.body["seat"]["token"];
  ASSERT_EQ(move(id, "g5h6", token).status, 200);
  ASSERT_EQ(move(id, "g13h12", token).status, 200);
  advance(30'000);
  ASSERT_EQ(move(id, "e5f6", token).status, 200);  // white 152 s
  advance(50'000);
  ASSERT_EQ(move(id, "e13f12", token).status, 200);  // black 132 s
  const json before = get(id)["clock"];
  server_->kill9();
  ASSERT_TRUE(server_->start());
  port_ = server_->port();
  EXPECT_EQ(get(id)["clock"], before);  // a fresh manual clock: no time has passed on it
  EXPECT_EQ(before["white_ms"], 152'000);
  EXPECT_EQ(before["black_ms"], 132'000);
  advance(152'000);  // nobody asks for the game: the timer armed at start ends it
  const json s = get(id);
  EXPECT_EQ(s["reason"], "white ran out of time");
  EXPECT_EQ(s["result"], "0-1");
  server_->kill9();  // and the finished game shows the fallen flag after another restart
  ASSERT_TRUE(server_->start());
  port_ = server_->port();
  EXPECT_EQ(get(id)["clock"]["white_ms"], 0);
  EXPECT_EQ(get(id)["end"]["code"], "time");
}

}  // namespace
}  // namespace oyin::testing
