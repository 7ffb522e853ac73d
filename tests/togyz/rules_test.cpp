// One named test per rule and subtlety of ../shared/rules/togyz-kumalak.md.
#include <gtest/gtest.h>

#include "games/togyz/game.h"
#include "togyz/position_builder.h"

namespace oyin::togyz {
namespace {

using testing::after;
using testing::build;
using testing::Deal;

int W(const Position& p, int n) { return p.pits[n - 1]; }
int B(const Position& p, int n) { return p.pits[9 + n - 1]; }

// "A move", 2: one stone back into the start pit, n-1 into the following pits.
TEST(TogyzRules, FirstStoneGoesBackIntoTheStartPit) {
  Position p = after(start_position(), "65");
  EXPECT_EQ(W(p, 6), 1);
  EXPECT_EQ(W(p, 7), 10);
  EXPECT_EQ(W(p, 9), 10);
  EXPECT_EQ(B(p, 4), 10);
  EXPECT_EQ(B(p, 5), 0) << "10 is even: captured";
  EXPECT_EQ(p.kazan[0], 10);
  EXPECT_EQ(to_fen(p), "9S,9S,9S,9S,1,10S,10S,10S,10S/9S,9S,9S,9S,9S,1S,10S,10S,10S 10 0 N 1");
}

TEST(TogyzRules, SingleStoneMovesToTheNextPit) {
  Deal s;
  s.white = {1, 5, 0, 0, 0, 0, 0, 0, 0};
  s.black = {9, 9, 9, 9, 9, 9, 9, 9, 9};
  s.white_kazan = 40;
  Position p = after(build(s), "12");
  EXPECT_EQ(W(p, 1), 0);
  EXPECT_EQ(W(p, 2), 6);
}

TEST(TogyzRules, NineteenStonesLapTheBoardAndEndInTheStartPit) {
  Deal s;
  s.white = {19, 9, 9, 9, 9, 9, 9, 9, 9};
  s.black = {9, 9, 9, 9, 9, 9, 9, 8, 0};
  Position p = after(build(s), "11");
  EXPECT_EQ(W(p, 1), 2) << "the first and the 19th stone";
  for (int i = 2; i <= 9; ++i) EXPECT_EQ(W(p, i), 10);
  for (int i = 1; i <= 7; ++i) EXPECT_EQ(B(p, i), 10);
  EXPECT_EQ(B(p, 8), 9);
  EXPECT_EQ(B(p, 9), 1);
  EXPECT_EQ(p.kazan[0], 0) << "a last stone on the mover's own side never captures";
}

TEST(TogyzRules, ThirtySevenStonesLapTwice) {
  Deal s;
  s.white = {0, 37, 0, 0, 0, 0, 0, 0, 0};
  s.black = {1, 0, 0, 0, 0, 0, 0, 0, 0};
  s.white_kazan = 60;
  Position p = after(build(s), "22");
  EXPECT_EQ(W(p, 2), 3) << "offsets 0, 18 and 36: the last stone lands in the start pit";
  EXPECT_EQ(W(p, 3), 2);
  EXPECT_EQ(B(p, 1), 3);
  EXPECT_EQ(W(p, 4), 2);
}

TEST(TogyzRules, EvenCountCapturesTheOpponentsPit) {
  Position p = after(start_position(), "65");
  EXPECT_EQ(p.kazan[0], 10);
}

TEST(TogyzRules, OddCountOtherThanThreeCapturesNothing) {
  Deal s;
  s.white = {0, 0, 0, 0, 0, 0, 0, 0, 2};
  s.black = {4, 9, 9, 9, 9, 9, 9, 9, 9};
  s.white_kazan = 20;
  Position p = after(build(s), "91");
  EXPECT_EQ(B(p, 1), 5);
  EXPECT_EQ(p.kazan[0], 20);
}

TEST(TogyzRules, LastStoneOnOwnSideNeverCaptures) {
  Deal s;
  s.white = {3, 1, 0, 0, 0, 0, 0, 0, 0};  // 13: W1, W2 (→2), W3 (→1): lands on own pit 3
  s.black = {9, 9, 9, 9, 9, 9, 9, 9, 9};
  s.white_kazan = 40;
  Position p = after(build(s), "13");
  EXPECT_EQ(W(p, 2), 2);
  EXPECT_EQ(W(p, 3), 1);
  EXPECT_EQ(p.kazan[0], 40);
}

TEST(TogyzRules, ThreeMakesATuzdykAutomatically) {
  Deal s;
  s.white = {0, 0, 0, 0, 0, 0, 0, 0, 3};  // 93: W9, B1, B2
  s.black = {5, 2, 9, 9, 9, 9, 9, 9, 9};
  s.white_kazan = 20;
  Position b = build(s);
  auto m = parse_move(b, "9");
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(move_to_text(b, *m), "92x");
  EXPECT_EQ(record_move_text(b, *m), "92X");
  Position p = after(b, "92x");
  EXPECT_EQ(p.tuzdyk[0], 9 + 1);
  EXPECT_EQ(B(p, 2), 0);
  EXPECT_EQ(p.kazan[0], 23);
}

TEST(TogyzRules, SingleStoneMoveCanMakeATuzdyk) {
  Deal s;
  s.white = {0, 0, 0, 0, 0, 0, 0, 0, 1};
  s.black = {2, 9, 9, 9, 9, 9, 9, 9, 9};
  s.white_kazan = 30;
  Position p = after(build(s), "91x");
  EXPECT_EQ(p.tuzdyk[0], 9);
  EXPECT_EQ(p.kazan[0], 33);
}

TEST(TogyzRules, SingleStoneMoveCanCapture) {
  Deal s;
  s.white = {0, 0, 0, 0, 0, 0, 0, 0, 1};
  s.black = {3, 9, 9, 9, 9, 9, 9, 9, 9};
  s.white_kazan = 30;
  Position p = after(build(s), "91(34)");
  EXPECT_EQ(B(p, 1), 0);
}

TEST(TogyzRules, NoTuzdykOnPitNine) {
  Deal t;
  t.white = {0, 0, 0, 0, 0, 0, 0, 0, 10};  // 10 stones from W9: W9, B1..B9: lands on B9
  t.black = {9, 9, 9, 9, 9, 9, 9, 9, 2};
  t.white_kazan = 30;
  Position q = after(build(t), "99");
  EXPECT_EQ(B(q, 9), 3) << "pit 9 can never become a tuzdyk";
  EXPECT_EQ(q.tuzdyk[0], kNoTuzdyk);
  EXPECT_EQ(q.kazan[0], 30);
}

TEST(TogyzRules, OnlyOneTuzdykPerPlayer) {
  Deal s;
  s.white = {0, 0, 0, 0, 0, 0, 0, 0, 3};
  s.black = {5, 2, 9, 9, 9, 0, 9, 9, 9};
  s.white_kazan = 20;
  s.white_tuzdyk = 6;
  Position p = after(build(s), "92");
  EXPECT_EQ(B(p, 2), 3);
  EXPECT_EQ(p.tuzdyk[0], 9 + 5);
}

TEST(TogyzRules, SameNumberRestriction) {
  // Black's tuzdyk is White's pit 2: White may not make one on Black's pit 2.
  Deal s;
  s.white = {0, 0, 0, 0, 0, 0, 0, 0, 3};
  s.black = {5, 2, 9, 9, 9, 9, 9, 9, 9};
  s.white_kazan = 20;
  s.black_tuzdyk = 2;
  Position p = after(build(s), "92");
  EXPECT_EQ(B(p, 2), 3);
  EXPECT_EQ(p.tuzdyk[0], kNoTuzdyk);
  // The mirrored number (10 - 2 = 8) does not restrict anything.
  s.black_tuzdyk = 8;
  Position q = after(build(s), "92x");
  EXPECT_EQ(q.tuzdyk[0], 9 + 1);
}

TEST(TogyzRules, StonesFallingIntoATuzdykGoToItsOwner) {
  // White owns Black's pit 2; White sows across it: that stone is White's.
  Deal s;
  s.white = {0, 0, 0, 0, 0, 0, 0, 0, 4};  // W9, B1, B2 (tuzdyk), B3
  s.black = {5, 0, 3, 9, 9, 9, 9, 9, 9};
  s.white_kazan = 20;
  s.white_tuzdyk = 2;
  Position p = after(build(s), "93");
  EXPECT_EQ(B(p, 2), 0);
  EXPECT_EQ(B(p, 1), 6);
  EXPECT_EQ(p.kazan[0], 20 + 1 + 4) << "the tuzdyk stone plus the capture of 4 on B3";
  EXPECT_EQ(B(p, 3), 0);
}

TEST(TogyzRules, OpponentsStonesIntoATuzdykGoToItsOwnerToo) {
  // White owns Black's pit 2; Black sows from its pit 1 over pit 2: the stone is White's.
  Deal s;
  s.white = {9, 9, 9, 9, 9, 9, 9, 9, 9};
  s.black = {3, 0, 4, 0, 0, 0, 0, 0, 0};  // 13: B1, B2 (tuzdyk), B3
  s.white_kazan = 20;
  s.white_tuzdyk = 2;
  s.side = 1;
  Position b = build(s);
  Position p = after(b, "13");
  EXPECT_EQ(p.kazan[0], 21);
  EXPECT_EQ(p.kazan[1], b.kazan[1]);
  EXPECT_EQ(B(p, 3), 5);
}

TEST(TogyzRules, LastStoneIntoATuzdykGoesToItsOwnerAndCapturesNothing) {
  Deal s;
  s.white = {0, 0, 0, 0, 0, 0, 0, 0, 3};  // W9, B1, B2 = White's own tuzdyk
  s.black = {5, 0, 9, 9, 9, 9, 9, 9, 9};
  s.white_kazan = 20;
  s.white_tuzdyk = 2;
  Position p = after(build(s), "92");
  EXPECT_EQ(p.kazan[0], 21);
  EXPECT_EQ(B(p, 1), 6);
  EXPECT_EQ(B(p, 2), 0);
}

TEST(TogyzRules, KazanOver81WinsAtOnce) {
  Deal s;
  s.white = {0, 0, 0, 0, 0, 0, 0, 0, 1};
  s.black = {1, 9, 9, 9, 9, 9, 9, 9, 9};
  s.white_kazan = 80;
  Position b = build(s);
  EXPECT_FALSE(status(b).over());
  Position p = after(b, "91(82)");
  const GameStatus st = status(p);
  EXPECT_EQ(st.outcome, Outcome::Win);
  EXPECT_EQ(st.winner, Side::First);
  EXPECT_EQ(st.reason, "kazan over 81");
  EXPECT_EQ(count_moves(p), 0) << "a finished game has no children";
}

TEST(TogyzRules, AtsyrauWhenTheSideToMoveIsEmpty) {
  // White's last move leaves Black (to move) with no stones: White sweeps its own pits.
  Deal s;
  s.white = {0, 0, 0, 0, 0, 0, 5, 0, 1};
  s.black = {1, 0, 0, 0, 0, 0, 0, 0, 0};
  s.white_kazan = 78;  // Black: 162 - 7 - 78 = 77
  Position b = build(s);
  Position p = after(b, "91(80)");  // 1 + 1 = 2 on B1: captured, Black is empty
  const GameStatus st = status(p);
  EXPECT_EQ(st.outcome, Outcome::Win);
  EXPECT_EQ(st.winner, Side::First) << "80 + 5 swept = 85 against 77";
  EXPECT_EQ(st.reason, "atsyrau");
}

TEST(TogyzRules, AtsyrauOnlyForTheSideToMove) {
  // White has no stones but it is Black's turn: the game goes on.
  Deal s;
  s.white = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  s.black = {1, 0, 0, 0, 0, 0, 0, 0, 2};
  s.white_kazan = 79;
  s.side = 1;
  Position b = build(s);
  EXPECT_FALSE(status(b).over());
  EXPECT_EQ(count_moves(b), 2);
  // After Black's 12 White is to move and empty: Black sweeps its 3 stones, 80 + 3 against 79.
  Position p = after(b, "12");
  const GameStatus st = status(p);
  EXPECT_EQ(st.outcome, Outcome::Win);
  EXPECT_EQ(st.winner, Side::Second);
  EXPECT_EQ(st.reason, "atsyrau");
}

TEST(TogyzRules, EightyOneAllIsADraw) {
  auto p = parse_fen("9/9 81 81 S 50");
  ASSERT_TRUE(p.ok()) << p.error();
  const GameStatus st = status(*p);
  EXPECT_EQ(st.outcome, Outcome::Draw);
}

TEST(TogyzRules, ShortestGame) {
  Position p = start_position();
  for (const char* m : {"98", "22", "87", "12", "76", "25", "65", "13", "93", "25", "54"}) {
    EXPECT_FALSE(status(p).over()) << "before " << m;
    p = after(p, m);
  }
  EXPECT_EQ(p.kazan[0], 88);
  EXPECT_EQ(p.kazan[1], 10);
  const GameStatus st = status(p);
  EXPECT_EQ(st.outcome, Outcome::Win);
  EXPECT_EQ(st.winner, Side::First);
}

}  // namespace
}  // namespace oyin::togyz
