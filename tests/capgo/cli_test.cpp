// `oyin perft|replay|play capgo` on the real binary: last lines, exit codes, one-line errors.
#include <gtest/gtest.h>

#include <fstream>

#include "support/run_command.h"

namespace oyin::testing {
namespace {

TEST(CaptureGoCli, PerftPrintsNodesSearchedLast) {
  auto r = run_oyin("perft capgo --rules size=4,target=2,pass=0 --depth 5");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "Nodes searched: 521800\n");
  r = run_oyin("perft capgo --rules size=6,target=1,pass=0,setup=BC4+BD3+WC3+WD4 --depth 3 --threads 2");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(last_line(r.out), "Nodes searched: 29760");
  r = run_oyin("perft capgo --rules size=3 --fen '3 .../.X./... w 0 0 0' --depth 2");
  EXPECT_EQ(r.out, "Nodes searched: 73\n");
}

TEST(CaptureGoCli, BadInputIsOneLineAndExitCode2) {
  const std::pair<std::string, std::string> cases[] = {
      {"perft capgo --rules size=1 --depth 2", "oyin: size must be a whole number from 2 to 19, not '1'\n"},
      {"perft capgo --rules tgt=3 --depth 2",
       "oyin: unknown capture Go setting 'tgt' (known: size, target, target_b, target_w, pass, setup)\n"},
      {"perft capgo --fen '3 .../.../... b 0 0 0' --depth 2", "oyin: position is 3x3 but the rules say size=9\n"},
      {"perft capgo --rules size=2,setup=BA1+WA2+WB1 --depth 1", "oyin: setup: the black chain at A1 has no liberty\n"},
      {"play capgo --rules pass=2", "oyin: pass must be 1 (allowed) or 0 (forbidden), not '2'\n"},
      {"gtp --rules size=4,setup=BE5", "oyin: setup: 'E5' is off the 4x4 board\n"},
  };
  for (const auto& [args, err] : cases) {
    const auto r = run_oyin(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(r.err, err) << args;
  }
  const std::string bad = ::testing::TempDir() + "capgo_truncated.sgf";
  std::ofstream(bad) << "(;SZ[5];B[cc]";
  const auto r = run_oyin("replay capgo " + bad);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: " + bad + ": line 1: unexpected end of file inside a game tree (missing ')')\n");
}

TEST(CaptureGoCli, PlayShowsCoordinatesCountersAndTargets) {
  const auto r = run_oyin("play capgo --rules size=3,target=1 --hotseat --no-color", "B2\nA1\nA2\nC3\nZ9\nB1\nquit\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("'Z9' is off the 3x3 board (type 'moves' for the legal moves)"), std::string::npos);
  EXPECT_NE(r.out.find("    A B C\n  3 . . O 3\n  2 X X . 2\n  1 .(X). 1\n    A B C\n"
                       "  Black (X) captured 1 of 1   White (O) captured 0 of 1\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Game over: black wins (black reached the capture target (1 of 1))."), std::string::npos);
}

}  // namespace
}  // namespace oyin::testing
