// Replaying a long game must cost time and memory in proportion to its length. The test counts
// the bytes the replay allocates (this binary's operator new counts them), which is exact and
// deterministic where a timing is not: the old check-and-mate test copied the position with its
// whole history for every move, so a game of n plies allocated about 4n^2 bytes.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "registry/registry.h"
#include "games/tojmot/movegen.h"
#include "games/tojmot/notation.h"

namespace {
std::atomic<std::size_t> g_allocated{0};
}  // namespace

void* operator new(std::size_t n) {
  g_allocated.fetch_add(n, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace oyin {
namespace {

// The two 1s step out and back: a legal game of any length with the draw rules off.
constexpr const char* kShuffle[4] = {"1G1-F2", "1G17-F16", "1F2-G1", "1F16-G17"};

// Bytes allocated while playing `plies` moves, with the status asked before each one as a
// replay does.
std::size_t bytes_to_replay(int plies) {
  const GameAdapter* g = find_game("tojmot");
  auto st = g->new_game("threefold=0,fifty_move=0", "");
  EXPECT_TRUE(st.ok());
  const std::size_t before = g_allocated.load();
  for (int i = 0; i < plies; ++i) {
    EXPECT_FALSE((*st)->status().over());
    auto r = (*st)->play(kShuffle[i % 4]);
    if (!r) {
      ADD_FAILURE() << r.error();
      break;
    }
  }
  return g_allocated.load() - before;
}

TEST(TojmotLongGame, ReplayAllocatesInProportionToTheLength) {
  register_builtin_games();
  const std::size_t small = bytes_to_replay(2000), large = bytes_to_replay(8000);
  // Linear: four times the plies, about four times the bytes (vector doubling adds a little).
  // Quadratic (a history copy per move) would be sixteen times, and 8000 plies alone ~260 MB.
  EXPECT_LT(large, 6 * small) << "2000 plies: " << small << " bytes, 8000 plies: " << large << " bytes";
  EXPECT_LT(large / 8000, 2048u) << "bytes per ply";
}

TEST(TojmotLongGame, CheckMarksDoNotCopyTheHistory) {
  // record_move_text() and parse_move() with '+'/'#' play the move on a copy to see check and
  // mate: that copy must not grow with the game.
  tojmot::Position p = tojmot::start_position(tojmot::Rules{false, false, false, false});
  for (int i = 0; i < 4000; ++i) {
    auto m = tojmot::parse_move(p, kShuffle[i % 4]);
    ASSERT_TRUE(m.ok()) << m.error();
    tojmot::Undo u;
    tojmot::play(p, *m, u);
  }
  ASSERT_EQ(p.history.size(), 4000u);
  auto m = tojmot::parse_move(p, kShuffle[0]);
  ASSERT_TRUE(m.ok());
  const std::size_t before = g_allocated.load();
  const std::string text = tojmot::record_move_text(p, *m);
  EXPECT_EQ(text, "1G1-F2");
  EXPECT_LT(g_allocated.load() - before, 1024u) << "a 4000-entry history is 32000 bytes";
}

TEST(TojmotLongGame, HalfMoveClockCountsPast65535AndReadsBack) {
  // The clock was 16 bits and wrapped to 0 after 65536 reversible plies (draw rules off).
  register_builtin_games();
  const GameAdapter* g = find_game("tojmot");
  auto st = g->new_game("threefold=0,fifty_move=0", "");
  ASSERT_TRUE(st.ok());
  for (int i = 0; i < 70000; ++i) ASSERT_TRUE((*st)->play(kShuffle[i % 4]).ok());
  const std::string text = (*st)->position_text();
  EXPECT_NE(text.find(" 70000 35001"), std::string::npos) << text;
  auto again = g->new_game("threefold=0,fifty_move=0", text);
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ((*again)->position_text(), text);
}

}  // namespace
}  // namespace oyin
