// oyin selfplay capgo on the real binary: a short match, a GNU Go opponent, bad input.
#include <gtest/gtest.h>

#include <string>

#include "support/run_command.h"

namespace oyin {
namespace {

using oyin::testing::last_line;
using oyin::testing::run_oyin;

TEST(CapgoSelfplayCommand, PlaysAMatchAndPrintsTheScoreAndElo) {
  const auto r = run_oyin("selfplay capgo --a level=5 --b level=0 --games 4 --rules size=5,target=1 --seed 3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("A: oyin level 5\nB: oyin level 0\nRules: size=5,target=1, 4 games"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("game 4: A white, "), std::string::npos);
  EXPECT_TRUE(r.out.find("Result: A 4 B 0 draws 0 ") != std::string::npos ||
              r.out.find("Result: A 3 B 1 draws 0 ") != std::string::npos)
      << r.out;
  const std::string elo = last_line(r.out);
  EXPECT_EQ(elo.rfind("Elo A-B: +", 0), 0u) << elo;
  EXPECT_NE(elo.find(" (95%), score "), std::string::npos) << elo;
}

// GNU Go plays ordinary Go over GTP (level 1 here, to keep the test quick); our referee decides.
TEST(CapgoSelfplayCommand, GnuGoNeverWinsAtFirstCapture) {
  const auto r = run_oyin(
      "selfplay capgo --a level=6,playouts=1500 --b 'gtp=/usr/games/gnugo --mode gtp --level 1 --seed 7' --games 2 "
      "--rules size=7,target=1 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("B: gtp:/usr/games/gnugo --mode gtp --level 1 --seed 7\n"), std::string::npos) << r.out;
  // GNU Go does not know the rules: it never wins. (A pass by GNU Go can end a game drawn.)
  // Its seed is fixed and the MCTS has a playout limit, so the games are the same every run.
  EXPECT_TRUE(r.out.find("Result: A 2 B 0 draws 0 ") != std::string::npos ||
              r.out.find("Result: A 1 B 0 draws 1 ") != std::string::npos)
      << r.out;
}

TEST(CapgoSelfplayCommand, BadPlayersAndRulesAreOneLineWithExitCode2) {
  auto r = run_oyin("selfplay capgo --a level=11");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: --a: level must be 0..10, not 11\n");
  r = run_oyin("selfplay capgo --b speed=3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown player setting 'speed'"), std::string::npos);
  r = run_oyin("selfplay capgo --b gtp=/nonexistent/engine --games 1 --rules size=5");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("player B: GTP engine '/nonexistent/engine' does not answer"), std::string::npos) << r.err;
  r = run_oyin("selfplay togyz");
  EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
}  // namespace oyin
