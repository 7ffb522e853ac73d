// The solver's threat reader answers from the chain liberties it read once per node
// (search/capgo/threats.h); those answers must be exactly the ones the plain tactics
// (search/capgo/tactics.h) give by walking the chains, or the solver's search would change.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/random.h"
#include "games/capgo/game.h"
#include "search/capgo/tactics.h"
#include "search/capgo/threats.h"
#include "search/capgo/mcts_engine.h"

namespace oyin::capgo {
namespace {

// Random games before their first capture on several board sizes, each position checked point by
// point against the plain tactics. Returns how many (point, colour, limit, gone) cases agreed.
int compare_on_random_games(int size, int games) {
  auto rules = *CaptureGo::parse_rules("size=" + std::to_string(size) + ",target=1,pass=0");
  Rng rng(0xC0FFEE + static_cast<std::uint64_t>(size));
  ThreatReader reader;
  int cases = 0;
  for (int g = 0; g < games; ++g) {
    Position pos = CaptureGo::start_position(rules);
    for (int ply = 0; ply < size * size && !is_over(pos); ++ply) {
      reader.compute_libs(pos);
      ThreatReader::Threats walked, read;
      ThreatReader::find_threats(pos, walked);
      reader.find_threats_here(pos, read);
      EXPECT_EQ(read.n, walked.n) << to_text(pos);
      for (int i = 0; i < std::min(read.n, walked.n); ++i) EXPECT_EQ(read.libs[i], walked.libs[i]) << to_text(pos);
      // An empty point next to an empty point (read from bit sets up to 6x6, else not known):
      // a stone there is legal, so the game goes on.
      bool free_point = false;
      for (int p = pos.stride + 1; p < pos.npoints - pos.stride; ++p)
        for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride}) free_point |= pos.color[p] == kEmpty && pos.color[q] == kEmpty;
      EXPECT_EQ(reader.free_point(), pos.npoints <= 64 && free_point) << to_text(pos);
      // With every capture ending the game, a chain in atari is a win for the side to move.
      EXPECT_EQ(reader.any_chain_in_atari(pos, 2 - pos.to_move), capgo_immediate_win(pos) >= 0) << to_text(pos);
      for (int p = pos.stride + 1; p < pos.npoints - pos.stride; ++p) {
        if (pos.color[p] != kEmpty) continue;
        for (int c : {1, 2}) {
          EXPECT_EQ(reader.captured_by(pos, p, c), tactics::captured_by(pos, p, c)) << to_text(pos) << " point " << p;
          if (c == pos.to_move + 1 && is_legal(pos, p)) {
            const int sz = tactics::captured_by(pos, p, c);
            EXPECT_EQ(reader.keeps(pos, walked, p, sz), ThreatReader::kept(pos, walked, p, sz)) << to_text(pos) << " point " << p;
          }
          for (int limit : {2, 3, 4})
            for (int gone : {-1, p - 1, p + 1, p - pos.stride, p + pos.stride}) {
              if (gone >= 0 && pos.color[gone] != kEmpty) continue;
              ++cases;
              EXPECT_EQ(reader.libs_after(pos, p, c, limit, gone), tactics::libs_after(pos, p, c, limit, gone))
                  << to_text(pos) << " point " << p << " colour " << c << " limit " << limit << " gone " << gone;
            }
        }
      }
      if (::testing::Test::HasFailure()) return cases;  // one position's report is enough
      MoveList list;
      generate_moves(pos, list);
      if (list.empty()) break;
      const Move m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
      Undo u;
      capgo::play(pos, m, u);
      if (pos.last_capture != 0) break;
    }
  }
  return cases;
}

TEST(CapgoThreatReader, LibertiesAfterAMoveMatchThePlainTactics) {
  // 6x6 and smaller read bit sets of liberties; 7x7 and up (more than 64 padded points) fall
  // back to the plain tactics, checked here too.
  for (int size : {4, 5, 6, 7}) EXPECT_GT(compare_on_random_games(size, 40), 1000) << size << "x" << size;
}

}  // namespace
}  // namespace oyin::capgo
