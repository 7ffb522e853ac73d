// Games between accounts and their ratings over real HTTP, against `oyin serve --clock manual`:
// who may create and join a rated game, the seats' players in the state, Glicko-2 at the end of a
// rated game (by resignation and by a fallen flag), the player page, the leaderboard's order, and
// the hall of fame's first win against a computer level.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "server/account_client.h"
#include "server/manual_clock_server.h"
#include "server/ratings/glicko2.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

long rounded(double v) { return std::lround(v); }

class RatingsApiTest : public ManualClockServerTest {
 protected:
  RatingsApiTest() : ManualClockServerTest("oyin_ratings_api_") {}
  CookieClient account(const std::string& name) { return signed_up_account(port_, name); }
  struct Game {
    std::string id, white, black;  // the game and its two seat tokens
    json state;
  };
  // A rated online Togyz game created by `creator` as White.
  Game rated_game(CookieClient& creator, int initial_s = 180, int increment_s = 2) {
    const auto r = creator.post("/api/games", {{"game", "togyz"}, {"mode", "online"}, {"color", "white"}, {"rated", true},
                                               {"clock", {{"initial_s", initial_s}, {"increment_s", increment_s}}}});
    EXPECT_EQ(r.status, 201) << r.text;
    const std::string invite = r.body.value("invite", "");
    return {r.body.value("id", ""), r.body["seat"].value("token", ""), invite.substr(invite.rfind('/') + 1), r.body["state"]};
  }
  static HttpResult act(CookieClient& c, const Game& g, const std::string& what, const std::string& token,
                        const std::string& move = "") {
    json body{{"token", token}};
    if (!move.empty()) body["move"] = move;
    return c.post("/api/games/" + g.id + "/" + what, body);
  }
  // Plays the first legal move for whoever holds `token`.
  static HttpResult play_any(CookieClient& c, const Game& g, const std::string& token) {
    const json st = c.get("/api/games/" + g.id).body;
    return act(c, g, "moves", token, st["legal_moves"][0]);
  }
  json state(const Game& g) { return http_get(port_, "/api/games/" + g.id).body; }
};

TEST_F(RatingsApiTest, WhoMayPlayARatedGame) {
  const json online_blitz{{"game", "togyz"}, {"mode", "online"}, {"rated", true}, {"clock", {{"initial_s", 180}, {"increment_s", 2}}}};
  auto guest = http_post(port_, "/api/games", online_blitz);
  EXPECT_EQ(guest.status, 401);
  EXPECT_EQ(guest.body["code"], "not_signed_in");
  CookieClient alice = account("Alice");
  for (const json& bad : {json{{"game", "togyz"}, {"mode", "online"}, {"rated", true}},
                          json{{"game", "togyz"}, {"mode", "hotseat"}, {"rated", true}, {"clock", {{"initial_s", 180}}}},
                          json{{"game", "togyz"}, {"mode", "online"}, {"rated", true}, {"position", "3S,2,t,2S,1S,1S,2/2,1S,1,t,3,2S 77 75 N 40"},
                               {"clock", {{"initial_s", 180}}}}}) {
    const auto r = alice.post("/api/games", bad);
    EXPECT_EQ(r.status, 400) << bad.dump();
    EXPECT_EQ(r.body["code"], "bad_rated") << bad.dump();
  }
  EXPECT_EQ(alice.post("/api/games", {{"game", "togyz"}, {"mode", "online"}, {"rated", "yes"}}).body["code"], "field_type");

  Game g = rated_game(alice);
  EXPECT_EQ(g.state["rated"], true);
  EXPECT_EQ(g.state["players"], (json{{{"username", "Alice"}, {"rating", 1500}, {"provisional", true}},
                                      {{"username", nullptr}, {"rating", nullptr}, {"provisional", false}}}));
  EXPECT_EQ(g.state["rating_change"], nullptr);
  ASSERT_EQ(play_any(alice, g, g.white).status, 200);
  // The free seat is for another signed-in player: not a guest, not Alice herself.
  CookieClient nobody(port_);
  const auto as_guest = play_any(nobody, g, g.black);
  EXPECT_EQ(as_guest.status, 401);
  EXPECT_EQ(as_guest.body["code"], "not_signed_in");
  const auto as_alice = play_any(alice, g, g.black);
  EXPECT_EQ(as_alice.status, 403);
  EXPECT_EQ(as_alice.body["code"], "same_player");
  CookieClient bob = account("bob");
  const auto joined = play_any(bob, g, g.black);
  ASSERT_EQ(joined.status, 200) << joined.text;
  EXPECT_EQ(joined.body["players"][1], (json{{"username", "bob"}, {"rating", 1500}, {"provisional", true}}));
  EXPECT_EQ(state(g)["players"][1]["username"], "bob");
  // Once taken, the seat is bob's: the token still works for whoever holds it, the account stays.
  ASSERT_EQ(play_any(alice, g, g.white).status, 200);
  CookieClient carol = account("carol");
  ASSERT_EQ(play_any(carol, g, g.black).status, 200);
  EXPECT_EQ(state(g)["players"][1]["username"], "bob");
  EXPECT_EQ(act(alice, g, "undo", g.white).body["code"], "undo_online");

  // A casual game's free seat is taken by whoever signed in acts on it; a guest leaves it free.
  auto casual = alice.post("/api/games", {{"game", "togyz"}, {"mode", "online"}, {"color", "white"}});
  ASSERT_EQ(casual.status, 201);
  EXPECT_EQ(casual.body["state"]["rated"], false);
  const std::string invite = casual.body["invite"];
  Game c{casual.body["id"], casual.body["seat"]["token"], invite.substr(invite.rfind('/') + 1), casual.body["state"]};
  ASSERT_EQ(play_any(alice, c, c.white).status, 200);
  ASSERT_EQ(play_any(nobody, c, c.black).status, 200);
  EXPECT_EQ(state(c)["players"][1]["username"], nullptr);
  ASSERT_EQ(play_any(alice, c, c.white).status, 200);
  ASSERT_EQ(play_any(carol, c, c.black).status, 200);
  EXPECT_EQ(state(c)["players"][1]["username"], "carol");
  EXPECT_EQ(state(c)["players"][1]["rating"], nullptr);  // an untimed game shows no rating
}

