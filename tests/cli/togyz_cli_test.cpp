// The real oyin binary driven as a user would: output format, exit codes, one-line errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "support/run_command.h"
#include "support/shared_data.h"

namespace oyin::testing {
namespace {

TEST(Cli, HelpListsEverySubcommand) {
  const CommandResult r = run_oyin("help");
  EXPECT_EQ(r.exit_code, 0);
  for (const char* sub : {"play", "perft", "replay"}) EXPECT_NE(r.out.find(std::string("  ") + sub), std::string::npos) << sub;
  for (const char* sub : {"play", "perft", "replay", "help"}) {
    const CommandResult h = run_oyin(std::string(sub) + " --help");
    EXPECT_EQ(h.exit_code, 0) << sub;
    EXPECT_NE(h.out.find("Usage"), std::string::npos) << sub;
  }
}

TEST(Cli, UnknownSubcommandOrGameIsExitCode2) {
  CommandResult r = run_oyin("fly");
  EXPECT_EQ(r.exit_code, 2);
  r = run_oyin("perft chess --depth 2");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: unknown game 'chess' (known: togyz, tojmot, capgo)\n");
}

TEST(Cli, PerftPrintsNodesSearchedLast) {
  const CommandResult r = run_oyin("perft togyz --depth 5");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "Nodes searched: 43184\n");
}

TEST(Cli, PerftDivideAndThreads) {
  const CommandResult r = run_oyin("perft togyz --depth 3 --divide --threads 2");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "19: 80\n21: 70\n32: 69\n43: 68\n54: 67\n65: 66\n76: 65\n87: 64\n98: 64\n\n"
            "Nodes searched: 613\n");
}

TEST(Cli, PerftFromAFenAndAfterMoves) {
  CommandResult r = run_oyin("perft togyz --depth 4 --fen '3S,2,t,2S,1S,1S,2/2,1S,1,t,3,2S 77 75 N 40'");
  EXPECT_EQ(last_line(r.out), "Nodes searched: 116");
  r = run_oyin("perft togyz --depth 1 --moves '65 98 2'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(last_line(r.out), "Nodes searched: 8") << "Black to move, its pit 5 emptied by 65";
}

TEST(Cli, BadInputIsOneLineAndExitCode2) {
  const std::pair<std::string, std::string> cases[] = {
      {"perft togyz -d 2 --fen 'garbage'", "oyin: bad FEN: expected 5 fields"},
      {"perft togyz -d 2 --fen '9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,8S 0 0 S 1'",
       "oyin: impossible position: 161 stones instead of 162"},
      {"perft togyz -d 2 --fen 't,t,7/9 81 81 S 1'", "oyin: impossible position: two tuzdyks for White"},
      {"perft togyz -d 2 --fen 't,8/9 81 81 S 1'", "oyin: impossible position: a tuzdyk on pit 9"},
      {"perft togyz -d 2 --fen '8,t/t,8 81 81 S 1'", "oyin: impossible position: both tuzdyks have the number 1"},
      {"perft togyz -d 2 --moves '65 99'", "oyin: move 2: bad move '99': the last stone lands in pit 8, not 9"},
      {"perft togyz -d 2 --moves '65 zz'", "oyin: move 2: bad move 'zz': expected a pit number 1..9 first"},
      {"perft togyz -d 2 --rules foo=1", "oyin: Togyz Kumalak has no rule options (got 'foo')"},
      {"perft togyz -d x", "oyin: "},
      {"replay togyz /nonexistent/file.pgn", "oyin: cannot read '/nonexistent/file.pgn'"},
  };
  for (const auto& [args, err] : cases) {
    const CommandResult r = run_oyin(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(r.err.rfind(err, 0), 0u) << args << " -> " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << " -> " << r.err;
  }
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(Cli, ReplayReportsIllegalMovesAndResultMismatches) {
  const std::string path = write_temp(
      "replay_mixed.pgn",
      "[Event \"good\"]\n[Result \"1-0\"]\n\n1. 98 22 2. 87 12 3. 76 25 4. 65 13 5. 93 25 6. 54 1-0\n\n"
      "[Event \"mismatch\"]\n[Result \"0-1\"]\n\n1. 98 22 2. 87 12 3. 76 25 4. 65 13 5. 93 25 6. 54 0-1\n\n"
      "[Event \"illegal\"]\n[Result \"*\"]\n\n1. 65(10) 98 2. 55 56 3. 11(23) *\n\n"
      "[Event \"after the end\"]\n[Result \"1-0\"]\n\n1. 98 22 2. 87 12 3. 76 25 4. 65 13 5. 93 25 6. 54 11 1-0\n");
  const CommandResult r = run_oyin("replay togyz " + path);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "game 1: OK\n"
            "game 2 (line 6): result mismatch: recorded 0-1, the rules give 1-0 (kazan over 81)\n"
            "game 3 (line 11): illegal at ply 5 '11(23)': bad move '11(23)': kazan total after it is 22, not 23\n"
            "game 4 (line 16): illegal at ply 12 '11': the game is already over (kazan over 81)\n"
            "games: 4 ok: 1 illegal: 2 result-mismatch: 1\n");
}

TEST(Cli, ReplayOfABrokenFileIsExitCode2) {
  const std::string path = write_temp("replay_broken.pgn", "[Event \"x\"]\n\n1. 76 98\n");
  const CommandResult r = run_oyin("replay togyz " + path);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("game without a result"), std::string::npos) << r.err;
}

TEST(Cli, ReplayPlayOkGames) {
  OYIN_REQUIRE_SHARED("data/togyz/playok-games.pgn");
  const CommandResult r = run_oyin("replay togyz --quiet " + shared_path("data/togyz/playok-games.pgn"));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, "games: 1230 ok: 1230 illegal: 0 result-mismatch: 0\n");
}

TEST(Cli, ReplayChampionshipGames) {
  OYIN_REQUIRE_SHARED("data/togyz/championship-games.pgn");
  const CommandResult r = run_oyin("replay togyz --quiet " + shared_path("data/togyz/championship-games.pgn"));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, "games: 742 ok: 742 illegal: 0 result-mismatch: 0\n");
}

TEST(Cli, PlayAScriptedGameAndSaveIt) {
  const std::string pgn = ::testing::TempDir() + "played.pgn";
  std::filesystem::remove(pgn);
  const CommandResult r = run_oyin("play togyz --hotseat --no-color",
                                   "98\n22\nfoo\n66\nundo\n22\nmoves\nsave " + pgn + "\nquit\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("bad move 'foo': expected a pit number 1..9 first"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bad move '66': the last stone lands in pit 5, not 6"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("saved " + pgn), std::string::npos);
  const std::string text = slurp(pgn);
  EXPECT_NE(text.find("1. 98(10) 22(10) *"), std::string::npos) << text;
}

TEST(Cli, PlayAgainstTheComputerUntilTheEnd) {
  std::string input;
  for (int i = 0; i < 200; ++i) input += "1\n2\n3\n4\n5\n6\n7\n8\n9\n";  // tries pits until one is legal
  const CommandResult r = run_oyin("play togyz --no-color --seed 5", input + "quit\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Game over: "), std::string::npos) << last_line(r.out);
  EXPECT_NE(r.out.find("Computer plays "), std::string::npos);
}

}  // namespace
}  // namespace oyin::testing
