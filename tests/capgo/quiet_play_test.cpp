// play_quiet() (games/capgo/board.h): a stone that captures nothing, taken back from a small
// record. It must leave exactly what play() leaves, and undo_quiet() exactly what was there.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "core/random.h"
#include "games/capgo/game.h"

namespace oyin::capgo {
namespace {

// Every field a later move or reading can see: the stones, each stone's chain (head, list and
// counters), the keys, the history and the counters.
void expect_same(const Position& a, const Position& b, const std::string& where) {
  ASSERT_TRUE(a == b) << where;
  ASSERT_EQ(a.history, b.history) << where;
  ASSERT_EQ(a.seen, b.seen) << where;
  ASSERT_EQ(a.last_capture, b.last_capture) << where;
  for (int p = 0; p < a.npoints; ++p) {
    if (a.color[p] != kBlack && a.color[p] != kWhite) continue;
    ASSERT_EQ(a.head[p], b.head[p]) << where << " point " << p;
    ASSERT_EQ(a.next[p], b.next[p]) << where << " point " << p;
    if (a.head[p] != p) continue;
    const Chain &x = a.chain[p], &y = b.chain[p];
    ASSERT_TRUE(x.libs == y.libs && x.stones == y.stones && x.lib_sum == y.lib_sum && x.lib_sq == y.lib_sq && x.key == y.key)
        << where << " chain " << p;
  }
}

TEST(CaptureGoQuietPlay, SameAsPlayAndTakenBackExactly) {
  Rng rng(7);
  int quiet = 0, refused = 0;
  for (int size : {5, 6, 9}) {
    auto rules = *CaptureGo::parse_rules("size=" + std::to_string(size) + ",target=20,pass=0");
    for (int game = 0; game < 30; ++game) {
      Position pos = CaptureGo::start_position(rules);
      for (int ply = 0; ply < 2 * size * size && !is_over(pos); ++ply) {
        MoveList list;
        generate_moves(pos, list);
        // Every legal move of this position, quietly where it captures nothing.
        for (const Move m : list) {
          const std::string where = to_text(pos) + " move " + std::to_string(m.point);
          const Position before = pos;
          Position played = pos;
          Undo u;
          const int captured = capgo::play(played, m, u);
          QuietUndo q;
          if (!play_quiet(pos, m.point, q)) {
            ++refused;
            ASSERT_GT(captured, 0) << where;  // refused only a capture
            expect_same(pos, before, where + " (refused)");
            if (::testing::Test::HasFatalFailure()) return;  // a broken board could loop
            continue;
          }
          ++quiet;
          ASSERT_EQ(captured, 0) << where;
          expect_same(pos, played, where + " (played)");
          undo_quiet(pos, q);
          expect_same(pos, before, where + " (taken back)");
          if (::testing::Test::HasFatalFailure()) return;
        }
        if (list.empty()) break;
        Undo u;
        capgo::play(pos, list[rng.below(static_cast<std::uint32_t>(list.size()))], u);
      }
    }
  }
  EXPECT_GT(quiet, 10000);
  EXPECT_GT(refused, 100);
}

}  // namespace
}  // namespace oyin::capgo
