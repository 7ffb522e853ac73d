// The evaluation's mop-up terms for Tojmot (eval.cpp, mop_up): on by default, one switch turns
// them off, off while material is level, their size and direction on fixed positions.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/tojmot/game.h"
#include "games/tojmot/mating_table.h"
#include "search/alphabeta.h"
#include "search/tojmot_positions.h"

namespace oyin::tojmot {
namespace {

EvalParams without_mop_up() {
  EvalParams e;
  e.mop_up = 0;
  return e;
}

// The first four weights alone, as they were first measured.
EvalParams with_mop_up() {
  EvalParams e;
  e.mate_gate = 0;
  e.mate_exact = 0;
  e.mop_lead = 300;
  e.mop_edge = 6;
  e.mop_near = 8;
  e.trade = 4;
  e.mop_push = 6;
  e.mop_strip = e.mop_box = 0;
  return e;
}

// What the mop-up term adds to the evaluation for the side to move.
int mop_up_of(const std::string& text) { return evaluate(pos(text), with_mop_up()) - evaluate(pos(text), without_mop_up()); }

TEST(TojmotMopUp, OneSwitchTurnsEveryTermOff) {
  EvalParams zero = without_mop_up();
  zero.mop_up = 1;
  zero.mop_edge = zero.mop_near = zero.trade = zero.mop_push = zero.mop_strip = zero.mop_box = 0;
  zero.mate_gate = zero.mate_exact = 0;
  EXPECT_EQ(evaluate(pos("w W:1G5,7A5,8N6 B:1G9 0 1"), zero), evaluate(pos("w W:1G5,7A5,8N6 B:1G9 0 1"), without_mop_up()));
  const auto parsed = parse_eval_params("mop_up=0");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(evaluate(pos("w W:1G5,7A5,8N6 B:1G9 0 1"), *parsed), evaluate(pos("w W:1G5,7A5,8N6 B:1G9 0 1"), without_mop_up()));
}

TEST(TojmotMopUp, OnByDefault) {
  // 7 and 8 against the lone 1 on G9: near 8 * (8 - 2) = 48, trade 4 * (36 - 4) = 128, box
  // 25 * 4 = 100 (the 7 takes E9, F10 and G11, the white 1 G7), no edge, nothing to push; and
  // the mating term, 30 for each ply the nearer mate of the 1 with the 7 or with the 8 alone is
  // short of 90 (the lead of 1,700 is past mate_lead 600 and its ramp).
  const std::string text = "w W:1G5,7A5,8N6 B:1G9 0 1";
  const int g5 = parse_cell("G5"), g9 = parse_cell("G9");
  const int nearest = std::min(MatingTable::of(kSeven).plies(g5, parse_cell("A5"), g9, true),
                               MatingTable::of(kEight).plies(g5, parse_cell("N6"), g9, true));
  ASSERT_LT(nearest, 90);
  EXPECT_EQ(evaluate(pos(text), EvalParams{}) - evaluate(pos(text), without_mop_up()), 276 + 30 * (90 - nearest));
}

TEST(TojmotMopUp, MopUpIsOffWhileMaterialIsLevel) {
  EXPECT_EQ(mop_up_of("w W:1G1,XE3,7G3,XI3,2B4,5D4,8F4,9H4,6J4,4L4,3N4,IIA5,VC5,VIIIE5,IXG5,VII5,IVK5,IIIM5 "
                      "B:IIIA13,IVC13,VIE13,IXG13,VIIII13,VK13,IIM13,3B14,4D14,6F14,9H14,8J14,5L14,2N14,XE15,7G15,XI15,1G17 0 1"),
            0);
  // Two Romans up is not yet far ahead (mop_lead 300; the default 200 ramps in from there).
  EXPECT_EQ(mop_up_of("w W:1G3,IIA5,VC5 B:1G15 0 1"), 0);
}

TEST(TojmotMopUp, MopUpSizeOnAFixedPosition) {
  // 7 and 8 against a lone 1 on G9 (24 cells within two steps: no edge bonus), the 1s two
  // steps apart: near 8 * (8 - 2) = 48, trade 4 * (36 - 4) = 128.
  EXPECT_EQ(mop_up_of("w W:1G5,7A5,8N6 B:1G9 0 1"), 176);
  EXPECT_EQ(mop_up_of("b W:1G5,7A5,8N6 B:1G9 0 1"), -176) << "the same term, for the side behind";
  // One step closer (G3 is three steps from G9, G5 two): 8 more.
  EXPECT_EQ(mop_up_of("w W:1G5,7A5,8N6 B:1G9 0 1") - mop_up_of("w W:1G3,7A5,8N6 B:1G9 0 1"), 8);
}

TEST(TojmotMopUp, MopUpDrivesTheLoneOneToTheEdge) {
  const int centre = mop_up_of("w W:1G5,7A5,8N6 B:1G9 0 1");
  const int edge = mop_up_of("w W:1G5,7A5,8N6 B:1B12 0 1");
  const int zone = mop_up_of("w W:1G5,7A5,8N6 B:1G17 0 1");
  EXPECT_GT(edge, centre);
  EXPECT_GT(zone, centre);
}

TEST(TojmotMopUp, MopUpWaitsForTheEnemyOfficersToGoBeforeTheOneWalksOut) {
  // Four enemy officers left: the 1s' distance is worth nothing.
  const std::string four = "B:1G15,2A13,3C13,4E13,5I13 0 1";
  EXPECT_EQ(mop_up_of("w W:1G9,7A5,8N6,7B4,8C5,9D6 " + four), mop_up_of("w W:1G3,7A5,8N6,7B4,8C5,9D6 " + four));
  EXPECT_GT(mop_up_of("w W:1G9,7A5,8N6,7B4,8C5,9D6 " + four), 0) << "the rest of the term is on";
}

// What the box term adds at weight 10 (the other mop-up weights 0).
int box_of(const std::string& text) {
  EvalParams a = without_mop_up(), b = without_mop_up();
  a.mop_up = b.mop_up = 1;
  a.mop_edge = a.mop_near = a.trade = a.mop_push = a.mop_strip = a.mop_box = 0;
  b.mop_edge = b.mop_near = b.trade = b.mop_push = b.mop_strip = 0;
  b.mop_box = 10;
  return evaluate(pos(text), b) - evaluate(pos(text), a);
}

TEST(TojmotMopUp, TheBoxCountsTheCellsTheLoneOneCannotReach) {
  // G9's eight neighbours are all on the board; the 7's diagonal A5-H12 crosses E9, F10 and G11.
  EXPECT_EQ(box_of("w W:1G3,7A5,8N6 B:1G9 0 1"), 30);
  // The white 1 on G5 also takes G7 (the 1s may not touch).
  EXPECT_EQ(box_of("w W:1G5,7A5,8N6 B:1G9 0 1"), 40);
  EXPECT_EQ(box_of("b W:1G5,7A5,8N6 B:1G9 0 1"), -40) << "the same term, for the side behind";
  // Leapers far ahead: on G9 only H8 is taken (the 6 on J4); on the edge, A9, none is, but three
  // of its eight neighbours are off the board.
  EXPECT_EQ(box_of("w W:1G3,5D4,6J4,3N4 B:1G9 0 1"), 10);
  EXPECT_EQ(box_of("w W:1G3,5D4,6J4,3N4 B:1A9 0 1"), 30);
  // Two Romans up is not far ahead: nothing.
  EXPECT_EQ(box_of("w W:1G5,IIA5,VC5 B:1G9 0 1"), 0);
}

TEST(TojmotMopUp, StripCountsTheSideBehindsPiecesOffOnly) {
  EvalParams a = without_mop_up(), b = without_mop_up();
  a.mop_up = b.mop_up = 1;
  a.mop_edge = a.mop_near = a.trade = a.mop_push = a.mop_strip = a.mop_box = 0;
  b.mop_edge = b.mop_near = b.trade = b.mop_push = b.mop_box = 0;
  b.mop_strip = 10;
  // Black has 1 piece of 18: 17 off, 170; White's own pieces off do not count.
  const std::string text = "w W:1G5,7A5,8N6 B:1G9 0 1";
  EXPECT_EQ(evaluate(pos(text), b) - evaluate(pos(text), a), 170);
  const std::string more = "w W:1G5,7A5,8N6,9B4,2D4 B:1G9 0 1";
  EXPECT_EQ(evaluate(pos(more), b) - evaluate(pos(more), a), 170);
}

std::string best_move(const std::string& text, const EvalParams& e) {
  search::TranspositionTable tt(4);
  search::AlphaBeta<Tojmot> ab(tt, e);
  search::Config cfg;
  cfg.max_nodes = 5000;
  const Position p = pos(text);
  const auto out = ab.run(p, {}, cfg, {});
  return out.lines.empty() ? "" : move_to_text(p, out.lines[0].move);
}

TEST(TojmotMopUp, TheOneWalksTowardTheLoneOne) {
  // An ending a play-out reached (the side behind has a lone 1 and an X): without the terms
  // Black pushes an X; with the mop-up terms of the fourth round (Romans pushed at 6 a step) its 1
  // steps from G7 to E7, toward the white 1 on B6; at 12 a step (the default since the sixth
  // round) the X goes on; with the mating terms too (the default) the V on H4 promotes: a 5 more,
  // and mate_promo counts what a promotion gains.
  const std::string text = "b W:1B6,XK13 B:VH4,1G7,XD8,2F8,XG9,6H10 1 145";
  EXPECT_EQ(best_move(text, without_mop_up()), "d8e7");
  EvalParams mop_only;
  mop_only.mate_gate = 0;
  mop_only.mop_push = 6;
  EXPECT_EQ(best_move(text, mop_only), "g7e7");
  mop_only.mop_push = 12;
  EXPECT_EQ(best_move(text, mop_only), "d8e7");
  EXPECT_EQ(best_move(text, EvalParams{}), "h4i3=5");
}

TEST(TojmotMopUp, PromotionTermCountsWhatThePromotionGains) {
  EvalParams off;
  EvalParams on;
  on.mop_promo = 60;
  // The X on G11 is 4 steps from I15: near 12 - 4 = 8, and it would become a 7 (1100 - 120 = 980):
  // 60 % of 980 * 8 / 12 = 392. A II as far (C11, 4 steps from E15) gains a 2's 150 - 100: 20.
  const std::string x = "w W:1G3,7A5,XG11 B:1G15 0 1";
  EXPECT_EQ(evaluate(pos(x), on) - evaluate(pos(x), off), 392);
  EXPECT_EQ(evaluate(pos("b W:1G3,7A5,XG11 B:1G15 0 1"), on) - evaluate(pos("b W:1G3,7A5,XG11 B:1G15 0 1"), off), -392);
  EXPECT_EQ(evaluate(pos("w W:1G3,7A5,IIC11 B:1G15 0 1"), on) - evaluate(pos("w W:1G3,7A5,IIC11 B:1G15 0 1"), off), 20);
  // One step nearer is worth 980 * 60 % / 12 = 49 more.
  EXPECT_EQ(evaluate(pos("w W:1G3,7A5,XH12 B:1G15 0 1"), on) - evaluate(pos(x), on) -
                (evaluate(pos("w W:1G3,7A5,XH12 B:1G15 0 1"), off) - evaluate(pos(x), off)),
            49);
  // The side behind's Romans count for nothing: the term is the side ahead's.
  EXPECT_EQ(evaluate(pos("w W:1G3,7A5 B:1G15,XG7 0 1"), on), evaluate(pos("w W:1G3,7A5 B:1G15,XG7 0 1"), off));
  // promo_lead: the term from another lead. 8 and X against a II: lead 620, 120 past 500, so
  // 120/200 of 392; past the whole lead of 1220, nothing.
  EvalParams later = on;
  later.promo_lead = 500;
  const std::string x8 = "w W:1G3,8A5,XG11 B:1G15,IIA13 0 1";
  EXPECT_EQ(evaluate(pos(x8), later) - evaluate(pos(x8), off), 392 * 120 / 200);
  later.promo_lead = 1300;
  EXPECT_EQ(evaluate(pos(x), later), evaluate(pos(x), off));
  ASSERT_TRUE(parse_eval_params("mop_promo=60"));
  EXPECT_EQ(evaluate(pos(x), *parse_eval_params("mop_promo=60")), evaluate(pos(x), on));
}

TEST(TojmotMopUp, FadeScalesAFarAheadScoreByTheClock) {
  EvalParams off;
  EvalParams fade;
  fade.mop_fade = 200;
  // 7 and 8 against the lone 1: far ahead (the term fully ramped in).
  const std::string at = "w W:1G3,7A5,8N6 B:1G15 ";
  for (int clock : {0, 1, 60, 100, 199}) {
    const Position p = pos(at + std::to_string(clock) + " 40");
    const int v = evaluate(p, off);
    EXPECT_EQ(evaluate(p, fade), v - v * clock / 200) << clock;
  }
  EXPECT_EQ(evaluate(pos(at + "100 40"), fade), evaluate(pos(at + "100 40"), off) - evaluate(pos(at + "100 40"), off) / 2);
  EXPECT_EQ(evaluate(pos(at + "250 40"), fade), 0) << "never turned round";
  const std::string black = "b W:1G3,7A5,8N6 B:1G15 80 40";
  EXPECT_EQ(evaluate(pos(black), fade), evaluate(pos(black), off) - evaluate(pos(black), off) * 80 / 200) << "the side behind";
  // Level material: no fade whatever the clock. Two Romans up (lead 200, mop_lead 200): none either;
  // three (100 past mop_lead): half of it.
  const std::string level = "w W:1G3,7A5 B:1G15,7A13 90 40";
  EXPECT_EQ(evaluate(pos(level), fade), evaluate(pos(level), off));
  const std::string two = "w W:1G3,IIA5,VC5 B:1G15 90 40";
  EXPECT_EQ(evaluate(pos(two), fade), evaluate(pos(two), off));
  const std::string three = "w W:1G3,IIA5,VC5,IIIM5 B:1G15 90 40";
  const int v3 = evaluate(pos(three), off);
  EXPECT_EQ(evaluate(pos(three), fade), v3 - v3 * (90 * 100) / (200 * 200));
  EvalParams none = fade;
  none.mop_up = 0;
  EXPECT_EQ(evaluate(pos(at + "100 40"), none), evaluate(pos(at + "100 40"), without_mop_up())) << "mop_up=0 turns it off too";
}

// The lone 1 on H10 has the 48 cells of the 7x7 square (three steps) around it on the board. A
// white 2 on L10 attacks J10, L8, L12 and N10 in it: the 1 reaches 44 (L10 itself round J10 in
// three steps, M11 and M9 round it too), so room 10 adds 10 * (48 - 44). The six Romans far off
// attack nothing in the square; the lead (750) ramps the term fully in.
TEST(TojmotMopUp, RoomCountsTheCellsTheLoneOneReachesInThreeSteps) {
  EvalParams off, room;
  room.mop_room = 10;
  const std::string white = "w W:1G1,VB4,VIIID4,IIA5,IIIC5,IVM5,VIN4,2L10 B:1H10 0 30";
  EXPECT_EQ(evaluate(pos(white), room) - evaluate(pos(white), off), 40);
  const std::string black = "b W:1G1,VB4,VIIID4,IIA5,IIIC5,IVM5,VIN4,2L10 B:1H10 0 30";
  EXPECT_EQ(evaluate(pos(black), room) - evaluate(pos(black), off), -40) << "for the side behind";
  // In the open (the 2 on N4 and the sixth Roman on N6 attack nothing near): the whole square, nothing added.
  const std::string open = "w W:1G1,VB4,VIIID4,IIA5,IIIC5,IVM5,VIN6,2N4 B:1H10 0 30";
  EXPECT_EQ(evaluate(pos(open), room), evaluate(pos(open), off));
  // Two officers left to the side behind: not yet (the term waits for at most one).
  const std::string two = "w W:1G1,VB4,VIIID4,IIA5,IIIC5,IVM5,VIN4,2L10 B:1H10,2B12,5N12 0 30";
  EXPECT_EQ(evaluate(pos(two), room), evaluate(pos(two), off));
}

}  // namespace
}  // namespace oyin::tojmot

