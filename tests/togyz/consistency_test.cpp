// The generic random-game consistency check (tests/support) for Togyz Kumalak, against the
// one-stone-at-a-time oracle in slow_oracle.h.
#include "games/togyz/game.h"
#include "support/random_game_consistency.h"
#include "togyz/slow_oracle.h"

namespace oyin::togyz {
namespace {

TEST(TogyzConsistency, ThousandsOfRandomGamesFromTheStart) {
  oyin::testing::ConsistencyStats stats;
  oyin::testing::check_random_games<Togyz>(stats, Rules{}, start_position(), 2000, 400, 42,
                                           oyin::testing::SlowTogyz{}, &compute_hash);
  EXPECT_GT(stats.positions, 100000u);
  EXPECT_GT(stats.finished, 1900u) << "random games should nearly always end within 400 plies";
}

TEST(TogyzConsistency, RandomGamesFromTheEndgameVectors) {
  for (const char* fen : {"3S,2,t,2S,1S,1S,2/2,1S,1,t,3,2S 77 75 N 40",
                          "1S,1,2S,2,t,1S,1,1S/1S,5,2S,t,1S 79 74 N 40"}) {
    oyin::testing::ConsistencyStats stats;
    oyin::testing::check_random_games<Togyz>(stats, Rules{}, *parse_fen(fen), 500, 200, 7,
                                             oyin::testing::SlowTogyz{}, &compute_hash);
    EXPECT_EQ(stats.finished, 500u) << fen;
  }
}

}  // namespace
}  // namespace oyin::togyz
