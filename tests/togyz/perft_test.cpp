// Perft figures from ../shared/rules/togyz-kumalak.md, section "Perft".
#include <gtest/gtest.h>

#include "core/perft.h"
#include "games/togyz/game.h"
#include "support/plain_perft.h"

namespace oyin::togyz {
namespace {

std::uint64_t perft_fen(const std::string& fen, int depth) {
  auto p = parse_fen(fen);
  EXPECT_TRUE(p.ok()) << p.error();
  return oyin::perft<Togyz>(*p, depth);
}

TEST(TogyzPerft, StartPositionDepth1To8) {
  const std::uint64_t expected[] = {9, 73, 613, 5199, 43184, 360035, 3003052, 25166174};
  Position p = start_position();
  for (int d = 1; d <= 8; ++d) EXPECT_EQ(oyin::perft<Togyz>(p, d), expected[d - 1]) << "depth " << d;
  EXPECT_EQ(p, start_position()) << "perft must leave the position as it found it";
}

using oyin::testing::plain_perft;

TEST(TogyzPerft, FastPathsAgreeWithPlainRecursion) {
  Position p = start_position();
  EXPECT_EQ(plain_perft<Togyz>(p, 6), 360035u);
  for (const char* fen : {"3S,2,t,2S,1S,1S,2/2,1S,1,t,3,2S 77 75 N 40",
                          "1S,1,2S,2,t,1S,1,1S/1S,5,2S,t,1S 79 74 N 40"}) {
    Position q = *parse_fen(fen);
    for (int d = 1; d <= 6; ++d) EXPECT_EQ(plain_perft<Togyz>(q, d), oyin::perft<Togyz>(q, d)) << fen << " d" << d;
  }
}

TEST(TogyzPerft, EndgameVectorA) {
  const std::uint64_t expected[] = {4, 10, 40, 116, 443, 1269, 4587, 12675, 43958, 116808};
  for (int d = 1; d <= 10; ++d)
    EXPECT_EQ(perft_fen("3S,2,t,2S,1S,1S,2/2,1S,1,t,3,2S 77 75 N 40", d), expected[d - 1]) << "depth " << d;
}

TEST(TogyzPerft, EndgameVectorB) {
  const std::uint64_t expected[] = {4, 11, 38, 93, 324, 758, 2647, 6210, 21385, 53257};
  for (int d = 1; d <= 10; ++d)
    EXPECT_EQ(perft_fen("1S,1,2S,2,t,1S,1,1S/1S,5,2S,t,1S 79 74 N 40", d), expected[d - 1]) << "depth " << d;
}

// "The bugs others made": each buggy engine's first wrong figure must not be ours.
TEST(TogyzPerft, BugGuardValuesAreNotProduced) {
  Position p = start_position();
  EXPECT_NE(oyin::perft<Togyz>(p, 2), 72u) << "Kalah-style sowing";
  EXPECT_NE(oyin::perft<Togyz>(p, 4), 5464u) << "tuzdyk optional";
  EXPECT_NE(oyin::perft<Togyz>(p, 5), 43135u) << "tuzdyk allowed on pit 9";
  EXPECT_NE(oyin::perft<Togyz>(p, 5), 43190u) << "single-stone move cannot make a tuzdyk";
  EXPECT_NE(oyin::perft<Togyz>(p, 6), 360045u) << "opposite pit read as mirror";
  EXPECT_NE(oyin::perft<Togyz>(p, 7), 3002828u) << "same-number restriction ignored";
}

TEST(TogyzPerft, DivideSumsToTotal) {
  const auto lines = perft_divide<Togyz>(start_position(), 5, 2);
  ASSERT_EQ(lines.size(), 9u);
  std::uint64_t total = 0;
  for (const auto& l : lines) total += l.nodes;
  EXPECT_EQ(total, 43184u);
  EXPECT_EQ(lines[0].move, "19");  // pit 1: 9 stones, the last lands in White's pit 9
}

}  // namespace
}  // namespace oyin::togyz
