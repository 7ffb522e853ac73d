// The evaluation's mop-up term for Tojmot (eval.cpp, mop_up): off while material is level, its
// size and direction on fixed positions.
#include <gtest/gtest.h>

#include "games/tojmot/game.h"
#include "search/tojmot_positions.h"

namespace oyin::tojmot {
namespace {

EvalParams without_mop_up() {
  EvalParams e;
  e.mop_edge = e.mop_near = e.trade = e.mop_push = 0;
  return e;
}

// The weights the term was measured with (off by default, eval.h).
EvalParams with_mop_up() {
  EvalParams e;
  e.mop_edge = 6;
  e.mop_near = 8;
  e.trade = 4;
  e.mop_push = 6;
  return e;
}

// What the mop-up term adds to the evaluation for the side to move.
int mop_up_of(const std::string& text) { return evaluate(pos(text), with_mop_up()) - evaluate(pos(text), without_mop_up()); }

TEST(TojmotMopUp, OffByDefault) {
  EXPECT_EQ(evaluate(pos("w W:1G5,7A5,8N6 B:1G9 0 1"), EvalParams{}), evaluate(pos("w W:1G5,7A5,8N6 B:1G9 0 1"), without_mop_up()));
}

TEST(TojmotMopUp, MopUpIsOffWhileMaterialIsLevel) {
  EXPECT_EQ(mop_up_of("w W:1G1,XE3,7G3,XI3,2B4,5D4,8F4,9H4,6J4,4L4,3N4,IIA5,VC5,VIIIE5,IXG5,VII5,IVK5,IIIM5 "
                      "B:IIIA13,IVC13,VIE13,IXG13,VIIII13,VK13,IIM13,3B14,4D14,6F14,9H14,8J14,5L14,2N14,XE15,7G15,XI15,1G17 0 1"),
            0);
  // Two Romans up is not yet far ahead (mop_lead 300).
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

}  // namespace
}  // namespace oyin::tojmot
