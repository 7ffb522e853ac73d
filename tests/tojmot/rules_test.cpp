// The hand-checked positions, zones, check, promotion and the end of the game
// (../shared/rules/tojmot.md: "Hand-checked positions", "The Toj's zone", "Check, mate, draws",
// "Promotion").
#include "tojmot/helpers.h"

namespace oyin::tojmot {
namespace {

using testing::legal;
using testing::move;
using testing::play_text;
using testing::pos;
using testing::targets;
using Set = std::set<std::string>;

// ---------------------------------------------------------------- hand-checked positions

TEST(TojmotHandChecked, P1_TheOnlyMateInOneIsEightJ8E3) {
  const Position p = pos("b W:1G1 B:1G17,8J8,8E5 0 1");
  Set mates;
  MoveList list;
  generate_moves(p, list);
  for (const Move& m : list) {
    Position q = p;
    Undo u;
    play(q, m, u);
    const GameStatus st = status(q);
    if (st.outcome == Outcome::Win) {
      EXPECT_EQ(st.winner, Side::Second);
      EXPECT_EQ(st.reason, "mate");
      mates.insert(move_to_text(p, m));
    }
  }
  EXPECT_EQ(mates, Set{"j8e3"});
  EXPECT_EQ(record_move_text(p, move(p, "j8e3")), "8J8-E3#");
}

TEST(TojmotHandChecked, P2_WhiteIsMated) {
  const Position p = pos("w W:1G1 B:1G17,7E3,9I3 0 1");
  EXPECT_TRUE(in_check(p));
  EXPECT_EQ(count_moves(p), 0);
  const GameStatus st = status(p);
  EXPECT_EQ(st.outcome, Outcome::Win);
  EXPECT_EQ(st.winner, Side::Second);
  EXPECT_EQ(st.reason, "mate");
}

TEST(TojmotHandChecked, P3_Stalemate) {
  const Position p = pos("w W:1G1 B:1G17,9I3,2F4 0 1");
  EXPECT_FALSE(in_check(p));
  EXPECT_EQ(count_moves(p), 0);
  const GameStatus st = status(p);
  EXPECT_EQ(st.outcome, Outcome::Draw);
  EXPECT_EQ(st.reason, "stalemate (pot)");
}

TEST(TojmotHandChecked, P4_CheckThroughTheEmptyZoneCell) {
  const Position p = pos("w W:1G1 B:1G17,8A7 0 1");
  EXPECT_TRUE(in_check(p)) << "A7-B6-C5-D4-E3-F2-G1: F2 is an empty zone cell";
  EXPECT_EQ(legal(p), (Set{"g1h2", "g1g3"}));
}

TEST(TojmotHandChecked, P5_TheOnesMayNotTouch) {
  const Position p = pos("w W:1G7 B:1G11 0 1");
  const Set moves = legal(p);
  EXPECT_EQ(moves.size(), 7u);
  EXPECT_EQ(moves.count("g7g9"), 0u);
  EXPECT_EQ(moves, (Set{"g7f6", "g7h6", "g7f8", "g7h8", "g7g5", "g7e7", "g7i7"}));
}

TEST(TojmotHandChecked, P6_XPromotesToEachOfTwoToNine) {
  const Position p = pos("w W:1G1,XD14 B:1G17 0 1");
  EXPECT_EQ(legal(p), (Set{"d14e15=2", "d14e15=3", "d14e15=4", "d14e15=5", "d14e15=6", "d14e15=7", "d14e15=8",
                           "d14e15=9", "g1f2", "g1h2", "g1g3"}));
}

// ---------------------------------------------------------------- zones

TEST(TojmotZone, OwnPiecesMayEnterTheirZoneByDefault) {
  const Set moves = legal(start_position());
  for (const char* m : {"g3f2", "g3h2", "d4f2", "h4h2", "g1f2", "g1h2"}) EXPECT_EQ(moves.count(m), 1u) << m;
}

TEST(TojmotZone, EnemyPiecesNeverEnterNotEvenToCapture) {
  // Black's 8 on D4 looks down E3-F2-G1: E3 yes, F2 (holding a White 7) and G1 never.
  const Position p = pos("b W:1N4,7F2 B:1N12,8D4 0 1");
  const Set t = targets(p, "D4");
  EXPECT_EQ(t.count("E3"), 1u);
  EXPECT_EQ(t.count("F2"), 0u);
  EXPECT_EQ(t.count("G1"), 0u);
  // The 3 and the 5 cannot leap in either.
  EXPECT_EQ(targets(pos("b W:1N4 B:1N12,3H4 0 1"), "H4").count("G1"), 0u);
  EXPECT_EQ(targets(pos("b W:1N4 B:1N12,5H4 0 1"), "H4").count("F2"), 0u);
}

TEST(TojmotZone, TheEnemyOneMayNotEnterEither) {
  const Position p = pos("b W:1N4 B:1G3 0 1");
  EXPECT_EQ(targets(p, "G3"), (Set{"F4", "H4", "G5", "E3", "I3"}));
}

TEST(TojmotZone, ACheckIntoTheZoneFromAfarIsACheck) {
  // The 5 on H4 cannot go to F2 but attacks it; so does the 4 down the F column.
  EXPECT_TRUE(in_check(pos("w W:1F2 B:1G17,5H4 0 1")));
  EXPECT_TRUE(in_check(pos("w W:1F2 B:1G17,4F8 0 1")));
  EXPECT_FALSE(in_check(pos("w W:1F2,2F4 B:1G17,4F8 0 1")));
  // A Black Roman on G3 attacks F2 and H2 although it can never step there: the 1 must take it.
  EXPECT_EQ(legal(pos("w W:1G1 B:1G17,IIG3 0 1")), Set{"g1g3"});
}

// ---------------------------------------------------------------- check and legality

TEST(TojmotCheck, PinnedPieceMayOnlyMoveAlongThePin) {
  // White's 7 on G3 is pinned by Black's 4 on G9; it may slide along G5, G7 and capture G9.
  const Position p = pos("w W:1G1,7G3 B:1A13,4G9 0 1");
  EXPECT_EQ(targets(p, "G3"), (Set{"G5", "G7", "G9"}));
}

TEST(TojmotCheck, CheckIsAnsweredByMovingBlockingOrCapturing) {
  // Black's 4 on G9 checks the 1 on G1 down the G column.
  // The 8 on C7 has moves, but none of them answers the check.
  const Position p = pos("w W:1G1,2E5,8C7,5E7 B:1A13,4G9 0 1");
  EXPECT_TRUE(in_check(p));
  EXPECT_EQ(legal(p), (Set{"g1f2", "g1h2",  // move the 1 (G3 is on the line)
                           "e5g5", "e7g5",  // block
                           "e7g9"}));       // capture
}

TEST(TojmotCheck, DoubleCheckOnlyTheOneMoves) {
  // The 7 on M9 could take the 4 on G9, but the 5 on E3 checks too.
  const Position p = pos("w W:1G1,7M9 B:1A13,4G9,5E3 0 1");
  EXPECT_TRUE(in_check(p));
  EXPECT_EQ(legal(p), (Set{"g1f2", "g1h2"}));
}

TEST(TojmotCheck, TheOneCannotStepAwayAlongTheCheckingLine) {
  // The 4 on G9 checks G1 through G3; G1-G3 stays on the line (and G3 is attacked).
  const Position p = pos("w W:1G1 B:1A13,4G9 0 1");
  EXPECT_EQ(legal(p), (Set{"g1f2", "g1h2"}));
}

TEST(TojmotCheck, TheOneIsNeverCaptured) {
  // Only reachable in a position the parser refuses (the side not to move in check), so the
  // position is built by hand: Black's 4 on G11 looks at White's 1 on G7 and may not take it.
  Position p = empty_position({});
  p.put(parse_cell("G7"), make_piece(kOne, kWhite));
  p.put(parse_cell("G17"), make_piece(kOne, kBlack));
  p.put(parse_cell("G11"), make_piece(kFour, kBlack));
  p.side = kBlack;
  p.key = compute_hash(p);
  EXPECT_EQ(targets(p, "G11").count("G9"), 1u);
  EXPECT_EQ(targets(p, "G11").count("G7"), 0u);
  EXPECT_FALSE(parse_position(to_text(p), {}).ok());
}

// ---------------------------------------------------------------- promotion

TEST(TojmotPromotion, ARomanBecomesItsNumeral) {
  const Position p = pos("w W:1N4,IXF14 B:1N12 0 1");
  EXPECT_EQ(targets(p, "F14"), (Set{"E15=9", "G15"}));
  Position q = p;
  play_text(q, "f14e15");  // the forced promotion may be left out
  EXPECT_EQ(q.board[parse_cell("E15")], make_piece(kNine, kWhite));
  EXPECT_EQ(to_text(q), "b W:1N4,9E15 B:1N12 0 1");
  // Black's Romans promote on E3 and I3.
  EXPECT_EQ(targets(pos("b W:1N4 B:1N12,VID4 0 1"), "D4"), (Set{"E3=6"}));
  EXPECT_EQ(targets(pos("b W:1N4 B:1N12,IIIJ4 0 1"), "J4"), (Set{"I3=3"}));
}

TEST(TojmotPromotion, CapturingAnXOnItsStartCellCounts) {
  const Position p = pos("w W:1N4,IIF14 B:1N12,XE15,7G15 0 1");
  EXPECT_EQ(targets(p, "F14"), (Set{"E15=2", "G15"}));
  Position q = p;
  play_text(q, "f14xe15=2");
  EXPECT_EQ(to_text(q), "b W:1N4,2E15 B:1N12,7G15 0 1");
}

TEST(TojmotPromotion, TheXChoosesAndUndoGivesTheXBack) {
  const Position p = pos("w W:1G1,XD14 B:1G17 0 1");
  for (int v = kTwo; v <= kNine; ++v) {
    Position q = p;
    const Move m = move(q, "d14e15=" + std::to_string(v));
    Undo u;
    play(q, m, u);
    EXPECT_EQ(q.board[parse_cell("E15")], make_piece(v, kWhite));
    EXPECT_EQ(q.kinds[kWhite][v], 1);
    EXPECT_EQ(q.kinds[kWhite][kRomanX], 0);
    EXPECT_EQ(q.key, compute_hash(q));
    undo(q, m, u);
    EXPECT_TRUE(q == p);
    EXPECT_EQ(q.kinds, p.kinds);
  }
}

TEST(TojmotPromotion, APromotedPieceCanGiveCheck) {
  const Position p = pos("w W:1G1,IXF14 B:1F16 0 1");
  EXPECT_EQ(record_move_text(p, move(p, "f14e15=9")), "IXF14-E15=9+");
}

// ---------------------------------------------------------------- draws and game end

TEST(TojmotEnd, BareOneAgainstBareOneIsADraw) {
  const GameStatus st = status(pos("w W:1G7 B:1G11 0 1"));
  EXPECT_EQ(st.outcome, Outcome::Draw);
  EXPECT_EQ(st.reason, "bare 1 against bare 1");
  EXPECT_FALSE(status(pos("w W:1G7,XA5 B:1G11 0 1")).over());
}

TEST(TojmotEnd, CapturingTheLastPieceLeavesBareOnes) {
  Position p = pos("w W:1G7 B:1G11,IIF8 0 1");
  EXPECT_FALSE(status(p).over());
  play_text(p, "g7xf8");
  EXPECT_EQ(status(p).reason, "bare 1 against bare 1");
}

TEST(TojmotEnd, ThreefoldRepetition) {
  Position p = start_position();
  const char* shuffle[] = {"b4b6", "n14n12", "b6b4", "n12n14"};
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < 4; ++i) {
      EXPECT_FALSE(status(p).over()) << "ply " << round * 4 + i;
      play_text(p, shuffle[i]);
    }
  EXPECT_EQ(repetitions(p), 3);
  EXPECT_EQ(status(p).outcome, Outcome::Draw);
  EXPECT_EQ(status(p).reason, "threefold repetition");
  EXPECT_FALSE(p == start_position()) << "the clock and move number differ from the start";
  Position off = p;
  off.rules.threefold = false;
  EXPECT_FALSE(status(off).over()) << "threefold=0 switches it off";
}

TEST(TojmotEnd, RepetitionsAreCountedSinceTheLastIrreversibleMove) {
  Position p = start_position();
  for (const char* m : {"b4b6", "n14n12", "b6b4", "n12n14", "a5b6", "a13b12"}) play_text(p, m);
  EXPECT_EQ(p.clock, 0);
  EXPECT_EQ(repetitions(p), 1);
  for (const char* m : {"h4h6", "h14h12", "h6h4", "h12h14"}) play_text(p, m);
  EXPECT_EQ(repetitions(p), 2);
  for (const char* m : {"h4h6", "h14h12", "h6h4", "h12h14"}) play_text(p, m);
  EXPECT_EQ(repetitions(p), 3);
  EXPECT_EQ(status(p).reason, "threefold repetition");
}

TEST(TojmotEnd, HundredPliesWithoutCaptureOrRomanMove) {
  Position p = pos("w W:1G1,4L4 B:1G17,2N14 99 60");
  EXPECT_FALSE(status(p).over());
  Position q = p;
  play_text(q, "l4l6");
  EXPECT_EQ(q.clock, 100);
  EXPECT_EQ(status(q).reason, "100 plies without a capture or a Roman move");
  q.rules.fifty_move = false;
  EXPECT_FALSE(status(q).over()) << "fifty_move=0 switches it off";
  // A capture resets the clock.
  Position r = pos("w W:1G1,4N4 B:1G17,2N14 99 60");
  play_text(r, "n4xn14");
  EXPECT_EQ(r.clock, 0);
  EXPECT_FALSE(status(r).over());
  // So does a Roman move.
  Position s = pos("w W:1G1,IIA5 B:1G17,2N14 99 60");
  play_text(s, "a5b6");
  EXPECT_EQ(s.clock, 0);
  EXPECT_FALSE(status(s).over());
}

TEST(TojmotEnd, MateOutranksTheHundredPlyRule) {
  Position p = pos("b W:1G1 B:1G17,8J8,8E5 99 80");
  play_text(p, "j8e3");
  EXPECT_EQ(p.clock, 100);
  EXPECT_EQ(status(p).reason, "mate");
}

// ---------------------------------------------------------------- position bookkeeping

TEST(TojmotPosition, StartPositionText) {
  EXPECT_EQ(to_text(start_position()),
            "w W:1G1,XE3,7G3,XI3,2B4,5D4,8F4,9H4,6J4,4L4,3N4,IIA5,VC5,VIIIE5,IXG5,VII5,IVK5,IIIM5 "
            "B:IIIA13,IVC13,VIE13,IXG13,VIIII13,VK13,IIM13,3B14,4D14,6F14,9H14,8J14,5L14,2N14,XE15,7G15,XI15,1G17 0 1");
}

TEST(TojmotPosition, PlayAndUndoRestoreEverythingIncludingHistory) {
  Position p = start_position();
  const Position before = p;
  const Move m = move(p, "l4xl14");
  Undo u;
  play(p, m, u);
  EXPECT_EQ(p.count[kBlack], 17);
  EXPECT_EQ(p.clock, 0);
  EXPECT_EQ(p.history.size(), 1u);
  EXPECT_EQ(p.key, compute_hash(p));
  undo(p, m, u);
  EXPECT_TRUE(p == before);
  EXPECT_EQ(p.list, before.list);
  EXPECT_EQ(p.slot, before.slot);
  EXPECT_TRUE(p.history.empty());
}

TEST(TojmotPosition, EqualityIgnoresTheRoadThere) {
  Position a = start_position(), b = start_position();
  for (const char* m : {"b4b6", "n14n12", "b6b4", "n12n14"}) play_text(a, m);
  for (const char* m : {"h4h6", "h14h12", "h6h4", "h12h14"}) play_text(b, m);
  EXPECT_TRUE(a == b);
  EXPECT_NE(a.history, b.history);
  EXPECT_FALSE(a == start_position()) << "the clock and move number moved on";
}

}  // namespace
}  // namespace oyin::tojmot
