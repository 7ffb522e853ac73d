// The real oyin binary on Tojmot: perft output, terminal play, and exit code 2 with one clear
// line for every kind of bad position, bad move and bad rule option.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/run_command.h"

namespace oyin::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

void expect_usage_error(const std::string& args, const std::string& message) {
  SCOPED_TRACE(args);
  const CommandResult r = run_oyin(args);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "oyin: " + message + "\n") << "one line naming what is wrong";
}

TEST(TojmotCli, PerftFromTheStart) {
  const CommandResult r = run_oyin("perft tojmot --depth 3");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(last_line(r.out), "Nodes searched: 30560");
  EXPECT_THAT(r.err, StartsWith("time "));
}

TEST(TojmotCli, PerftDivideFenRulesAndMoves) {
  const CommandResult d = run_oyin("perft tojmot -d 1 --divide");
  EXPECT_EQ(d.exit_code, 0);
  EXPECT_THAT(d.out, HasSubstr("\nl4l14: 1\n"));
  EXPECT_EQ(last_line(d.out), "Nodes searched: 31");
  EXPECT_EQ(last_line(run_oyin("perft tojmot -d 1 --fen \"w W:1G7 B:1G11 0 1\"").out), "Nodes searched: 7");
  EXPECT_EQ(last_line(run_oyin("perft tojmot -d 1 --rules own_pieces_in_zone=0").out), "Nodes searched: 27");
  EXPECT_EQ(last_line(run_oyin("perft tojmot -d 1 --rules piece6_both=1").out), "Nodes searched: 34");
  EXPECT_EQ(last_line(run_oyin("perft tojmot -d 1 --rules own_pieces_in_zone=0,piece6_both=1").out),
            "Nodes searched: 29");
  EXPECT_EQ(last_line(run_oyin("perft tojmot -d 1 --fen \"w W:1G1,XD14 B:1G17 0 1\"").out), "Nodes searched: 11");
  // --moves plays from the start (any notation); the same position given as text counts the same.
  const CommandResult moved = run_oyin("perft tojmot -d 2 --moves \"l4l14 2N14xL14\"");
  const CommandResult given = run_oyin(
      "perft tojmot -d 2 --fen \"w W:1G1,XE3,7G3,XI3,2B4,5D4,8F4,9H4,6J4,3N4,IIA5,VC5,VIIIE5,IXG5,VII5,IVK5,IIIM5 "
      "B:IIIA13,IVC13,VIE13,IXG13,VIIII13,VK13,IIM13,3B14,4D14,6F14,9H14,8J14,2L14,XE15,7G15,XI15,1G17 0 2\"");
  EXPECT_EQ(moved.exit_code, 0) << moved.err;
  EXPECT_EQ(given.exit_code, 0) << given.err;
  EXPECT_THAT(last_line(moved.out), StartsWith("Nodes searched: "));
  EXPECT_EQ(last_line(moved.out), last_line(given.out));
}

TEST(TojmotCli, BadPositionsExitWithCodeTwo) {
  expect_usage_error("perft tojmot -d 1 --fen \"w W:7G3 B:1G17\"", "impossible position: white has no 1");
  expect_usage_error("perft tojmot -d 1 --fen \"w W:1G1 B:1G17,1A13\"",
                     "impossible position: black has two 1s (A13 and G17)");
  expect_usage_error("perft tojmot -d 1 --fen \"w W:1G1,4L16 B:1G17\"",
                     "impossible position: white 4 on L16, which is not one of the 89 cells");
  expect_usage_error("perft tojmot -d 1 --fen \"w W:1G1,5H16 B:1G17\"",
                     "impossible position: white 5 on H16 is inside Black's zone");
  expect_usage_error("perft tojmot -d 1 --fen \"b W:1G1 B:1G17,8A7\"",
                     "impossible position: black to move, but white's 1 on G1 is in check");
  expect_usage_error("perft tojmot -d 1 --fen \"w W:1G1\"",
                     "bad position: expected 'w|b W:<pieces> B:<pieces> [<clock> <move number>]', got 2 fields");
  expect_usage_error("play tojmot --fen \"w W:1G1,1G5 B:1G17\"", "impossible position: white has two 1s (G1 and G5)");
}

TEST(TojmotCli, BadMovesExitWithCodeTwo) {
  expect_usage_error("perft tojmot -d 1 --moves l4l16", "move 1: bad move 'l4l16': 'l16' is not one of the 89 cells");
  expect_usage_error("perft tojmot -d 1 --moves l6l8", "move 1: bad move 'l6l8': there is no piece on L6");
  expect_usage_error("perft tojmot -d 1 --moves g1g3", "move 1: bad move 'g1g3': the 1 on G1 cannot go to G3");
  expect_usage_error("perft tojmot -d 1 --moves \"l4l14 l14l12\"",
                     "move 2: bad move 'l14l12': L14 holds a white 4, and it is black to move");
  expect_usage_error("perft tojmot -d 1 --fen \"w W:1G1,7G3 B:1A13,4G9\" --moves g3h2",
                     "move 1: bad move 'g3h2': it would leave your 1 in check");
  expect_usage_error("perft tojmot -d 1 --fen \"w W:1G1,XD14 B:1G17\" --moves d14e15",
                     "move 1: bad move 'd14e15': the X promotes on E15: say which piece it becomes, e.g. d14e15=7");
  expect_usage_error("perft tojmot -d 1 --moves zz", "move 1: bad move 'zz': expected <from><to>[=piece] like l4l14 or "
                                                     "f14e15=9, or a record move like 4L4xL14");
}

TEST(TojmotCli, BadRulesExitWithCodeTwo) {
  expect_usage_error("perft tojmot -d 1 --rules piece6_both=2",
                     "rule option 'piece6_both' wants 0/1 or false/true, got '2'");
  expect_usage_error("perft tojmot -d 1 --rules speed=1",
                     "unknown rule option 'speed' (Tojmot has own_pieces_in_zone, piece6_both, threefold, fifty_move)");
}

TEST(TojmotCli, PlayInTheTerminal) {
  const CommandResult r = run_oyin("play tojmot --seed 3 --no-color", "moves\nzz\nl4l14\nquit\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("Tojmot — you play white"));
  EXPECT_THAT(r.out, HasSubstr("g1h2 g1f2 g3h2"));
  EXPECT_THAT(r.out, HasSubstr("bad move 'zz'"));
  EXPECT_THAT(r.out, HasSubstr("Computer plays "));
  EXPECT_THAT(r.out, HasSubstr(" 14        (3)     (4)     (6)     (9)     (8)      4      (2)     14"));
}

}  // namespace
}  // namespace oyin::testing
