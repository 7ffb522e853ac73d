// Perft figures from ../shared/rules/capture-go.md, section "Perft".
#include <gtest/gtest.h>

#include "core/perft.h"
#include "games/capgo/game.h"
#include "support/plain_perft.h"

namespace oyin::capgo {
namespace {

std::uint64_t run_perft(const char* rules_text, int depth) {
  auto rules = CaptureGo::parse_rules(rules_text);
  EXPECT_TRUE(rules.ok()) << rules.error();
  Position p = CaptureGo::start_position(*rules);
  const Position before = p;
  const std::uint64_t n = oyin::perft<CaptureGo>(p, depth);
  EXPECT_TRUE(p == before) << "perft must leave the position as it found it";
  EXPECT_EQ(p.history.size(), 1u);
  return n;
}

TEST(CaptureGoPerft, ThreeByThreeTarget1PassAllowed) {
  const std::uint64_t expected[] = {10, 91, 738, 5225, 32296, 164912};
  for (int d = 1; d <= 6; ++d) EXPECT_EQ(run_perft("size=3,target=1,pass=1", d), expected[d - 1]) << "depth " << d;
}

TEST(CaptureGoPerft, FourByFourTarget1PassAllowed) {
  const std::uint64_t expected[] = {17, 273, 4112, 57872, 759512, 9179832};
  for (int d = 1; d <= 6; ++d) EXPECT_EQ(run_perft("size=4,target=1,pass=1", d), expected[d - 1]) << "depth " << d;
}

TEST(CaptureGoPerft, FourByFourTarget2PassForbidden) {
  const std::uint64_t expected[] = {16, 240, 3360, 43576, 521800, 5693824};
  for (int d = 1; d <= 6; ++d) EXPECT_EQ(run_perft("size=4,target=2,pass=0", d), expected[d - 1]) << "depth " << d;
}

using oyin::testing::plain_perft;

TEST(CaptureGoPerft, FastPathAgreesWithPlainRecursion) {
  for (auto [r, depth] : {std::pair{"size=4,target=2,pass=0", 5}, {"size=3,target=3,pass=1", 5},
                          {"size=5,target=1,pass=0,setup=BC3+WD3", 4}}) {
    Position p = CaptureGo::start_position(*CaptureGo::parse_rules(r));
    for (int d = 1; d <= depth; ++d) EXPECT_EQ(plain_perft<CaptureGo>(p, d), oyin::perft<CaptureGo>(p, d)) << r << " d" << d;
  }
}

TEST(CaptureGoPerft, DivideSumsToTotalInMoveOrder) {
  Position p = CaptureGo::start_position(*CaptureGo::parse_rules("size=3,target=1,pass=1"));
  const auto lines = perft_divide<CaptureGo>(p, 4, 2);
  ASSERT_EQ(lines.size(), 10u);
  std::uint64_t total = 0;
  for (const auto& l : lines) total += l.nodes;
  EXPECT_EQ(total, 5225u);
  EXPECT_EQ(lines[0].move, "A1");
  EXPECT_EQ(lines[4].move, "B2");
  EXPECT_EQ(lines[9].move, "pass");
}

}  // namespace
}  // namespace oyin::capgo
