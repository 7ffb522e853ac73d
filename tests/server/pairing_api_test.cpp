// Quick pairing, direct challenges, the seeker's rating in the lobby's list and the per-account
// chat switch, over real HTTP and WebSocket against `oyin serve --clock manual` (the widening of
// the pairing window is tested by moving the server's clock, not by sleeping). Runs on SQLite
// and, in the postgresql. pass, on PostgreSQL.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "server/account_client.h"
#include "server/manual_clock_server.h"

namespace oyin::testing {
namespace {

const json kBlitz{{"initial_s", 180}, {"increment_s", 2}};
const json kQuick{{"game", "togyz"}, {"rules", ""}, {"clock", kBlitz}, {"rated", false}};

class PairingApiTest : public ManualClockServerTest {
 protected:
  PairingApiTest() : ManualClockServerTest("oyin_pairing_api_") {}
  CookieClient account(const std::string& name) {
    CookieClient c(port_);
    const auto r = c.sign_up(name, name + "-long-password");
    EXPECT_EQ(r.status, 201) << r.text;
    return c;
  }
  // Reads pushes until one of `type` arrives (the others skipped); nullopt after a quiet 5 s.
  static std::optional<json> read_type(WsClient& ws, const std::string& type) {
    for (int i = 0; i < 50; ++i) {
      auto m = ws.read();
      if (!m) return std::nullopt;
      if ((*m)["type"] == type) return m;
    }
    return std::nullopt;
  }
  // A lobby socket that speaks for `token` (and, with a cookie, for its account).
  std::unique_ptr<WsClient> lobby(const std::string& token, const std::string& cookie = "") {
    auto ws = std::make_unique<WsClient>(port_, "/ws/lobby", cookie);
    ws->send({{"type", "hello"}, {"seek_tokens", json::array({token})}});
    // hello has no answer of its own: a ping's pong says the server has handled it.
    ws->send({{"type", "ping"}, {"id", 1}});
    EXPECT_TRUE(read_type(*ws, "pong"));
    return ws;
  }
  json game(const std::string& id) { return http_get(port_, "/api/games/" + id).body; }
  // A rated blitz game between the two, which `loser` resigns: their ratings move apart.
  void rated_game_lost_by(CookieClient& winner, CookieClient& loser) {
    auto s = winner.post("/api/seeks", {{"game", "togyz"}, {"rules", ""}, {"clock", kBlitz}, {"rated", true}, {"color", "white"}});
    ASSERT_EQ(s.status, 201) << s.text;
    auto a = loser.post("/api/seeks/" + std::string(s.body["id"]) + "/accept");
    ASSERT_EQ(a.status, 201) << a.text;
    const std::string id = a.body["game_id"];
    // The winner hears of the game (and its seat) on its lobby socket; both move once, then
    // the loser resigns.
    WsClient creator(port_, "/ws/lobby", winner.cookie());
    creator.send({{"type", "hello"}, {"seek_tokens", json::array({s.body["token"]})}});
    auto started = read_type(creator, "game_started");
    ASSERT_TRUE(started);
    const std::string white = (*started)["token"];
    ASSERT_EQ(winner.post("/api/games/" + id + "/moves", {{"token", white}, {"move", game(id)["legal_moves"][0]}}).status, 200);
    ASSERT_EQ(loser.post("/api/games/" + id + "/moves", {{"token", a.body["token"]}, {"move", game(id)["legal_moves"][0]}}).status, 200);
    auto r = loser.post("/api/games/" + id + "/resign", {{"token", a.body["token"]}});
    ASSERT_EQ(r.status, 200) << r.text;
    ASSERT_EQ(r.body["rating_change"].size(), 2u) << r.text;
  }
  double rating(CookieClient& c, const std::string& name) {
    const json page = c.get("/api/players/" + name).body;
    for (const json& r : page["ratings"])
      if (r["game"] == "togyz" && r["speed"] == "blitz") return r["rating"].get<double>();
    return 0;
  }
};

TEST_F(PairingApiTest, TwoGuestsArePairedAndTheOneWhoWaitedHearsOfItsGame) {
  auto first = http_post(port_, "/api/pairing", kQuick);
  ASSERT_EQ(first.status, 202) << first.text;
  const std::string token = first.body["token"];
  EXPECT_FALSE(std::string(first.body["id"]).empty());
  EXPECT_TRUE(http_get(port_, "/api/seeks").body["seeks"].empty()) << "a play-now request is not listed";
  auto waiting = lobby(token);

  // Other terms do not pair: a rapid clock, or another game.
  json rapid = kQuick;
  rapid["clock"] = {{"initial_s", 600}, {"increment_s", 5}};
  auto other = http_post(port_, "/api/pairing", rapid);
  ASSERT_EQ(other.status, 202) << other.text;
  json go = kQuick;
  go["game"] = "capgo";
  go["rules"] = "";
  auto other_game = http_post(port_, "/api/pairing", go);
  ASSERT_EQ(other_game.status, 202) << other_game.text;

  // The same guest's own request is not paired with itself.
  json again = kQuick;
  again["seek_tokens"] = json::array({token});
  auto self = http_post(port_, "/api/pairing", again);
  ASSERT_EQ(self.status, 202) << self.text;
  ASSERT_EQ(http_call(port_, http::verb::delete_, "/api/pairing/" + std::string(self.body["id"]) + "?token=" +
                                                      std::string(self.body["token"])).status, 200);

  auto second = http_post(port_, "/api/pairing", kQuick);
  ASSERT_EQ(second.status, 201) << second.text;
  const std::string game_id = second.body["game_id"];
  auto started = read_type(*waiting, "game_started");
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["game_id"], game_id);
  EXPECT_EQ((*started)["seek_id"], first.body["id"]);
  EXPECT_NE((*started)["token"], second.body["token"]);
  const json st = game(game_id);
  EXPECT_EQ(st["mode"], "online");
  EXPECT_EQ(st["rated"], false);
  EXPECT_EQ(st["clock"]["white_ms"], 180000);
  // The two seats are the two players'.
  const std::string mine = second.body["token"], theirs = (*started)["token"];
  const json as_me = http_get(port_, "/api/games/" + game_id + "?token=" + mine).body;
  const json as_them = http_get(port_, "/api/games/" + game_id + "?token=" + theirs).body;
  EXPECT_EQ(as_me["you"], second.body["color"]);
  EXPECT_NE(as_them["you"], as_me["you"]);
  EXPECT_TRUE(as_them["you"].is_string());

