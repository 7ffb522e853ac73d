// Perft figures from ../shared/rules/tojmot.md, section "Perft from the start".
#include "core/perft.h"
#include "tojmot/helpers.h"

namespace oyin::tojmot {
namespace {

using testing::pos;

TEST(TojmotPerft, StartPositionDepth1To4) {
  const std::uint64_t expected[] = {31, 958, 30560, 983927};
  Position p = start_position();
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(oyin::perft<Tojmot>(p, d), expected[d - 1]) << "depth " << d;
  EXPECT_TRUE(p == start_position()) << "perft must leave the position as it found it";
  EXPECT_TRUE(p.history.empty());
}

TEST(TojmotPerft, WhitesThirtyOneFirstMoves) {
  const Position p = start_position();
  MoveList list;
  generate_moves(p, list);
  std::set<std::string> moves;
  for (const Move& m : list) moves.insert(cell_name(m.from) + (is_capture(p, m) ? "x" : "-") + cell_name(m.to));
  EXPECT_EQ(moves, (std::set<std::string>{"G1-H2", "G1-F2", "G3-H2", "G3-F2", "B4-B6", "D4-F6", "D4-F2", "D4-B6",
                                          "H4-H6", "H4-H2", "J4-L8", "J4-H8", "L4-L6", "L4-L8", "L4-L10", "L4-L12",
                                          "L4xL14", "N4-M7", "A5-B6", "C5-D6", "C5-B6", "E5-F6", "E5-D6", "G5-H6",
                                          "G5-F6", "I5-J6", "I5-H6", "K5-L6", "K5-J6", "M5-N6", "M5-L6"}));
}

// Plain recursion with play/undo at every node, no bulk counting.
std::uint64_t plain_perft(Position& p, int depth) {
  if (depth == 0) return 1;
  MoveList list;
  generate_moves(p, list);
  std::uint64_t n = 0;
  for (const Move& m : list) {
    Undo u;
    play(p, m, u);
    n += plain_perft(p, depth - 1);
    undo(p, m, u);
  }
  return n;
}

TEST(TojmotPerft, BulkCountingAgreesWithPlainRecursion) {
  for (const char* text : {"w W:1G1,XD12,IIJ12,8F6,4A7 B:1G17,XF8,IIIC5,7N10,3G7 0 30",
                           "b W:1G1 B:1G17,8J8,8E5 0 1", "w W:1G1,XD14 B:1G17 0 1"}) {
    Position p = pos(text);
    for (int d = 1; d <= 4; ++d) EXPECT_EQ(plain_perft(p, d), oyin::perft<Tojmot>(p, d)) << text << " d" << d;
  }
}

TEST(TojmotPerft, PerftIgnoresTheDrawRules) {
  // Bare 1 against bare 1 is a draw for play, not for perft.
  Position bare = pos("w W:1G7 B:1G11 0 1");
  EXPECT_TRUE(status(bare).over());
  EXPECT_EQ(oyin::perft<Tojmot>(bare, 1), 7u);
  EXPECT_EQ(oyin::perft<Tojmot>(bare, 2), plain_perft(bare, 2));
  EXPECT_GT(oyin::perft<Tojmot>(bare, 2), 0u);
  // Nor does the 100-ply rule stop it.
  Position old = pos("w W:1G1,4L4 B:1G17,2N14 100 60");
  EXPECT_TRUE(status(old).over());
  EXPECT_EQ(oyin::perft<Tojmot>(old, 2), plain_perft(old, 2));
  // Mate does: no moves.
  Position mated = pos("w W:1G1 B:1G17,7E3,9I3 0 1");
  EXPECT_EQ(oyin::perft<Tojmot>(mated, 3), 0u);
}

TEST(TojmotPerft, DivideSumsToTotal) {
  const auto lines = perft_divide<Tojmot>(start_position(), 3, 2);
  ASSERT_EQ(lines.size(), 31u);
  std::uint64_t total = 0;
  for (const auto& l : lines) total += l.nodes;
  EXPECT_EQ(total, 30560u);
}

}  // namespace
}  // namespace oyin::tojmot
