// The lobby over real HTTP and WebSocket against `oyin serve --clock manual` (so a seek's expiry
// is tested without sleeping): seeks are created, listed live, cancelled and accepted exactly
// once; the acceptor gets its seat in the answer and the creator hears of the game on its lobby
// socket. Runs on SQLite and, in the postgresql. pass, on PostgreSQL.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <filesystem>
#include <thread>

#include "server/accept_race.h"
#include "server/account_client.h"
#include "server/manual_clock_server.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

const json kBlitz{{"initial_s", 180}, {"increment_s", 2}};

class LobbyApiTest : public ManualClockServerTest {
 protected:
  LobbyApiTest() : ManualClockServerTest("oyin_lobby_api_") {}
  HttpResult seek(const json& body) { return http_post(port_, "/api/seeks", body); }
  json seeks() { return http_get(port_, "/api/seeks").body["seeks"]; }
  // Reads pushes until a list of `n` seeks arrives.
  static std::optional<json> read_list_of(WsClient& ws, std::size_t n) {
    for (int i = 0; i < 20; ++i) {
      auto m = ws.read();
      if (!m) return std::nullopt;
      if ((*m)["type"] == "seeks" && (*m)["seeks"].size() == n) return (*m)["seeks"];
    }
    return std::nullopt;
  }
};

TEST_F(LobbyApiTest, ASeekIsListedAndCancelledWithItsToken) {
  auto r = seek({{"game", "togyz"}, {"rules", ""}, {"clock", kBlitz}, {"rated", false}, {"color", "white"}});
  ASSERT_EQ(r.status, 201) << r.text;
  const std::string id = r.body["id"], token = r.body["token"];
  EXPECT_EQ(token.size(), 32u);
  const json list = seeks();
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["id"], id);
  EXPECT_EQ(list[0]["game"], "togyz");
  EXPECT_EQ(list[0]["clock"], kBlitz);
  EXPECT_EQ(list[0]["speed"], "blitz");
  EXPECT_EQ(list[0]["rated"], false);
  EXPECT_EQ(list[0]["color"], "white");
  EXPECT_TRUE(list[0]["username"].is_null());
  EXPECT_TRUE(list[0]["rating"].is_null());
  EXPECT_FALSE(list[0].contains("token")) << "the list must not give the creator's secret away";

  auto wrong = http_post(port_, "/api/seeks/" + id + "/cancel", {{"token", "0123"}});
  EXPECT_EQ(wrong.status, 404);
  EXPECT_EQ(wrong.body["code"], "no_such_seek");
  EXPECT_EQ(seeks().size(), 1u);
  auto ok = http_post(port_, "/api/seeks/" + id + "/cancel", {{"token", token}});
  EXPECT_EQ(ok.status, 200) << ok.text;
  EXPECT_TRUE(seeks().empty());
  auto late = http_post(port_, "/api/seeks/" + id + "/accept", json::object());
  EXPECT_EQ(late.status, 404);
  EXPECT_EQ(late.body["code"], "no_such_seek");
}

TEST_F(LobbyApiTest, BadSeeksAreRefusedWithDeclaredCodes) {
  const json meta = http_get(port_, "/api/meta").body;
  const auto declared = [&](const json& code) {
    return std::find(meta["error_codes"].begin(), meta["error_codes"].end(), code) != meta["error_codes"].end();
  };
  struct Case {
    json body;
    int status;
    const char* code;
  };
  for (const Case& c : {Case{{{"game", "chess"}}, 400, "unknown_game"},
                        Case{{{"game", "togyz"}, {"clock", {{"initial_s", 0}}}}, 400, "bad_clock"},
                        Case{{{"game", "togyz"}, {"color", "green"}}, 400, "bad_color"},
                        Case{{{"game", "capgo"}, {"rules", "size=99"}}, 400, "bad_rules"},
                        Case{{{"game", "togyz"}, {"rated", "yes"}}, 400, "field_type"},
                        Case{{{"game", "togyz"}, {"clock", kBlitz}, {"rated", true}}, 401, "not_signed_in"}}) {
    auto r = seek(c.body);
    EXPECT_EQ(r.status, c.status) << c.body.dump() << " " << r.text;
    EXPECT_EQ(r.body["code"], c.code) << c.body.dump();
    EXPECT_TRUE(declared(r.body["code"])) << r.body["code"];
  }
  EXPECT_TRUE(seeks().empty());
  for (const char* code : {"no_such_seek", "seek_taken", "own_seek", "not_signed_in"}) EXPECT_TRUE(declared(code)) << code;
  auto wrong_method = http_call(port_, http::verb::delete_, "/api/seeks");
  EXPECT_EQ(wrong_method.status, 405);
}

