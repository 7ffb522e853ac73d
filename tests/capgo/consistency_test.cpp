// The generic random-game consistency check (tests/support) for capture Go, against the
// flood-fill referee in slow_oracle.h, over board sizes, targets, both pass settings and setups.
#include "capgo/slow_oracle.h"
#include "support/random_game_consistency.h"

namespace oyin::capgo {
namespace {

struct Case {
  const char* rules;
  int games, max_plies;
  std::size_t min_finished;
};

void run(const Case& c, std::uint64_t seed) {
  SCOPED_TRACE(c.rules);
  auto rules = CaptureGo::parse_rules(c.rules);
  ASSERT_TRUE(rules.ok()) << rules.error();
  oyin::testing::ConsistencyStats stats;
  oyin::testing::check_random_games<CaptureGo>(stats, *rules, CaptureGo::start_position(*rules), c.games, c.max_plies,
                                               seed, oyin::testing::SlowCaptureGo{}, &compute_hash);
  EXPECT_GE(stats.finished, c.min_finished) << "games must reach their end so the end paths are exercised";
  EXPECT_GT(stats.positions, static_cast<std::size_t>(c.games) * 3);
}

TEST(CaptureGoConsistency, SmallBoardsFirstCaptureWins) {
  run({"size=2,target=1", 300, 100, 300}, 1);
  run({"size=3,target=1", 300, 100, 300}, 2);
  run({"size=4,target=1,pass=0", 300, 100, 300}, 3);
}

// Higher targets and no target: long games with many captures, so superko matters.
TEST(CaptureGoConsistency, HighTargetsAndOrdinaryGo) {
  run({"size=3,target=5,pass=0", 300, 200, 290}, 4);
  run({"size=4,target=8", 200, 300, 150}, 5);
  run({"size=5,target=0", 60, 300, 0}, 6);
  run({"size=2,target=0,pass=0", 300, 100, 290}, 7);
}

TEST(CaptureGoConsistency, PerColourTargetsAndSetup) {
  run({"size=6,target=1,pass=0,setup=BC4+BD3+WC3+WD4", 200, 200, 200}, 8);
  run({"size=5,target_b=3,target_w=1,setup=BC3", 200, 200, 190}, 9);
}

}  // namespace
}  // namespace oyin::capgo
