// Wins in 1 and 2 moves in Togyz Kumalak (a kazan passing 81, or atsyrau), found by brute force
// in mate_suite.h and solved by the search.
#include "games/togyz/game.h"
#include "search/mate_suite.h"
#include "search/togyz_positions.h"

namespace oyin::togyz {
namespace {

TEST(TogyzMates, ThirtyWinsInOneAndTwoAreSolved) {
  Rng rng(77);
  const auto st = oyin::testing::run_mate_suite<Togyz>(
      [&] { return oyin::testing::random_endgame(rng, 8 + static_cast<int>(rng.below(20))); }, 15, 15, 20000);
  EXPECT_EQ(st.in_one, 15);
  EXPECT_EQ(st.in_two, 15);
}

}  // namespace
}  // namespace oyin::togyz
