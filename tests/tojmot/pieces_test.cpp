// Each piece kind's moves (rules: "Pieces") from a central cell (G9), an edge cell (A9) and a
// cell of Black's spike (G15, next to Black's zone) on an otherwise empty board: only the two
// 1s stand elsewhere, White's on N4 and Black's on N12, out of every line tested here.
#include "tojmot/helpers.h"

namespace oyin::tojmot {
namespace {

using testing::pos;
using testing::targets;
using Set = std::set<std::string>;

Set moves_of(const std::string& piece, const std::string& cell, const Rules& r = {}) {
  const std::string text = piece == "1" ? "w W:1" + cell + " B:1N12 0 1" : "w W:1N4," + piece + cell + " B:1N12 0 1";
  return targets(pos(text, r), cell);
}

TEST(TojmotPieces, OneAndNineStepOnceInEightDirections) {
  for (const char* k : {"1", "9"}) {
    EXPECT_EQ(moves_of(k, "G9"), (Set{"G11", "G7", "I9", "E9", "H10", "H8", "F10", "F8"})) << k;
    EXPECT_EQ(moves_of(k, "A9"), (Set{"A11", "A7", "C9", "B10", "B8"})) << k;
    // G17, F16 and H16 are Black's zone.
    EXPECT_EQ(moves_of(k, "G15"), (Set{"G13", "I15", "E15", "H14", "F14"})) << k;
  }
}

TEST(TojmotPieces, TwoMakesOneVertexStep) {
  EXPECT_EQ(moves_of("2", "G9"), (Set{"G11", "G7", "I9", "E9"}));
  EXPECT_EQ(moves_of("2", "A9"), (Set{"A11", "A7", "C9"}));
  EXPECT_EQ(moves_of("2", "G15"), (Set{"G13", "I15", "E15"}));
}

TEST(TojmotPieces, ThreeLeapsOneByThree) {
  EXPECT_EQ(moves_of("3", "G9"), (Set{"H12", "F12", "H6", "F6", "J10", "J8", "D10", "D8"}));
  EXPECT_EQ(moves_of("3", "A9"), (Set{"B12", "B6", "D10", "D8"}));
  EXPECT_EQ(moves_of("3", "G15"), (Set{"H12", "F12", "J14", "D14"}));
}

TEST(TojmotPieces, FourSlidesAlongVertexLines) {
  // Down the G column into White's own zone (G1): allowed by default.
  EXPECT_EQ(moves_of("4", "G9"),
            (Set{"G11", "G13", "G15", "G7", "G5", "G3", "G1", "I9", "K9", "M9", "E9", "C9", "A9"}));
  EXPECT_EQ(moves_of("4", "A9"), (Set{"A11", "A13", "A7", "A5", "C9", "E9", "G9", "I9", "K9", "M9"}));
  EXPECT_EQ(moves_of("4", "G15"), (Set{"G13", "G11", "G9", "G7", "G5", "G3", "G1", "I15", "E15"}));
}

TEST(TojmotPieces, FiveLeapsTwoByTwo) {
  EXPECT_EQ(moves_of("5", "G9"), (Set{"I11", "E11", "I7", "E7"}));
  EXPECT_EQ(moves_of("5", "A9"), (Set{"C11", "C7"}));
  EXPECT_EQ(moves_of("5", "G15"), (Set{"I13", "E13"}));
}

TEST(TojmotPieces, SixLeapsTwoByFour) {
  EXPECT_EQ(moves_of("6", "G9"), (Set{"I13", "E13", "I5", "E5"}));
  EXPECT_EQ(moves_of("6", "A9"), (Set{"C13", "C5"}));
  EXPECT_EQ(moves_of("6", "G15"), (Set{"I11", "E11"}));
}

TEST(TojmotPieces, SevenSlidesInAllEightDirections) {
  EXPECT_EQ(moves_of("7", "G9"),
            (Set{"G11", "G13", "G15", "G7", "G5", "G3", "G1", "I9", "K9", "M9", "E9", "C9", "A9",  // vertex
                 "H10", "I11", "J12", "K13", "L14", "H8", "I7", "J6", "K5", "L4",                 // edge
                 "F10", "E11", "D12", "C13", "B14", "F8", "E7", "D6", "C5", "B4"}));
  EXPECT_EQ(moves_of("7", "A9"),
            (Set{"A11", "A13", "A7", "A5", "C9", "E9", "G9", "I9", "K9", "M9",  // vertex
                 "B10", "C11", "D12", "E13", "F14", "G15", "B8", "C7", "D6", "E5", "F4", "G3", "H2"}));
  EXPECT_EQ(moves_of("7", "G15"),
            (Set{"G13", "G11", "G9", "G7", "G5", "G3", "G1", "I15", "E15",  // vertex
                 "H14", "I13", "J12", "K11", "L10", "M9", "N8", "F14", "E13", "D12", "C11", "B10", "A9"}));
}

TEST(TojmotPieces, EightSlidesAlongEdgeLines) {
  EXPECT_EQ(moves_of("8", "G9"), (Set{"H10", "I11", "J12", "K13", "L14", "H8", "I7", "J6", "K5", "L4", "F10", "E11",
                                      "D12", "C13", "B14", "F8", "E7", "D6", "C5", "B4"}));
  // Up to H2 in White's own zone (allowed by default).
  EXPECT_EQ(moves_of("8", "A9"),
            (Set{"B10", "C11", "D12", "E13", "F14", "G15", "B8", "C7", "D6", "E5", "F4", "G3", "H2"}));
  EXPECT_EQ(moves_of("8", "G15"),
            (Set{"H14", "I13", "J12", "K11", "L10", "M9", "N8", "F14", "E13", "D12", "C11", "B10", "A9"}));
}

TEST(TojmotPieces, RomansAndXStepDiagonallyForwardOnly) {
  for (const char* k : {"II", "III", "IV", "V", "VI", "VIII", "IX", "X"}) {
    EXPECT_EQ(moves_of(k, "G9"), (Set{"F10", "H10"})) << k;
    EXPECT_EQ(moves_of(k, "A9"), (Set{"B10"})) << k;
    EXPECT_EQ(moves_of(k, "G15"), Set{}) << k << ": F16 and H16 are Black's zone, so it stays";
  }
  // Black's Romans go the other way.
  EXPECT_EQ(targets(pos("b W:1N4 B:1N12,IIG9 0 1"), "G9"), (Set{"F8", "H8"}));
  // On the board's edge a Roman simply stays.
  EXPECT_EQ(targets(pos("w W:1N4,IIN14 B:1A13 0 1"), "N14"), Set{});
}

TEST(TojmotPieces, LeapersJumpOverPiecesSlidersStopAtTheFirst) {
  // G9 surrounded on all eight sides by White pieces: the 3, 5 and 6 leap out, the 7 cannot move.
  const std::string ring = "2G11,2G7,9I9,VIIIH10,IXF10,XH8,XF8";
  EXPECT_EQ(targets(pos("w W:1N4,3G9," + ring + ",4E9 B:1N12 0 1"), "G9").size(), 8u);
  EXPECT_EQ(targets(pos("w W:1N4,5G9," + ring + ",4E9 B:1N12 0 1"), "G9").size(), 4u);
  EXPECT_EQ(targets(pos("w W:1N4,6G9," + ring + ",4E9 B:1N12 0 1"), "G9").size(), 4u);
  EXPECT_EQ(targets(pos("w W:1N4,7G9," + ring + ",4E9 B:1N12 0 1"), "G9"), Set{});
  // A slider captures the first enemy piece and goes no further.
  EXPECT_EQ(targets(pos("w W:1N4,4G9 B:1N12,5G13,3I9 0 1"), "G9"),
            (Set{"G11", "G13", "G7", "G5", "G3", "G1", "I9", "E9", "C9", "A9"}));
}

}  // namespace
}  // namespace oyin::tojmot
