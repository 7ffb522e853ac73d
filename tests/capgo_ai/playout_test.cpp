// The playout board against the rules core, and the playout policies' game knowledge.
#include <gtest/gtest.h>

#include "games/capgo/game.h"
#include "search/capgo/playout.h"
#include "search/capgo/tactics.h"

namespace oyin::capgo {
namespace {

Position start(const char* rules) { return CaptureGo::start_position(*CaptureGo::parse_rules(rules)); }

// Random games on both boards side by side: stones, captures and winners must agree (the
// playout board knows only simple ko, so games stop at the first superko-only refusal).
TEST(CapgoPlayout, FastBoardFollowsTheRulesCore) {
  Rng rng(11);
  int moves_checked = 0;
  for (const char* r : {"size=5,target=3,pass=1", "size=7,target=6,pass=0", "size=9,target=10", "size=2,target=2"}) {
    for (int game = 0; game < 40; ++game) {
      Position pos = start(r);
      FastBoard fb;
      fb.init(pos);
      while (!is_over(pos)) {
        MoveList list;
        generate_moves(pos, list);
        const Move m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
        if (m != kPass && !fb.legal(m.point)) break;  // superko and simple ko disagree: stop here
        Undo u;
        capgo::play(pos, m, u);
        if (m == kPass) fb.pass();
        else fb.play(m.point);
        ++moves_checked;
        ASSERT_EQ(fb.captures[0], pos.captures[0]);
        ASSERT_EQ(fb.captures[1], pos.captures[1]);
        ASSERT_EQ(fb.to_move, pos.to_move);
        for (int p = 0; p < pos.npoints; ++p) ASSERT_EQ(fb.color[p], pos.color[p]) << r << " point " << p;
        int empties = 0;
        for (int p = 0; p < pos.npoints; ++p) empties += pos.color[p] == kEmpty;
        ASSERT_EQ(fb.nempty, empties);
        const GameStatus st = status(pos);
        if (st.over() && pos.pass_allowed) {
          ASSERT_EQ(fb.winner, st.outcome == Outcome::Draw ? 2 : index(st.winner)) << st.reason;
        }
      }
    }
  }
  EXPECT_GT(moves_checked, 3000);
}

TEST(CapgoPlayout, PlayoutsEndWithAWinnerAndAreDeterministic) {
  for (Policy pol : {Policy::Light, Policy::Full}) {
    for (const char* r : {"size=9,target=1", "size=9,target=5,pass=0", "size=5,target=2", "size=19,target=3"}) {
      const Position p = start(r);
      int wins[3] = {0, 0, 0};
      Rng a(5), b(5);
      for (int i = 0; i < 200; ++i) {
        FastBoard x, y;
        x.init(p);
        y.init(p);
        const int wx = playout(x, pol, a, 2000);
        const int wy = playout(y, pol, b, 2000);
        ASSERT_EQ(wx, wy);
        ASSERT_GE(wx, 0);
        ASSERT_LE(wx, 2);
        ++wins[wx];
      }
      EXPECT_GT(wins[0] + wins[1], 150) << r << ": most playouts reach a capture target";
    }
  }
}

// 5×5, Black to move. White's stone at C3 is in atari (Black B3, D3, C2 around it) and capturing
// it wins; the full policy must see that whatever else is on the board.
TEST(CapgoPlayout, FullPolicyTakesTheWinningCaptureAndSavesItsChain) {
  auto rules = *CaptureGo::parse_rules("size=5,target=1");
  Position p = *parse_position("5 ...../...../.XOX./..X../..... b 0 0 0", rules);
  Rng rng(3);
  for (int i = 0; i < 20; ++i) {
    FastBoard b;
    b.init(p);
    EXPECT_EQ(policy_move(b, Policy::Full, rng), p.index(2, 3)) << "C4 captures C3 and wins";
  }
  // White to move in the same picture: its stone is in atari, the only save is C4 (extending).
  Position q = *parse_position("5 ...../...../.XOX./..X../..... w 0 0 0", rules);
  for (int i = 0; i < 20; ++i) {
    FastBoard b;
    b.init(q);
    const int m = policy_move(b, Policy::Full, rng);
    EXPECT_EQ(m, q.index(2, 3)) << "the saving move";
  }
}

TEST(CapgoPlayout, PassesIntoAWonCountButNotALostOne) {
  auto rules = *CaptureGo::parse_rules("size=5,target=5");
  Rng rng(1);
  FastBoard b;
  b.init(*parse_position("5 ...../...../..X../...../..... b 2 1 1", rules));
  EXPECT_EQ(policy_move(b, Policy::Light, rng), 0) << "Black leads 2:1 after White's pass";
  b.init(*parse_position("5 ...../...../..X../...../..... b 1 2 1", rules));
  EXPECT_NE(policy_move(b, Policy::Full, rng), 0) << "passing would lose the count";
}

TEST(CapgoTactics, AtariCaptureAndSelfAtari) {
  using namespace tactics;
  auto rules = *CaptureGo::parse_rules("size=5,target=1");
  // Black A1 next to White B1: one liberty, A2, where White captures one stone.
  Position p = *parse_position("5 ...../...../...../...../XO... w 0 0 0", rules);
  const int a1 = p.index(0, 0), a2 = p.index(0, 1);
  EXPECT_TRUE(in_atari(p, p.head[a1]));
  EXPECT_EQ(atari_point(p, p.head[a1]), a2);
  EXPECT_EQ(captured_by(p, a2, kWhite), 1);
  EXPECT_EQ(captured_by(p, p.index(2, 0), kWhite), 0);
  EXPECT_EQ(libs_after(p, a2, kBlack, 4), 2) << "extending to A2 gives A3 and B2";
  EXPECT_FALSE(self_atari(p, a2, kBlack));
  // Black B1 between White C1 and B2 has only A1: self-atari; A2 has A1 and A3.
  Position q = *parse_position("5 ...../...../...../.O.../..O.. b 0 0 0", rules);
  EXPECT_TRUE(self_atari(q, q.index(1, 0), kBlack));
  EXPECT_FALSE(self_atari(q, q.index(0, 1), kBlack));
  EXPECT_EQ(min_adjacent_opp_libs(q, q.index(1, 0), kBlack), 3) << "B2 has A2, C2, B3";
  EXPECT_EQ(chain_size_after(q, q.index(1, 0), kBlack), 1);
  EXPECT_FALSE(own_eye(q, q.index(0, 0), kBlack));
}

}  // namespace
}  // namespace oyin::capgo