TEST_F(RatingsApiTest, RatingsMoveByGlicko2AfterAResignationAndAFallenFlag) {
  CookieClient alice = account("Alice");
  CookieClient bob = account("bob");
  // Game 1: bob resigns after three plies.
  Game g = rated_game(alice);
  ASSERT_EQ(play_any(alice, g, g.white).status, 200);
  ASSERT_EQ(play_any(bob, g, g.black).status, 200);
  ASSERT_EQ(play_any(alice, g, g.white).status, 200);
  const auto resigned = act(bob, g, "resign", g.black);
  ASSERT_EQ(resigned.status, 200) << resigned.text;
  EXPECT_EQ(resigned.body["result"], "1-0");
  const ratings::Rating fresh;
  const ratings::Result won1[] = {{fresh, 1.0}}, lost1[] = {{fresh, 0.0}};
  const ratings::Rating a1 = ratings::update(fresh, won1), b1 = ratings::update(fresh, lost1);
  EXPECT_EQ(resigned.body["rating_change"],
            (json{{{"before", 1500}, {"after", rounded(a1.rating)}, {"delta", rounded(a1.rating - 1500)}},
                  {{"before", 1500}, {"after", rounded(b1.rating)}, {"delta", rounded(b1.rating - 1500)}}}));
  EXPECT_EQ(state(g)["rating_change"], resigned.body["rating_change"]);
  EXPECT_EQ(state(g)["players"][0]["rating"], rounded(a1.rating));

  // Game 2, same speed (blitz): bob's flag falls; both start from their ratings after game 1.
  Game g2 = rated_game(alice);
  WsClient watcher(port_, "/ws/games/" + g2.id);
  ASSERT_TRUE(watcher.read_state_at(0));
  ASSERT_EQ(play_any(alice, g2, g2.white).status, 200);
  ASSERT_EQ(play_any(bob, g2, g2.black).status, 200);
  ASSERT_EQ(play_any(alice, g2, g2.white).status, 200);
  advance(181'000);  // black's 180 s run out: the server's timer ends the game
  const json ended = state(g2);
  EXPECT_EQ(ended["result"], "1-0");
  EXPECT_EQ(ended["end"]["code"], "time");
  const ratings::Result won2[] = {{b1, 1.0}}, lost2[] = {{a1, 0.0}};
  const ratings::Rating a2 = ratings::update(a1, won2), b2 = ratings::update(b1, lost2);
  EXPECT_EQ(ended["rating_change"],
            (json{{{"before", rounded(a1.rating)}, {"after", rounded(a2.rating)}, {"delta", rounded(a2.rating - a1.rating)}},
                  {{"before", rounded(b1.rating)}, {"after", rounded(b2.rating)}, {"delta", rounded(b2.rating - b1.rating)}}}));
  // The push that announced the end carried the change too.
  std::optional<json> pushed;
  for (int i = 0; i < 20 && !pushed; ++i) {
    auto m = watcher.read();
    ASSERT_TRUE(m);
    if ((*m)["type"] == "state" && (*m)["state"]["status"] == "finished") pushed = (*m)["state"];
  }
  ASSERT_TRUE(pushed);
  EXPECT_EQ((*pushed)["rating_change"], ended["rating_change"]);

  // The player page.
  const auto page = http_get(port_, "/api/players/ALICE");
  ASSERT_EQ(page.status, 200) << page.text;
  EXPECT_EQ(page.body["username"], "Alice");
  ASSERT_EQ(page.body["ratings"].size(), 1u);
  const json& r = page.body["ratings"][0];
  EXPECT_EQ(r["game"], "togyz");
  EXPECT_EQ(r["speed"], "blitz");
  EXPECT_EQ(r["rating"], rounded(a2.rating));
  EXPECT_EQ(r["rd"], rounded(a2.deviation));
  EXPECT_NEAR(r["volatility"].get<double>(), a2.volatility, 1e-9);
  EXPECT_EQ(r["provisional"], true);
  EXPECT_EQ(r["games"], 2);
  EXPECT_EQ(page.body["counts"], (json{{"games", 2}, {"wins", 2}, {"losses", 0}, {"draws", 0}}));
  ASSERT_EQ(page.body["recent"].size(), 2u);
  const json& last = page.body["recent"][0];
  EXPECT_EQ(last["id"], g2.id);
  EXPECT_EQ(last["game"], "togyz");
  EXPECT_EQ(last["speed"], "blitz");
  EXPECT_EQ(last["rated"], true);
  EXPECT_EQ(last["opponent"], "bob");
  EXPECT_EQ(last["color"], "white");
  EXPECT_EQ(last["result"], "win");
  EXPECT_EQ(last["reason"], "black ran out of time");
  EXPECT_EQ(last["delta"], rounded(a2.rating - a1.rating));
  EXPECT_EQ(last["delta"], ended["rating_change"][0]["delta"]);  // the same number as the result dialog's
  EXPECT_EQ(page.body["recent"][1]["reason"], "black resigned");
  ASSERT_EQ(page.body["history"].size(), 2u);
  EXPECT_EQ(page.body["history"][0]["rating"], rounded(a1.rating));
  EXPECT_EQ(page.body["history"][1]["rating"], rounded(a2.rating));
  const auto bobs = http_get(port_, "/api/players/bob");
  EXPECT_EQ(bobs.body["counts"], (json{{"games", 2}, {"wins", 0}, {"losses", 2}, {"draws", 0}}));
  EXPECT_EQ(bobs.body["recent"][0]["result"], "loss");
  EXPECT_EQ(bobs.body["recent"][0]["color"], "black");
  EXPECT_EQ(bobs.body["ratings"][0]["rating"], rounded(b2.rating));
  const auto missing = http_get(port_, "/api/players/nobody_at_all");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.body["code"], "no_such_player");
}