namespace oyin::tojmot {
namespace {

EvalParams mating(int table, int promo, int hunt = 0) {
  EvalParams e;
  e.mate_lead = 0;
  e.mate_table = table;
  e.mate_promo = promo;
  e.mate_hunt = hunt;
  return e;
}

// The mating terms off (EvalParams{} has them on).
EvalParams unmated() {
  EvalParams e;
  e.mate_gate = 0;
  e.mate_exact = 0;
  return e;
}

// The 1 on G9 with an 8 on D8 and a 9 on N4 against the bare 1 on G13: mate_table adds 30 for
// each ply the nearer of the two mates (the 1 and the 8 alone, the 1 and the 9 alone) is short of
// 90 (games/tojmot/mating_table.h), for the side ahead; taken off for the side behind.
TEST(TojmotMopUp, MateTableCountsThePliesOfTheNearestMateOfOneMatingPiece) {
  const int g9 = parse_cell("G9"), d8 = parse_cell("D8"), n4 = parse_cell("N4"), g13 = parse_cell("G13");
  const auto nearest = [&](bool strong_to_move) {
    return std::min(MatingTable::of(kEight).plies(g9, d8, g13, strong_to_move),
                    MatingTable::of(kNine).plies(g9, n4, g13, strong_to_move));
  };
  ASSERT_LT(nearest(true), 90);
  const std::string white = "w W:1G9,8D8,9N4,IIA5 B:1G13 0 30";
  EXPECT_EQ(evaluate(pos(white), mating(30, 0)) - evaluate(pos(white), unmated()), 30 * (90 - nearest(true)));
  const std::string black = "b W:1G9,8D8,9N4,IIA5 B:1G13 0 30";
  EXPECT_EQ(evaluate(pos(black), mating(30, 0)) - evaluate(pos(black), unmated()), -30 * (90 - nearest(false)));
  // Black ahead, the board turned over: the same plies.
  const std::string mirrored = "b W:1G5 B:1G9,8D10,9N14,IIA13 0 30";
  EXPECT_EQ(evaluate(pos(mirrored), mating(30, 0)) - evaluate(pos(mirrored), unmated()), 30 * (90 - nearest(true)));
  // A bare 1 is mated whatever the lead: a 1 and an 8 alone (600, not past mate_lead 600) count too.
  const std::string rook = "w W:1G9,8D8 B:1G13 0 30";
  EXPECT_EQ(evaluate(pos(rook), EvalParams{}) - evaluate(pos(rook), unmated()),
            30 * (90 - MatingTable::of(kEight).plies(g9, d8, g13, true)));
  // The side behind keeps a 9 (400): above a gate of 300 nothing is added.
  EvalParams gate300 = mating(30, 0);
  gate300.mate_gate = 300;
  const std::string guarded = "w W:1G9,8D8,9N4,IIA5,IIIC5,IVK5 B:1G13,9A13 0 30";
  EXPECT_EQ(evaluate(pos(guarded), gate300), evaluate(pos(guarded), unmated()));
  EXPECT_NE(evaluate(pos(guarded), mating(30, 0)), evaluate(pos(guarded), unmated())) << "within a gate of 1000";
}

// The side ahead promotes: mate_promo 60 gives each Roman/X 60 % of what its promotion gains
// times (12 - steps)/12: the X on E11 (4 steps, a 7: 980) 392, the II on A5 (10 steps, 50) 5, the
// III on C5 (10 steps, 250) 25. With an 8 on the board the same (since the sixth round: a 7 mates
// a bare 1 within 24 plies, an 8 may need 54).
TEST(TojmotMopUp, MatePromoDrivesTheRomansEvenWithAMatingPiece) {
  const std::string leapers = "w W:1G9,5D8,XE11,IIA5,IIIC5 B:1G13 0 30";
  EXPECT_EQ(evaluate(pos(leapers), mating(0, 60)) - evaluate(pos(leapers), unmated()), 392 + 5 + 25);
  const std::string rook = "w W:1G9,8D8,XE11,IIA5,IIIC5 B:1G13 0 30";
  EXPECT_EQ(evaluate(pos(rook), mating(0, 60)) - evaluate(pos(rook), unmated()), 392 + 5 + 25);
}

// mate_hunt: each officer the side behind keeps costs the side ahead 100 (the tables know a bare
// 1 only); its Romans and X do not count, nor anything beyond the gate.
TEST(TojmotMopUp, MateHuntCountsTheOfficersLeftToTheSideBehind) {
  const std::string nine = "w W:1G9,8D8,9N4,IIA5 B:1G13,9A13 0 30";
  EXPECT_EQ(evaluate(pos(nine), mating(0, 0, 100)) - evaluate(pos(nine), mating(0, 0)), -100);
  const std::string black = "b W:1G9,8D8,9N4,IIA5 B:1G13,9A13 0 30";
  EXPECT_EQ(evaluate(pos(black), mating(0, 0, 100)) - evaluate(pos(black), mating(0, 0)), 100) << "the side behind to move";
  const std::string two = "w W:1G9,8D8,9N4,IIA5,IIIC5 B:1G13,9A13,2N12,IIM13 0 30";
  EXPECT_EQ(evaluate(pos(two), mating(0, 0, 100)) - evaluate(pos(two), mating(0, 0)), -200);
  EvalParams gate300 = mating(0, 0, 100);
  gate300.mate_gate = 300;
  EXPECT_EQ(evaluate(pos(nine), gate300), evaluate(pos(nine), mating(0, 0))) << "a 9 (400) is past a gate of 300";
  ASSERT_TRUE(parse_eval_params("mate_hunt=100"));
  EXPECT_EQ(EvalParams{}.mate_hunt, 100);
}

// Three pieces left: the table's verdict. A 1 and a 5 cannot mate a bare 1: 0 with mate_exact,
// a lead of a 5 without; a 1 and an 8 can: the evaluation as it is.
TEST(TojmotMopUp, MateExactCallsTheThreePieceDrawsDraws) {
  EvalParams exact = unmated();
  exact.mate_exact = 1;
  EXPECT_EQ(evaluate(pos("w W:1G9,5D8 B:1G13 0 1"), exact), 0);
  EXPECT_GT(evaluate(pos("w W:1G9,5D8 B:1G13 0 1"), unmated()), 100);
  EXPECT_EQ(evaluate(pos("w W:1G9,8D8 B:1G13 0 1"), exact), evaluate(pos("w W:1G9,8D8 B:1G13 0 1"), unmated()));
  EvalParams off = exact;
  off.mop_up = 0;  // every mop-up and mating term
  EXPECT_EQ(evaluate(pos("w W:1G9,5D8 B:1G13 0 1"), off), evaluate(pos("w W:1G9,5D8 B:1G13 0 1"), without_mop_up()));
}

}  // namespace
}  // namespace oyin::tojmot
