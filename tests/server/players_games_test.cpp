// People's rated games enter the game base as they end (server/knowledge/players_games.h), over
// real HTTP against `oyin serve --clock manual`: a rated game between two accounts is found in
// GET /api/base under the source "players" with the names, the ratings the players brought and
// the clock, and the explorer counts its moves; unrated games and games shorter than ten plies
// stay out.
#include <gtest/gtest.h>

#include <thread>

#include "server/account_client.h"
#include "server/manual_clock_server.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

class PlayersGamesTest : public ManualClockServerTest {
 protected:
  PlayersGamesTest() : ManualClockServerTest("oyin_players_games_") {}
  CookieClient account(const std::string& name) { return signed_up_account(port_, name); }
  struct Game {
    std::string id, white, black;
    std::vector<std::string> moves;
  };
  // An online Togyz game of `creator` (White) and `other` (Black) on a 180+2 clock: `plies`
  // first legal moves, then Black resigns.
  Game play(CookieClient& creator, CookieClient& other, bool rated, int plies) {
    const auto r = creator.post("/api/games", {{"game", "togyz"}, {"mode", "online"}, {"color", "white"}, {"rated", rated},
                                               {"clock", {{"initial_s", 180}, {"increment_s", 2}}}});
    EXPECT_EQ(r.status, 201) << r.text;
    const std::string invite = r.body.value("invite", "");
    Game g{r.body.value("id", ""), r.body["seat"].value("token", ""), invite.substr(invite.rfind('/') + 1), {}};
    for (int ply = 0; ply < plies; ++ply) {
      CookieClient& mover = ply % 2 ? other : creator;
      const json st = mover.get("/api/games/" + g.id).body;
      const std::string move = st["legal_moves"][0];
      const auto m = mover.post("/api/games/" + g.id + "/moves", {{"token", ply % 2 ? g.black : g.white}, {"move", move}});
      EXPECT_EQ(m.status, 200) << m.text;
      g.moves.push_back(m.body["moves"].back());
    }
    const auto resigned = other.post("/api/games/" + g.id + "/resign", {{"token", g.black}});
    EXPECT_EQ(resigned.status, 200) << resigned.text;
    EXPECT_EQ(resigned.body["result"], "1-0");
    return g;
  }
  json base(const std::string& query) {
    const auto r = http_get(port_, "/api/base?game=togyz" + query);
    EXPECT_EQ(r.status, 200) << r.text;
    return r.body;
  }
};

TEST_F(PlayersGamesTest, ARatedGameOfTwoPeopleEntersTheBaseWithTheirNamesAndRatings) {
  CookieClient alice = account("Alice");
  CookieClient bob = account("bob");
  EXPECT_EQ(base("")["sources"], json::array());
  const Game g = play(alice, bob, true, 10);
  ASSERT_TRUE(wait_until([&] { return base("&source=players")["total"] == 1; })) << base("").dump();
  const json answer = base("&source=players");
  EXPECT_EQ(answer["sources"], json::array({"players"}));
  const json& row = answer["games"][0];
  EXPECT_EQ(row["white"], "Alice");
  EXPECT_EQ(row["black"], "bob");
  EXPECT_EQ(row["white_elo"], 1500);  // the ratings they brought, not the ones they left with
  EXPECT_EQ(row["black_elo"], 1500);
  EXPECT_EQ(row["result"], "1-0");
  EXPECT_EQ(row["event"], "oyin rated game");
  EXPECT_EQ(row["time_control"], "180+2");
  EXPECT_EQ(row["plies"], 10);
  EXPECT_EQ(row["source"], "players");
  // The explorer counts its first move, as White's win.
  const auto e = http_get(port_, "/api/explorer?game=togyz&source=players");
  ASSERT_EQ(e.status, 200) << e.text;
  ASSERT_EQ(e.body["moves"].size(), 1u) << e.body.dump();
  EXPECT_EQ(e.body["moves"][0]["move"], g.moves[0]);
  EXPECT_EQ(e.body["moves"][0]["first_wins"], 1);
  // Opened from the base, it replays the same moves.
  const auto review = alice.post("/api/base/" + row["id"].get<std::string>() + "/review", json::object());
  ASSERT_EQ(review.status, 201) << review.text;
  EXPECT_EQ(http_get(port_, "/api/games/" + review.body["id"].get<std::string>()).body["moves"], json(g.moves));
}

TEST_F(PlayersGamesTest, UnratedAndShortGamesStayOut) {
  CookieClient alice = account("Alice");
  CookieClient bob = account("bob");
  play(alice, bob, false, 12);  // unrated
  play(alice, bob, true, 9);    // one ply short
  // A game that does go in, after them: once it is there, they have been looked at.
  play(alice, bob, true, 10);
  ASSERT_TRUE(wait_until([&] { return base("")["total"] == 1; })) << base("").dump();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const json answer = base("");
  ASSERT_EQ(answer["total"], 1) << answer.dump();
  EXPECT_EQ(answer["games"][0]["plies"], 10);
}

}  // namespace
}  // namespace oyin::testing