TEST_F(RatingsApiTest, LeaderboardListsEstablishedRatingsFirst) {
  CookieClient alice = account("Alice");
  CookieClient bob = account("bob");
  CookieClient carol = account("carol");
  CookieClient dave = account("dave");
  // Alice and bob play until both ratings are established (RD <= 110), Alice winning two of three.
  bool established = false;
  for (int i = 0; i < 40 && !established; ++i) {
    Game g = rated_game(alice);
    const bool alice_loses = i % 3 == 2;
    // Each seat's player is bound by their first action: both move before one resigns.
    ASSERT_EQ(play_any(alice, g, g.white).status, 200);
    ASSERT_EQ(play_any(bob, g, g.black).status, 200);
    const auto r = alice_loses ? act(alice, g, "resign", g.white) : act(bob, g, "resign", g.black);
    ASSERT_EQ(r.status, 200) << r.text;
    const json board = http_get(port_, "/api/leaderboard/togyz?speed=blitz").body;
    established = board["players"].size() == 2 && board["players"][1]["rank"] == 2;
  }
  ASSERT_TRUE(established);
  Game g = rated_game(carol);
  ASSERT_EQ(act(dave, g, "resign", g.black).status, 200);
  const auto r = http_get(port_, "/api/leaderboard/togyz?speed=blitz");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["game"], "togyz");
  EXPECT_EQ(r.body["speed"], "blitz");
  const json& p = r.body["players"];
  ASSERT_EQ(p.size(), 4u);
  EXPECT_EQ(p[0]["username"], "Alice");
  EXPECT_EQ(p[0]["rank"], 1);
  EXPECT_EQ(p[1]["username"], "bob");
  EXPECT_EQ(p[1]["rank"], 2);
  EXPECT_GT(p[0]["rating"], p[1]["rating"]);
  EXPECT_LE(p[0]["rd"], 110);
  EXPECT_LE(p[1]["rd"], 110);
  EXPECT_EQ(p[0]["games"], p[1]["games"]);
  // Provisional ratings come after, unranked, highest first: carol won, dave lost.
  EXPECT_EQ(p[2]["username"], "carol");
  EXPECT_EQ(p[2]["rank"], nullptr);
  EXPECT_EQ(p[2]["provisional"], true);
  EXPECT_EQ(p[3]["username"], "dave");
  EXPECT_GT(p[2]["rating"], 1500);
  EXPECT_LT(p[3]["rating"], 1500);
  ASSERT_EQ(r.body["computer"].size(), 11u);
  for (int level = 0; level <= 10; ++level) EXPECT_EQ(r.body["computer"][level]["level"], level);
  EXPECT_EQ(r.body["first_beaten"], json::array());
  // Other speeds have their own boards; the default one is blitz.
  EXPECT_EQ(http_get(port_, "/api/leaderboard/togyz?speed=bullet").body["players"], json::array());
  EXPECT_EQ(http_get(port_, "/api/leaderboard/togyz").body["players"], p);
  EXPECT_EQ(http_get(port_, "/api/leaderboard/togyz?speed=fast").body["code"], "bad_speed");
  EXPECT_EQ(http_get(port_, "/api/leaderboard/chess").status, 404);
}

