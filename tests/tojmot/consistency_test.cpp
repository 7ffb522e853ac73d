// The generic random-game consistency check (tests/support) for Tojmot, against the
// play-it-and-look oracle in slow_oracle.h.
#include "games/tojmot/game.h"
#include "support/random_game_consistency.h"
#include "tojmot/slow_oracle.h"

namespace oyin::tojmot {
namespace {

TEST(TojmotConsistency, RandomGamesFromTheStart) {
  oyin::testing::ConsistencyStats stats;
  oyin::testing::check_random_games<Tojmot>(stats, Rules{}, start_position(), 24, 1200, 42,
                                            oyin::testing::SlowTojmot{}, &compute_hash);
  EXPECT_GT(stats.positions, 10000u);
  EXPECT_EQ(stats.finished, 24u) << "random games end (mate, stalemate, draw rules) within 1000 plies";
}

TEST(TojmotConsistency, RandomGamesWithEveryOptionFlipped) {
  Rules r;
  r.own_pieces_in_zone = false;
  r.piece6_both = true;
  oyin::testing::ConsistencyStats stats;
  oyin::testing::check_random_games<Tojmot>(stats, r, start_position(r), 8, 1200, 7,
                                            oyin::testing::SlowTojmot{}, &compute_hash);
  EXPECT_GT(stats.positions, 3000u);
  EXPECT_EQ(stats.finished, 8u);
}

TEST(TojmotConsistency, RandomGamesFromAnEndgame) {
  // Promotions, checks and mates happen often here: few pieces, Romans close to promotion.
  const Rules r;
  auto start = parse_position("w W:1G1,XD12,IIJ12,8F6,4A7 B:1G17,XF8,IIIC5,7N10,3G7 0 30", r);
  ASSERT_TRUE(start.ok()) << start.error();
  oyin::testing::ConsistencyStats stats;
  oyin::testing::check_random_games<Tojmot>(stats, r, *start, 100, 600, 9, oyin::testing::SlowTojmot{},
                                            &compute_hash);
  EXPECT_EQ(stats.finished, 100u);
}

}  // namespace
}  // namespace oyin::tojmot
