// Knockout: the standard seeding order, byes to the top seeds, a drawn game followed by a second
// with colours swapped and then deciders (the shorter clock), the bracket and its winner.
#include <gtest/gtest.h>

#include "tournament/knockout.h"
#include "tournament/standings.h"

namespace oyin::tournament {
namespace {

std::vector<Entrant> field(int n) {
  std::vector<Entrant> out;
  for (int i = 1; i <= n; ++i) out.push_back({i, std::string("P").append(std::to_string(i)), 2000 - i, true});
  return out;
}

TEST(Knockout, StandardSeedingOrder) {
  EXPECT_EQ(seeding_order(2), (std::vector<int>{1, 2}));
  EXPECT_EQ(seeding_order(8), (std::vector<int>{1, 8, 4, 5, 2, 7, 3, 6}));
  EXPECT_EQ(seeding_order(16), (std::vector<int>{1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11}));
}

// Six players: a bracket of 8, seeds 1 and 2 have byes; 4-5 draws twice and 4 wins the decider.
TEST(Knockout, ByesDrawsDecidersAndTheWinner) {
  const auto f = field(6);
  std::vector<Pairing> played;
  auto next = knockout_next_games(f, played);
  ASSERT_EQ(next.size(), 2u);
  EXPECT_EQ(next[0].white, 4);
  EXPECT_EQ(next[0].black, 5);
  EXPECT_EQ(next[0].game_in_match, 1);
  EXPECT_FALSE(next[0].decider);
  EXPECT_EQ(next[1].white, 3);
  EXPECT_EQ(knockout_advanced(f, played, 1), (std::vector<int>{1, 2}));  // the byes
  played = {{1, 4, 5, 0.5, false}, {1, 3, 6, 1.0, false}};
  next = knockout_next_games(f, played);
  ASSERT_EQ(next.size(), 2u);  // 4-5 game 2, and 1-3? no: 1 waits for 4-5; 2 meets 3
  EXPECT_EQ(next[0].white, 5);
  EXPECT_EQ(next[0].game_in_match, 2);
  EXPECT_EQ(next[1].round, 2);
  EXPECT_EQ(next[1].white, 2);
  EXPECT_EQ(next[1].black, 3);
  played.push_back({1, 5, 4, 0.5, false});
  next = knockout_next_games(f, played);
  EXPECT_EQ(next[0].game_in_match, 3);
  EXPECT_TRUE(next[0].decider);
  EXPECT_EQ(next[0].white, 4);
  played.push_back({1, 4, 5, 1.0, false});
  played.push_back({2, 2, 3, 0.0, false});  // 3 beats 2
  EXPECT_EQ(knockout_advanced(f, played, 1), (std::vector<int>{1, 4, 2, 3}));
  EXPECT_EQ(knockout_advanced(f, played, 2), (std::vector<int>{3}));
  played.push_back({2, 1, 4, 1.0, false});
  next = knockout_next_games(f, played);
  ASSERT_EQ(next.size(), 1u);
  EXPECT_EQ(next[0].round, 3);
  EXPECT_EQ(next[0].white, 1);
  EXPECT_EQ(next[0].black, 3);
  EXPECT_EQ(knockout_winner(f, played), 0);
  played.push_back({3, 1, 3, 0.0, false});
  EXPECT_EQ(knockout_winner(f, played), 3);
  EXPECT_TRUE(knockout_next_games(f, played).empty());
  const Bracket b = knockout_bracket(f, played);
  ASSERT_EQ(b.rounds.size(), 3u);
  EXPECT_TRUE(b.rounds[0][0].bye());
  EXPECT_EQ(b.rounds[0][1].games.size(), 3u);
  EXPECT_EQ(b.rounds[0][1].a_score, 2.0);
  const auto rows = standings(f, played, Format::knockout);
  EXPECT_EQ(rows[0].number, 3);
  EXPECT_EQ(rows[0].rank, 1);
  EXPECT_EQ(rows[1].number, 1);
  EXPECT_EQ(rows[1].rank, 2);
  EXPECT_EQ(rows[2].number, 4);  // semi-final losers: 4 won a match, 2 had a bye
  EXPECT_EQ(rows[2].rank, 3);
  EXPECT_EQ(rows[3].number, 2);
  EXPECT_EQ(rows[3].rank, 4);
}

TEST(Knockout, PowerOfTwoFieldsHaveNoByesAndOnePlayerWinsAtOnce) {
  const auto next = knockout_next_games(field(4), {});
  ASSERT_EQ(next.size(), 2u);
  EXPECT_EQ(next[0].white, 1);
  EXPECT_EQ(next[0].black, 4);
  EXPECT_EQ(next[1].white, 2);
  EXPECT_EQ(next[1].black, 3);
  EXPECT_EQ(knockout_winner(field(1), {}), 1);
  EXPECT_EQ(knockout_bracket({}, {}).rounds.size(), 0u);
}

}  // namespace
}  // namespace oyin::tournament