// A signed-in player beats the computer at level 0 on a clock (the test's moves come from
// another server's analysis): the hall of fame records it, and the player's rating in the pool of
// games against the computer moves against the level's fixed rating while the computer's stays.
TEST_F(RatingsApiTest, FirstWinAgainstAComputerLevel) {
  CookieClient erlan = account("Erlan");
  const json meta_level0 = http_get(port_, "/api/leaderboard/togyz?speed=rapid").body["computer"][0];
  EXPECT_EQ(meta_level0["level"], 0);
  const int level0 = meta_level0["rating"];
  const auto created = erlan.post("/api/games", {{"game", "togyz"}, {"mode", "ai"}, {"level", 0}, {"color", "white"},
                                                 {"clock", {{"initial_s", 600}, {"increment_s", 5}}}});
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string id = created.body["id"], token = created.body["seat"]["token"];
  EXPECT_EQ(created.body["state"]["rated"], true);
  ServerProcess adviser(db_ + ".adviser.sqlite");
  ASSERT_TRUE(adviser.start());
  EXPECT_EQ(created.body["state"]["players"][1], (json{{"username", nullptr}, {"computer_level", 0}, {"rating", level0},
                                                       {"provisional", false}}));
  json st;
  for (int move = 0; move < 300; ++move) {
    // White's turn (the computer has replied), or the end.
    ASSERT_TRUE(wait_until([&] {
      st = erlan.get("/api/games/" + id + "?token=" + token).body;
      return st["status"] == "finished" || st["to_move"] == "white";
    })) << "no computer reply: " << st.dump();
    if (st["status"] == "finished") break;
    // This server refuses to analyse a rated game in play: the moves come from another one.
    const auto best = http_post(adviser.port(), "/api/analysis", {{"game", "togyz"}, {"position", st["position"]}, {"movetime", 30}});
    ASSERT_EQ(best.status, 200) << best.text;
    const auto moved = erlan.post("/api/games/" + id + "/moves", {{"move", best.body["bestmove"]}, {"token", token}});
    ASSERT_EQ(moved.status, 200) << moved.text;
  }
  ASSERT_EQ(st["status"], "finished");
  ASSERT_EQ(st["result"], "1-0") << st["reason"];
  const ratings::Result won[] = {{{static_cast<double>(level0), 60, 0.06}, 1.0}};
  const ratings::Rating after = ratings::update(ratings::Rating{}, won);
  EXPECT_EQ(st["rating_change"], (json{{{"before", 1500}, {"after", rounded(after.rating)}, {"delta", rounded(after.rating - 1500)}},
                                       nullptr}));
  EXPECT_EQ(st["players"][1]["rating"], level0);  // the computer's rating does not move
  // Games against the computer have a pool of their own: none of the speeds that pair people.
  EXPECT_EQ(http_get(port_, "/api/leaderboard/togyz?speed=rapid").body["players"], json::array());
  const json board = http_get(port_, "/api/leaderboard/togyz?speed=computer").body;
  ASSERT_EQ(board["first_beaten"].size(), 1u);
  EXPECT_EQ(board["first_beaten"][0]["level"], 0);
  EXPECT_EQ(board["first_beaten"][0]["username"], "Erlan");
  EXPECT_EQ(board["first_beaten"][0]["game_id"], id);
  EXPECT_EQ(board["players"][0]["username"], "Erlan");
  EXPECT_EQ(board["computer"][0]["rating"], level0);
  const json page = http_get(port_, "/api/players/erlan").body;
  EXPECT_EQ(page["recent"][0]["computer_level"], 0);
  EXPECT_EQ(page["recent"][0]["opponent"], nullptr);
  EXPECT_EQ(page["recent"][0]["result"], "win");
  ASSERT_EQ(page["ratings"].size(), 1u);
  EXPECT_EQ(page["ratings"][0]["speed"], "computer");
}

}  // namespace
}  // namespace oyin::testing
