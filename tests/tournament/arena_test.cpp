// Arena scoring by lichess's published rules (https://lichess.org/tournament/help): 2 a win, 1 a
// draw, double after two wins in a row until a game is not won ("two wins followed by a draw will
// be worth 6 points: 2 + 2 + (2 x 1)"), +1 for a berserk win of at least 7 moves; the pairing of
// waiting players.
#include <gtest/gtest.h>

#include "tournament/arena.h"

namespace oyin::tournament {
namespace {

std::vector<Entrant> field(int n) {
  std::vector<Entrant> out;
  for (int i = 1; i <= n; ++i) out.push_back({i, std::string("P").append(std::to_string(i)), 2000 - 100 * i, true});
  return out;
}

ArenaGame game(int white, int black, double result) { return {white, black, result, false, false, true}; }

TEST(Arena, LichessExampleTwoWinsAndADrawMakeSix) {
  const auto s = arena_scores(field(4), {game(1, 2, 1.0), game(3, 1, 0.0), game(1, 4, 0.5)});
  EXPECT_EQ(s[0].score, 6);
  EXPECT_FALSE(s[0].on_fire) << "the draw ended the streak";
  ASSERT_EQ(s[0].sheet.size(), 3u);
  EXPECT_TRUE(s[0].sheet[2].doubled);
  EXPECT_EQ(s[0].sheet[2].points, 2);
  EXPECT_EQ(s[3].score, 1);
}

TEST(Arena, StreaksDoubleUntilAGameIsNotWonAndBerserkAddsOne) {
  std::vector<ArenaGame> g = {game(1, 2, 1.0), game(1, 3, 1.0), game(1, 4, 1.0), game(1, 2, 0.0), game(1, 3, 1.0)};
  auto s = arena_scores(field(4), g);
  EXPECT_EQ(s[0].score, 2 + 2 + 4 + 0 + 2);
  EXPECT_EQ(s[0].wins, 4);
  g.push_back(game(1, 4, 1.0));                 // a win after a loss: 2, and two wins again
  g.push_back({1, 4, 1.0, true, false, true});  // on fire, berserk: 4 + 1
  s = arena_scores(field(4), g);
  EXPECT_TRUE(s[0].sheet.back().doubled);
  EXPECT_EQ(s[0].sheet.back().points, 5);
  EXPECT_TRUE(s[0].on_fire);
  g.push_back({2, 1, 0.0, false, true, false});  // a berserk win too short: no bonus
  s = arena_scores(field(4), g);
  EXPECT_EQ(s[0].sheet.back().points, 4);
  g.push_back({3, 2, 0.0, true, false, true});  // a berserk loss: nothing
  s = arena_scores(field(4), g);
  EXPECT_EQ(s[2].sheet.back().points, 0);
  const auto rows = arena_standings(field(4), g);
  EXPECT_EQ(rows[0].number, 1);
  EXPECT_EQ(rows[0].rank, 1);
}

TEST(Arena, PairingAvoidsAnImmediateRematchAndBalancesColours) {
  std::vector<ArenaWaiting> w = {{1, 10, 1500, 2, 1, 1}, {2, 9, 1500, 1, -1, -1}, {3, 3, 1500, 0, 0, 0},
                                 {4, 2, 1500, 0, 0, 0}};
  auto pairs = arena_pairings(w);
  ASSERT_EQ(pairs.size(), 2u);
  EXPECT_EQ(pairs[0].white, 3);  // 1 had white more often
  EXPECT_EQ(pairs[0].black, 1);
  EXPECT_EQ(pairs[1].white, 2);
  EXPECT_EQ(pairs[1].black, 4);
  w = {{1, 10, 1500, 2, 0, 0}, {2, 9, 1500, 1, 0, 0}};
  pairs = arena_pairings(w);
  ASSERT_EQ(pairs.size(), 1u) << "no other choice: they meet again";
  w = {{1, 10, 1500, 2, 0, 0}, {2, 9, 1500, 1, 0, 0}, {3, 1, 1500, 0, 0, 0}};
  pairs = arena_pairings(w);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_NE(pairs[0].white + pairs[0].black, 1 + 2) << "one waits rather than 1 and 2 meeting again";
  w = {{1, 5, 1500, 0, 0, 0}, {2, 4, 1500, 0, 0, 0}, {3, 3, 1500, 0, 0, 0}};
  pairs = arena_pairings(w);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].white, 1);
  EXPECT_EQ(pairs[0].black, 2) << "the lowest ranked waits";
}

TEST(Arena, PairingFromTheGamesReadsScoresAndLastOpponents) {
  const std::vector<ArenaGame> g = {game(1, 2, 1.0), game(3, 4, 1.0)};
  const auto pairs = arena_pairings(field(4), g, {1, 2, 3, 4});
  ASSERT_EQ(pairs.size(), 2u);
  for (const auto& p : pairs) {
    EXPECT_FALSE((p.white == 1 && p.black == 2) || (p.white == 2 && p.black == 1));
    EXPECT_FALSE((p.white == 3 && p.black == 4) || (p.white == 4 && p.black == 3));
  }
}

}  // namespace
}  // namespace oyin::tournament