  // Paired once: a third request waits.
  EXPECT_EQ(http_post(port_, "/api/pairing", kQuick).status, 202);
}

TEST_F(PairingApiTest, CancelNeedsTheTokenAndGuestsPlayCasualOnly) {
  json rated = kQuick;
  rated["rated"] = true;
  auto guest = http_post(port_, "/api/pairing", rated);
  EXPECT_EQ(guest.status, 401);
  EXPECT_EQ(guest.body["code"], "not_signed_in");
  json bad = kQuick;
  bad["game"] = "chess";
  EXPECT_EQ(http_post(port_, "/api/pairing", bad).body["code"], "unknown_game");
  CookieClient alice = account("alice");
  json untimed = rated;
  untimed.erase("clock");
  EXPECT_EQ(alice.post("/api/pairing", untimed).body["code"], "bad_rated");

  auto r = http_post(port_, "/api/pairing", kQuick);
  ASSERT_EQ(r.status, 202);
  const std::string path = "/api/pairing/" + std::string(r.body["id"]);
  auto wrong = http_call(port_, http::verb::delete_, path + "?token=0123");
  EXPECT_EQ(wrong.status, 404);
  EXPECT_EQ(wrong.body["code"], "no_such_seek");
  EXPECT_EQ(http_call(port_, http::verb::delete_, path + "?token=" + std::string(r.body["token"])).status, 200);
  EXPECT_EQ(http_call(port_, http::verb::delete_, path + "?token=" + std::string(r.body["token"])).status, 404);
  EXPECT_EQ(http_get(port_, "/api/pairing").status, 405);
  // Cancelled: the next one waits rather than pairing with it.
  EXPECT_EQ(http_post(port_, "/api/pairing", kQuick).status, 202);

  // A signed-in player cancels their own request without the token.
  auto mine = alice.post("/api/pairing", rated);
  ASSERT_EQ(mine.status, 202) << mine.text;
  EXPECT_EQ(alice.call(http::verb::delete_, "/api/pairing/" + std::string(mine.body["id"])).status, 200);
}

TEST_F(PairingApiTest, AQuickRequestTakesAnOpenSeekOfTheSameTerms) {
  auto seek = http_post(port_, "/api/seeks", {{"game", "togyz"}, {"rules", ""}, {"clock", kBlitz}, {"color", "black"}});
  ASSERT_EQ(seek.status, 201);
  auto creator = lobby(seek.body["token"]);
  auto r = http_post(port_, "/api/pairing", kQuick);
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(r.body["color"], "white");  // the seek's creator asked for black
  auto started = read_type(*creator, "game_started");
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["game_id"], r.body["game_id"]);
  EXPECT_TRUE(http_get(port_, "/api/seeks").body["seeks"].empty());
}