TEST_F(LobbyApiTest, AcceptingStartsOneGameForBoth) {
  WsClient creator(port_, "/ws/lobby");
  ASSERT_TRUE(read_list_of(creator, 0));
  WsClient watcher(port_, "/ws/lobby");
  ASSERT_TRUE(read_list_of(watcher, 0));
  auto r = seek({{"game", "togyz"}, {"clock", kBlitz}, {"color", "white"}});
  ASSERT_EQ(r.status, 201) << r.text;
  const std::string id = r.body["id"], token = r.body["token"];
  creator.send({{"type", "hello"}, {"seek_tokens", {token}}});
  auto pushed = read_list_of(watcher, 1);
  ASSERT_TRUE(pushed);
  EXPECT_EQ((*pushed)[0]["id"], id);

  auto own = http_post(port_, "/api/seeks/" + id + "/accept", {{"seek_tokens", {token}}});
  EXPECT_EQ(own.status, 409);
  EXPECT_EQ(own.body["code"], "own_seek");

  auto a = http_post(port_, "/api/seeks/" + id + "/accept", json::object());
  ASSERT_EQ(a.status, 201) << a.text;
  const std::string game_id = a.body["game_id"], black = a.body["token"];
  EXPECT_EQ(a.body["color"], "black");
  ASSERT_TRUE(read_list_of(watcher, 0)) << "an accepted seek leaves the list";
  std::optional<json> started;
  for (int i = 0; i < 10 && !started; ++i) {
    auto m = creator.read();
    ASSERT_TRUE(m);
    if ((*m)["type"] == "game_started") started = m;
  }
  ASSERT_TRUE(started) << "the creator was not told of the game";
  EXPECT_EQ((*started)["game_id"], game_id);
  EXPECT_EQ((*started)["seek_id"], id);
  const std::string white = (*started)["token"];
  EXPECT_NE(white, black);

  const json state = http_get(port_, "/api/games/" + game_id + "?token=" + white).body;
  EXPECT_EQ(state["mode"], "online");
  EXPECT_EQ(state["you"], "white");
  EXPECT_EQ(state["clock"]["white_ms"], 180000);
  EXPECT_EQ(http_get(port_, "/api/games/" + game_id + "?token=" + black).body["you"], "black");
  // Both seats play: the creator's move reaches the acceptor's socket.
  WsClient black_ws(port_, "/ws/games/" + game_id + "?token=" + black);
  ASSERT_TRUE(black_ws.read_state_at(0));
  auto m1 = http_post(port_, "/api/games/" + game_id + "/moves", {{"move", "6"}, {"token", white}});
  ASSERT_EQ(m1.status, 200) << m1.text;
  auto seen = black_ws.read_state_at(1);
  ASSERT_TRUE(seen);
  EXPECT_EQ((*seen)["moves"], json{"65(10)"});
  auto m2 = http_post(port_, "/api/games/" + game_id + "/moves", {{"move", "1"}, {"token", black}});
  EXPECT_EQ(m2.status, 200) << m2.text;

  auto again = http_post(port_, "/api/seeks/" + id + "/accept", json::object());
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.body["code"], "seek_taken");
}

TEST_F(LobbyApiTest, ACreatorWhoSaysHelloLateStillHearsOfItsGame) {
  auto r = seek({{"game", "tojmot"}, {"color", "random"}});  // untimed
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_TRUE(seeks()[0]["clock"].is_null());
  auto a = http_post(port_, "/api/seeks/" + r.body["id"].get<std::string>() + "/accept", json::object());
  ASSERT_EQ(a.status, 201) << a.text;
  WsClient creator(port_, "/ws/lobby");
  ASSERT_TRUE(read_list_of(creator, 0));
  creator.send({{"type", "hello"}, {"seek_tokens", {r.body["token"]}}});
  std::optional<json> m;
  for (int i = 0; i < 20; ++i) {  // list pushes of earlier changes may come first (PostgreSQL's NOTIFY)
    m = creator.read();
    if (!m || (*m)["type"] == "game_started") break;
  }
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["type"], "game_started");
  EXPECT_EQ((*m)["game_id"], a.body["game_id"]);
  const json state = http_get(port_, "/api/games/" + a.body["game_id"].get<std::string>() + "?token=" +
                                         (*m)["token"].get<std::string>()).body;
  EXPECT_NE(state["you"], a.body["color"]);
  EXPECT_TRUE(state["clock"].is_null()) << state["clock"];
}

