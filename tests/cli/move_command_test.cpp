// oyin move: the computer player's move as the server makes it (registry/computer_move.h), on one
// line for a script; the browser engine's tests compare theirs with it (web/tests/wasm_engine*).
#include <gtest/gtest.h>

#include "support/run_command.h"

namespace oyin::testing {
namespace {

TEST(MoveCommand, PrintsTheSearchedMoveAndItsNodes) {
  const CommandResult r = run_oyin("move togyz --moves \"76 11 99 24\" --level 10 --nodes 20000 --seed 5");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "91x\n");
  EXPECT_EQ(r.err.rfind("nodes 20000, time ", 0), 0u) << r.err;
}

TEST(MoveCommand, TheSeedChoosesAmongALowLevelsMoves) {
  const std::string ask = "move togyz --moves \"76 11 99 24\" --level 1 --nodes 3000 --seed ";
  EXPECT_EQ(run_oyin(ask + "1").out, "91x\n");
  EXPECT_EQ(run_oyin(ask + "2").out, "65\n");
  EXPECT_EQ(run_oyin(ask + "2").out, "65\n");
}

TEST(MoveCommand, AnOpeningBookMoveSaysSo) {
  // Tojmot's book is played from level 5 on, as by the server's computer player.
  const CommandResult r = run_oyin("move tojmot --moves g5f6 --level 6 --nodes 3000 --seed 2");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "l14n12 (book)\n");
}

TEST(MoveCommand, MonteCarloLevelsCountPlayouts) {
  const CommandResult r = run_oyin("move capgo --moves \"E5 D4\" --level 2 --nodes 300 --seed 9");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "D3\n");
  EXPECT_EQ(r.err.rfind("nodes 300, ", 0), 0u) << r.err;
}

TEST(MoveCommand, BadInputIsOneLineAndExitCode2) {
  CommandResult r = run_oyin("move togyz --level 11");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: --level: must be a whole number from 0 to 10, not '11' (see 'oyin help')\n");
  r = run_oyin("move togyz --moves \"76 12\"");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: move '12': bad move '12': the last stone lands in pit 1, not 2\n");
  r = run_oyin("move togyz --nodes 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
}

}  // namespace
}  // namespace oyin::testing