// Ratings far apart wait; the window (±150, +50 per 10 s of waiting) reaches them in time, and
// the server pairs the two waiting requests itself. The lobby also shows each seeker's rating.
TEST_F(PairingApiTest, TheRatingWindowWidensWithTheWait) {
  CookieClient alice = account("alice"), bob = account("bob");
  rated_game_lost_by(alice, bob);
  const double ra = rating(alice, "alice"), rb = rating(bob, "bob");
  ASSERT_GT(ra - rb, 300);  // one game from 1500 each moves them about 160 apart each
  ASSERT_LT(ra - rb, 350);

  // GET /api/seeks shows a signed-in seeker's current rating for the seek's game and speed.
  auto listed = alice.post("/api/seeks", {{"game", "togyz"}, {"rules", ""}, {"clock", kBlitz}});
  ASSERT_EQ(listed.status, 201);
  json seeks = http_get(port_, "/api/seeks").body["seeks"];
  ASSERT_EQ(seeks.size(), 1u);
  EXPECT_EQ(seeks[0]["rating"], std::lround(ra));
  EXPECT_TRUE(seeks[0]["rd"].is_number());
  EXPECT_EQ(seeks[0]["provisional"], true);
  auto untimed = bob.post("/api/seeks", {{"game", "togyz"}, {"rules", ""}});
  seeks = http_get(port_, "/api/seeks").body["seeks"];
  ASSERT_EQ(seeks.size(), 2u);
  const json& bobs = seeks[0]["username"] == "bob" ? seeks[0] : seeks[1];
  EXPECT_EQ(bobs["username"], "bob");
  EXPECT_EQ(bobs["rating"], 1500);  // no rating without a clock's speed: the starting one
  ASSERT_EQ(alice.post("/api/seeks/" + std::string(listed.body["id"]) + "/cancel", {{"token", listed.body["token"]}}).status, 200);
  ASSERT_EQ(bob.post("/api/seeks/" + std::string(untimed.body["id"]) + "/cancel", {{"token", untimed.body["token"]}}).status, 200);

  json rated = kQuick;
  rated["rated"] = true;
  auto a = alice.post("/api/pairing", rated);
  ASSERT_EQ(a.status, 202) << a.text;
  auto a_ws = lobby(a.body["token"], alice.cookie());
  auto b = bob.post("/api/pairing", rated);
  ASSERT_EQ(b.status, 202) << "ratings " << ra << " and " << rb << " are too far apart to pair at once";
  auto b_ws = lobby(b.body["token"], bob.cookie());
  advance(30'000);  // window 300 after 30 s: still too narrow
  b_ws->send({{"type", "ping"}, {"id", 2}});
  for (int i = 0; i < 50; ++i) {  // what was pushed before the pong: no game
    auto m = b_ws->read();
    ASSERT_TRUE(m);
    ASSERT_NE((*m)["type"], "game_started") << "paired too early, after 30 s";
    if ((*m)["type"] == "pong") break;
  }
  advance(10'000);  // 350 after 40 s
  auto sa = read_type(*a_ws, "game_started");
  auto sb = read_type(*b_ws, "game_started");
  ASSERT_TRUE(sa);
  ASSERT_TRUE(sb);
  EXPECT_EQ((*sa)["game_id"], (*sb)["game_id"]);
  EXPECT_NE((*sa)["token"], (*sb)["token"]);
  const json st = game((*sa)["game_id"]);
  EXPECT_EQ(st["rated"], true);
  std::set<std::string> names{st["players"][0]["username"], st["players"][1]["username"]};
  EXPECT_EQ(names, (std::set<std::string>{"alice", "bob"}));
  // Both requests are used up.
  EXPECT_EQ(alice.call(http::verb::delete_, "/api/pairing/" + std::string(a.body["id"])).status, 404);
}

// The wait before: nothing paired at 30 s. Checked on its own so that a pairing that came too
// early fails here rather than being read as the one at 40 s.
TEST_F(PairingApiTest, FarRatingsStayUnpairedBeforeTheWindowReachesThem) {
  CookieClient alice = account("alice"), bob = account("bob");
  rated_game_lost_by(alice, bob);
  json rated = kQuick;
  rated["rated"] = true;
  auto a = alice.post("/api/pairing", rated);
  ASSERT_EQ(a.status, 202);
  auto a_ws = lobby(a.body["token"], alice.cookie());
  auto b = bob.post("/api/pairing", rated);
  ASSERT_EQ(b.status, 202);
  auto b_ws = lobby(b.body["token"], bob.cookie());
  advance(39'000);
  // Still waiting: bob can cancel his request (a paired one could not be).
  EXPECT_EQ(bob.call(http::verb::delete_, "/api/pairing/" + std::string(b.body["id"])).status, 200);
  // And a third player near alice's rating pairs with her at once.
  CookieClient carol = account("carol");
  auto c = carol.post("/api/pairing", rated);
  EXPECT_EQ(c.status, 201) << "carol's 1500 is within the window of alice's wait: " << c.text;
}

TEST_F(PairingApiTest, AChallengeIsSeenLiveAndAcceptedOnlyByItsPlayer) {
  CookieClient alice = account("alice"), bob = account("Bob"), carol = account("carol");
  const json terms{{"game", "togyz"}, {"rules", ""}, {"clock", kBlitz}, {"rated", true}, {"color", "white"}};
  json to = terms;
  to["to"] = "nobody";
  auto unknown = alice.post("/api/challenges", to);
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.body["code"], "no_such_player");
  to["to"] = "ALICE";
  auto self = alice.post("/api/challenges", to);
  EXPECT_EQ(self.status, 400);
  EXPECT_EQ(self.body["code"], "challenge_self");
  to["to"] = "bob";  // names compare without regard to case
  auto guest = http_post(port_, "/api/challenges", to);
  EXPECT_EQ(guest.status, 401);
  EXPECT_EQ(guest.body["code"], "not_signed_in");
  EXPECT_EQ(http_get(port_, "/api/challenges").status, 401);

  WsClient bob_ws(port_, "/ws/lobby", bob.cookie());
  auto none = read_type(bob_ws, "challenges");
  ASSERT_TRUE(none);
  EXPECT_TRUE((*none)["incoming"].empty());
  auto sent = alice.post("/api/challenges", to);
  ASSERT_EQ(sent.status, 201) << sent.text;
  const std::string id = sent.body["id"];
  auto alice_ws = lobby(sent.body["token"], alice.cookie());
  std::optional<json> seen;
  for (int i = 0; i < 10 && !(seen && !(*seen)["incoming"].empty()); ++i) seen = read_type(bob_ws, "challenges");
  ASSERT_TRUE(seen && !(*seen)["incoming"].empty()) << "bob's lobby socket did not show the challenge";
  EXPECT_EQ((*seen)["incoming"][0]["id"], id);
  EXPECT_EQ((*seen)["incoming"][0]["from"], "alice");
  EXPECT_EQ((*seen)["incoming"][0]["speed"], "blitz");
  EXPECT_EQ(bob.get("/api/challenges").body["incoming"][0]["id"], id);
  EXPECT_EQ(alice.get("/api/challenges").body["outgoing"][0]["to"], "Bob");
  EXPECT_TRUE(alice.get("/api/challenges").body["incoming"].empty());
  EXPECT_TRUE(carol.get("/api/challenges").body["incoming"].empty());
  EXPECT_TRUE(http_get(port_, "/api/seeks").body["seeks"].empty()) << "a challenge is not listed";

  for (CookieClient* other : {&carol, &alice}) {
    auto r = other->post("/api/challenges/" + id + "/accept");
    EXPECT_EQ(r.status, 403);
    EXPECT_EQ(r.body["code"], "not_your_challenge");
  }
  EXPECT_EQ(carol.post("/api/seeks/" + id + "/accept").body["code"], "no_such_seek");
  EXPECT_EQ(carol.post("/api/challenges/" + id + "/cancel").body["code"], "not_your_challenge");

  auto accepted = bob.post("/api/challenges/" + id + "/accept");
  ASSERT_EQ(accepted.status, 201) << accepted.text;
  EXPECT_EQ(accepted.body["color"], "black");
  auto started = read_type(*alice_ws, "game_started");
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["game_id"], accepted.body["game_id"]);
  const json st = game(accepted.body["game_id"]);
  EXPECT_EQ(st["rated"], true);
  EXPECT_EQ(st["players"][0]["username"], "alice");
  EXPECT_EQ(st["players"][1]["username"], "Bob");
  auto twice = bob.post("/api/challenges/" + id + "/accept");
  EXPECT_EQ(twice.status, 404);
  EXPECT_EQ(twice.body["code"], "no_such_challenge");
  EXPECT_TRUE(bob.get("/api/challenges").body["incoming"].empty());
}

TEST_F(PairingApiTest, AChallengeDeclinedOrCancelled) {
  CookieClient alice = account("alice"), bob = account("bob");
  const json to{{"to", "bob"}, {"game", "capgo"}, {"rules", ""}, {"clock", kBlitz}, {"rated", false}};
  auto first = alice.post("/api/challenges", to);
  ASSERT_EQ(first.status, 201) << first.text;
  auto alice_ws = lobby(first.body["token"], alice.cookie());
  const std::string id = first.body["id"];
  EXPECT_EQ(alice.post("/api/challenges/" + id + "/decline").body["code"], "not_your_challenge");
  ASSERT_EQ(bob.post("/api/challenges/" + id + "/decline").status, 200);
  auto declined = read_type(*alice_ws, "challenge_declined");
  ASSERT_TRUE(declined);
  EXPECT_EQ((*declined)["seek_id"], id);
  EXPECT_EQ((*declined)["to"], "bob");
  EXPECT_EQ(bob.post("/api/challenges/" + id + "/accept").body["code"], "no_such_challenge");

  auto second = alice.post("/api/challenges", to);
  ASSERT_EQ(second.status, 201);
  const std::string id2 = second.body["id"];
  ASSERT_EQ(alice.post("/api/challenges/" + id2 + "/cancel").status, 200);
  EXPECT_EQ(bob.post("/api/challenges/" + id2 + "/accept").body["code"], "no_such_challenge");
  EXPECT_TRUE(bob.get("/api/challenges").body["incoming"].empty());
}

// An account that switched chat off gets no chat lines on its game connections; the other
// player still does.
TEST_F(PairingApiTest, ChatSwitchedOffIsNotPushedToThatAccount) {
  CookieClient alice = account("alice"), bob = account("bob");
  ASSERT_EQ(alice.post("/api/account/settings", {{"chat", false}}).body["chat"], false);
  auto sent = alice.post("/api/challenges", {{"to", "bob"}, {"game", "togyz"}, {"rules", ""}, {"clock", kBlitz}, {"color", "white"}});
  ASSERT_EQ(sent.status, 201);
  auto alice_lobby = lobby(sent.body["token"], alice.cookie());
  auto accepted = bob.post("/api/challenges/" + std::string(sent.body["id"]) + "/accept");
  ASSERT_EQ(accepted.status, 201) << accepted.text;
  auto started = read_type(*alice_lobby, "game_started");
  ASSERT_TRUE(started);
  const std::string game_id = accepted.body["game_id"], white = (*started)["token"], black = accepted.body["token"];
  ASSERT_EQ(bob.post("/api/games/" + game_id + "/chat", {{"token", black}, {"text", "before"}}).status, 200);

  WsClient alice_ws(port_, "/ws/games/" + game_id + "?token=" + white, alice.cookie());
  WsClient bob_ws(port_, "/ws/games/" + game_id + "?token=" + black, bob.cookie());
  auto first_a = read_type(alice_ws, "state");
  auto first_b = read_type(bob_ws, "state");
  ASSERT_TRUE(first_a && first_b);
  EXPECT_TRUE((*first_a)["state"]["chat"].empty()) << "the chat so far is not sent to alice";
  EXPECT_EQ((*first_b)["state"]["chat"].size(), 1u);

  ASSERT_EQ(bob.post("/api/games/" + game_id + "/chat", {{"token", black}, {"text", "hello alice"}}).status, 200);
  auto to_bob = read_type(bob_ws, "chat");
  ASSERT_TRUE(to_bob);
  EXPECT_EQ((*to_bob)["lines"][0]["text"], "hello alice");
  // Alice's connection: the next thing it gets after the chat line is white's move, not the line.
  const json legal = game(game_id)["legal_moves"];
  ASSERT_EQ(alice.post("/api/games/" + game_id + "/moves", {{"token", white}, {"move", legal[0]}}).status, 200);
  for (int i = 0; i < 20; ++i) {
    auto m = alice_ws.read();
    ASSERT_TRUE(m) << "alice's connection got no state after the move";
    ASSERT_NE((*m)["type"], "chat") << m->dump();
    if ((*m)["type"] == "state" && (*m)["state"]["ply"] == 1) break;
  }
}

}  // namespace
}  // namespace oyin::testing