TEST_F(LobbyApiTest, RacingAcceptorsGetOneGameAndOneConflict) {
  for (int round = 0; round < 5; ++round) {
    auto r = seek({{"game", "togyz"}, {"clock", kBlitz}});
    ASSERT_EQ(r.status, 201);
    const std::string id = r.body["id"];
    const AcceptRace race = race_to_accept({port_}, id, 6);
    EXPECT_EQ(race.created, 1) << "round " << round;
    EXPECT_EQ(race.taken, 5) << "round " << round;
    EXPECT_EQ(race.other, 0) << "round " << round;
  }
  EXPECT_TRUE(seeks().empty());
}

TEST_F(LobbyApiTest, ASeekExpiresOnceItsCreatorsSocketIsGoneAWhile) {
  // Never said hello: gone after the grace time.
  auto lonely = seek({{"game", "togyz"}});
  ASSERT_EQ(lonely.status, 201);
  advance(29'000);
  EXPECT_EQ(seeks().size(), 1u);
  advance(2'000);
  EXPECT_TRUE(seeks().empty());

  auto r = seek({{"game", "togyz"}});
  ASSERT_EQ(r.status, 201);
  {
    WsClient creator(port_, "/ws/lobby");
    ASSERT_TRUE(read_list_of(creator, 1));
    creator.send({{"type", "hello"}, {"seek_tokens", {r.body["token"]}}});
    creator.send({{"type", "ping"}, {"id", 1}});  // answered after the hello was handled
    for (int i = 0; i < 5; ++i) {
      auto m = creator.read();
      ASSERT_TRUE(m);
      if ((*m)["type"] == "pong") break;
    }
    advance(120'000);
    EXPECT_EQ(seeks().size(), 1u) << "a seek whose creator is in the lobby stays";
    creator.close();
  }
  // The server sees the close a moment later; the seek goes kSeekGraceMs after that (on the
  // test's clock, moved on at each look).
  EXPECT_TRUE(wait_until(
      [&] {
        advance(31'000);
        return seeks().empty();
      },
      kWaitDeadline, std::chrono::milliseconds(20)))
      << "the seek of a creator who left the lobby stays";
}


// Signed-in players: a rated seek is posted by one account and accepted by another, and the game
// it starts is rated with both accounts in their seats; a guest cannot accept it, and an account
// cannot accept its own seek from another device.
TEST_F(LobbyApiTest, ARatedSeekSeatsTwoAccountsInARatedGame) {
  CookieClient alice(port_), bob(port_), alice_phone(port_);
  ASSERT_EQ(alice.sign_up("alice", "lobby-pass-1").status, 201);
  ASSERT_EQ(bob.sign_up("bob", "lobby-pass-2").status, 201);
  ASSERT_EQ(alice_phone.sign_in("alice", "lobby-pass-1").status, 200);
  const json untimed{{"game", "togyz"}, {"rules", ""}, {"rated", true}, {"color", "black"}};
  EXPECT_EQ(alice.post("/api/seeks", untimed).body["code"], "bad_rated");
  json blitz = untimed;
  blitz["clock"] = kBlitz;
  auto r = alice.post("/api/seeks", blitz);
  ASSERT_EQ(r.status, 201) << r.text;
  const std::string id = r.body["id"];
  const json list = seeks();
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["username"], "alice");
  EXPECT_EQ(list[0]["rated"], true);

  auto guest = http_post(port_, "/api/seeks/" + id + "/accept", json::object());
  EXPECT_EQ(guest.status, 401);
  EXPECT_EQ(guest.body["code"], "not_signed_in");
  auto own = alice_phone.post("/api/seeks/" + id + "/accept");
  EXPECT_EQ(own.status, 409);
  EXPECT_EQ(own.body["code"], "own_seek");

  auto a = bob.post("/api/seeks/" + id + "/accept");
  ASSERT_EQ(a.status, 201) << a.text;
  EXPECT_EQ(a.body["color"], "white");  // alice asked for black
  const std::string game_id = a.body["game_id"];
  const json st = http_get(port_, "/api/games/" + game_id).body;
  EXPECT_EQ(st["rated"], true);
  ASSERT_EQ(st["players"].size(), 2u);
  EXPECT_EQ(st["players"][0]["username"], "bob");
  EXPECT_EQ(st["players"][1]["username"], "alice");
  EXPECT_EQ(st["clock"]["white_ms"], 180000);
  EXPECT_EQ(seeks().size(), 0u);
}

}  // namespace
}  // namespace oyin::testing
