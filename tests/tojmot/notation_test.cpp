// Moves, records, position strings and rule options (../shared/rules/tojmot.md, "Notation"), and
// the one-line errors for everything malformed.
#include <gmock/gmock.h>

#include "tojmot/helpers.h"

namespace oyin::tojmot {
namespace {

using ::testing::HasSubstr;
using testing::move;
using testing::pos;

std::string move_error(const Position& p, const std::string& text) {
  auto m = parse_move(p, text);
  EXPECT_FALSE(m.ok()) << text << " was accepted";
  return m.ok() ? "" : m.error();
}

std::string position_error(const std::string& text, const Rules& r = {}) {
  auto p = parse_position(text, r);
  EXPECT_FALSE(p.ok()) << text << " was accepted";
  return p.ok() ? "" : p.error();
}

TEST(TojmotNotation, ProtocolAndRecordMoves) {
  const Position p = start_position();
  const Move m = move(p, "l4l14");
  EXPECT_EQ(move_to_text(p, m), "l4l14");
  EXPECT_EQ(record_move_text(p, m), "4L4xL14");
  EXPECT_EQ(move(p, "4L4xL14"), m);
  EXPECT_EQ(move(p, "L4xL14"), m);
  EXPECT_EQ(move(p, "L4L14"), m);
  EXPECT_EQ(move(p, " 4l4xl14 "), m);
  EXPECT_EQ(record_move_text(p, move(p, "g3f2")), "7G3-F2");
  EXPECT_EQ(record_move_text(p, move(p, "e5f6")), "VIIIE5-F6");
  EXPECT_EQ(move(p, "VIIIE5-F6"), move(p, "e5f6"));
  EXPECT_EQ(move(p, "VII5-J6"), move(p, "i5j6")) << "VI on I5: the last letter before the row is the column";
  EXPECT_EQ(move(p, "IXG5-H6!?"), move(p, "g5h6"));
}

TEST(TojmotNotation, PromotionMoves) {
  const Position x = pos("w W:1G1,XD14 B:1G17 0 1");
  const Move m = move(x, "d14e15=7");
  EXPECT_EQ(m.promo, kSeven);
  EXPECT_EQ(move_to_text(x, m), "d14e15=7");
  EXPECT_EQ(record_move_text(x, m), "XD14-E15=7+") << "the 7 looks through the empty F16 at G17";
  EXPECT_EQ(move(x, "XD14-E15=7"), m);
  EXPECT_EQ(move(x, "XD14-E15=7+"), m);
  const Position ix = pos("w W:1G1,IXF14 B:1F16 0 1");
  EXPECT_EQ(move_to_text(ix, move(ix, "f14e15")), "f14e15=9");
  EXPECT_EQ(move(ix, "IXF14-E15=9+"), move(ix, "f14e15=9"));
}

TEST(TojmotNotation, BadMovesSayWhatIsWrong) {
  const Position p = start_position();
  EXPECT_EQ(move_error(p, ""), "empty move");
  EXPECT_THAT(move_error(p, "hello"), HasSubstr("expected <from><to>"));
  EXPECT_THAT(move_error(p, "l4"), HasSubstr("expected <from><to>"));
  EXPECT_THAT(move_error(p, "a4a6"), HasSubstr("'a4' is not one of the 89 cells"));
  EXPECT_THAT(move_error(p, "l4l16"), HasSubstr("'l16' is not one of the 89 cells"));
  EXPECT_THAT(move_error(p, "l6l8"), HasSubstr("there is no piece on L6"));
  EXPECT_THAT(move_error(p, "l14l12"), HasSubstr("L14 holds a black 5, and it is white to move"));
  EXPECT_THAT(move_error(p, "5L4-L6"), HasSubstr("the piece on L4 is a 4, not a 5"));
  EXPECT_THAT(move_error(p, "QL4-L6"), HasSubstr("unknown piece 'Q'"));
  EXPECT_THAT(move_error(p, "l4n6"), HasSubstr("the 4 on L4 cannot go to N6"));
  EXPECT_THAT(move_error(p, "l4-l14"), HasSubstr("'-' but it captures the black 5 on L14"));
  EXPECT_THAT(move_error(p, "l4xl12"), HasSubstr("'x' but L12 is empty"));
  EXPECT_THAT(move_error(p, "l4l12+"), HasSubstr("'+' but it gives no check"));
  EXPECT_THAT(move_error(p, "l4l12#"), HasSubstr("'#' but it is not mate"));
  EXPECT_THAT(move_error(p, "l4l12=7"), HasSubstr("it is not a promotion"));
  EXPECT_THAT(move_error(p, "l4l12=1"), HasSubstr("a promotion is to a piece 2..9"));
}

TEST(TojmotNotation, IllegalMovesSayWhy) {
  EXPECT_THAT(move_error(pos("w W:1G1,7G3 B:1A13,4G9 0 1"), "g3h2"), HasSubstr("it would leave your 1 in check"));
  EXPECT_THAT(move_error(pos("w W:1G1 B:1G17,8A7 0 1"), "g1f2"), HasSubstr("your 1 would be attacked on F2"));
  EXPECT_THAT(move_error(pos("w W:1G7 B:1G11 0 1"), "g7g9"), HasSubstr("your 1 would be attacked on G9"));
  EXPECT_THAT(move_error(pos("b W:1N4 B:1G3 0 1"), "g3g1"),
              HasSubstr("G1 is in White's zone, which black pieces may not enter"));
  Rules closed;
  closed.own_pieces_in_zone = false;
  EXPECT_THAT(move_error(start_position(closed), "g3f2"), HasSubstr("own_pieces_in_zone=0"));
  EXPECT_THAT(move_error(pos("w W:1G1,XD14 B:1G17 0 1"), "d14e15"),
              HasSubstr("the X promotes on E15: say which piece it becomes, e.g. d14e15=7"));
  EXPECT_THAT(move_error(pos("w W:1G1,IXF14 B:1G17 0 1"), "f14e15=7"), HasSubstr("IX promotes to 9, not 7"));
}

TEST(TojmotNotation, PositionStringRoundTripsInCanonicalOrder) {
  const std::string canonical = "b W:1G1,IIB6,4L6 B:8E5,8J8,1G17 7 12";
  const Position p = pos("b B:1G17,8J8,8E5 W:IIB6,4L6,1G1 7 12");
  EXPECT_EQ(to_text(p), canonical);
  EXPECT_TRUE(pos(canonical) == p);
  EXPECT_EQ(p.clock, 7);
  EXPECT_EQ(p.move_number, 12u);
  EXPECT_TRUE(pos("w W:1G1 B:1G17") == pos("w W:1G1 B:1G17 0 1")) << "clock and move number default to 0 1";
  EXPECT_TRUE(pos("W w:1g1,viiie5 b:1g17") == pos("w W:1G1,VIIIE5 B:1G17 0 1")) << "any letter case";
}

TEST(TojmotNotation, BadPositionsSayWhatIsWrong) {
  EXPECT_THAT(position_error(""), HasSubstr("expected 'w|b W:<pieces> B:<pieces>"));
  EXPECT_THAT(position_error("w W:1G1 B:1G17 0"), HasSubstr("got 4 fields"));
  EXPECT_THAT(position_error("x W:1G1 B:1G17"), HasSubstr("side to move must be w or b"));
  EXPECT_THAT(position_error("w W:1G1 W:1G17"), HasSubstr("two white piece lists"));
  EXPECT_THAT(position_error("w W:1G1 Q:1G17"), HasSubstr("'Q:1G17' is not a piece list"));
  EXPECT_THAT(position_error("w W:1G1,G3 B:1G17"), HasSubstr("'G3' in the white list is not <piece><cell>"));
  EXPECT_THAT(position_error("w W:1G1,QG3 B:1G17"), HasSubstr("unknown piece 'Q'"));
  // The kinds of impossible position the rules know.
  EXPECT_EQ(position_error("w W:7G3 B:1G17"), "impossible position: white has no 1");
  EXPECT_EQ(position_error("w W:1G1,1G5 B:1G17"), "impossible position: white has two 1s (G1 and G5)");
  EXPECT_EQ(position_error("w W:1G1,7A4 B:1G17"), "impossible position: white 7 on A4, which is not one of the 89 cells");
  EXPECT_EQ(position_error("w W:1G1,7G19 B:1G17"), "impossible position: white 7 on G19, which is not one of the 89 cells");
  EXPECT_EQ(position_error("w W:1G1 B:1G17,8F2"), "impossible position: black 8 on F2 is inside White's zone");
  EXPECT_EQ(position_error("w W:1H16 B:1A13"), "impossible position: white 1 on H16 is inside Black's zone")
      << "the enemy 1 is an enemy piece too";
  EXPECT_EQ(position_error("b W:1G1 B:1G17,8A7"),
            "impossible position: black to move, but white's 1 on G1 is in check");
  EXPECT_EQ(position_error("w W:1G7 B:1G9"), "impossible position: white to move, but black's 1 on G9 is in check")
      << "the 1s may not touch";
  EXPECT_EQ(position_error("w W:1G1,7G3,4G3 B:1G17"), "impossible position: two pieces on G3");
  EXPECT_EQ(position_error("w W:1G1,IIE15 B:1G17"), "impossible position: white II on E15 should have promoted");
  EXPECT_EQ(position_error("w W:1G1,XA5,XC5,XE5 B:1G17"), "impossible position: white has 3 X (there are two)");
  EXPECT_EQ(position_error("w W:1G1,IIA5,IIC5 B:1G17"), "impossible position: white has 2 Romans II (there is one)");
  EXPECT_EQ(position_error("w W:1G1,7A5,7C5,7E5,7G5 B:1G17"),
            "impossible position: white has more promoted pieces than missing Romans and X");
  EXPECT_THAT(position_error("w W:1G1 B:1G17 -1 1"), HasSubstr("bad half-move clock '-1'"));
  EXPECT_THAT(position_error("w W:1G1 B:1G17 0 0"), HasSubstr("bad move number '0'"));
  std::string nineteen = "w W:1G1";
  for (const char* c : {"A5", "C5", "E5", "G5", "I5", "K5", "M5", "B6", "D6", "F6", "H6", "J6", "L6", "N6", "A7", "C7",
                        "E7", "G7", "I7"})
    nineteen += std::string(",2") + c;
  EXPECT_EQ(position_error(nineteen + " B:1G17"), "impossible position: white has more than 18 pieces");
  Rules closed;
  closed.own_pieces_in_zone = false;
  EXPECT_EQ(position_error("w W:1G1,7F2 B:1G17", closed),
            "impossible position: white 7 on F2 is inside its own zone, which own_pieces_in_zone=0 forbids");
  EXPECT_TRUE(parse_position("w W:1G1,7F2 B:1G17", {}).ok());
}

TEST(TojmotNotation, RuleOptions) {
  auto r = parse_rules("own_pieces_in_zone=0,piece6_both=1");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_FALSE(r->own_pieces_in_zone);
  EXPECT_TRUE(r->piece6_both);
  EXPECT_TRUE(r->threefold);
  EXPECT_TRUE(r->fifty_move);
  auto t = parse_rules(" threefold = false , fifty_move=true ");
  ASSERT_TRUE(t.ok()) << t.error();
  EXPECT_FALSE(t->threefold);
  EXPECT_TRUE(t->fifty_move);
  EXPECT_TRUE(*parse_rules("") == Rules{});
  EXPECT_EQ(rules_to_text(Rules{}), "own_pieces_in_zone=1,piece6_both=0,threefold=1,fifty_move=1");
  EXPECT_TRUE(*parse_rules(rules_to_text(*r)) == *r);
  EXPECT_EQ(parse_rules("castling=1").error(),
            "unknown rule option 'castling' (Tojmot has own_pieces_in_zone, piece6_both, threefold, fifty_move)");
  EXPECT_EQ(parse_rules("threefold=maybe").error(), "rule option 'threefold' wants 0/1 or false/true, got 'maybe'");
  EXPECT_THAT(parse_rules("threefold").error(), HasSubstr("expected key=value"));
  EXPECT_THAT(parse_rules("threefold=1,threefold=0").error(), HasSubstr("given twice"));
}

TEST(TojmotNotation, PgnCarriesRulesAndSetUp) {
  GameRecord r;
  r.tags = {{"Event", "test"}};
  r.moves = {"4L4xL14"};
  Rules rules;
  rules.piece6_both = true;
  const std::string from_start = write_pgn(r, rules, start_position(rules));
  EXPECT_THAT(from_start, HasSubstr("[Rules \"own_pieces_in_zone=1,piece6_both=1,threefold=1,fifty_move=1\"]"));
  EXPECT_THAT(from_start, HasSubstr("1. 4L4xL14 *"));
  EXPECT_THAT(from_start, ::testing::Not(HasSubstr("FEN")));
  const std::string set_up = write_pgn(r, rules, pos("b W:1G1 B:1G17,8J8,8E5 0 1", rules));
  EXPECT_THAT(set_up, HasSubstr("[FEN \"b W:1G1 B:8E5,8J8,1G17 0 1\"]"));
  EXPECT_THAT(set_up, HasSubstr("1... 4L4xL14"));
  auto back = read_pgn(set_up);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ((*back)[0].tag("FEN"), "b W:1G1 B:8E5,8J8,1G17 0 1");
}

TEST(TojmotNotation, RenderShowsTheDiamondWithLabelsZonesAndLastMove) {
  Position p = start_position();
  const Move m = move(p, "l4l14");
  Undo u;
  play(p, m, u);
  const std::string board = render(p, &m, false);
  EXPECT_THAT(board, HasSubstr(" 17                           <(1)>                                17"));
  EXPECT_THAT(board, HasSubstr("  1                            <1>                                  1"));
  EXPECT_THAT(board, HasSubstr(" 14        (3)     (4)     (6)     (9)     (8)      4      (2)     14"));
  EXPECT_THAT(board, HasSubstr("  5     II      V      VIII     IX      VI      IV     III          5"));
  EXPECT_THAT(board, HasSubstr("        A   B   C   D   E   F   G   H   I   J   K   L   M   N"));
  EXPECT_THAT(board, HasSubstr("last move: L4-L14"));
  EXPECT_THAT(board, HasSubstr("Black to move"));
  EXPECT_THAT(render(p, &m, true), HasSubstr("\033[1;31m(8)\033[0m")) << "black pieces in red with colour";
}

}  // namespace
}  // namespace oyin::tojmot
