// Capture Go matches through `oyin match capgo` on the real binary: two built-in levels, GNU Go
// over GTP (set-up stones included), a GTP engine that hangs, an engine that cannot be
// restarted, the records read back by `oyin replay`, and the `oyin selfplay` alias.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "support/run_command.h"
#include "support/wait_until.h"

namespace oyin {
namespace {

using oyin::testing::last_line;
using oyin::testing::run_oyin;
using oyin::testing::slurp;

constexpr const char* kGnuGo = "/usr/games/gnugo";

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "capgo_match_" + std::to_string(getpid()) + "_" + name;
}

// A GTP engine as a shell script: `body` is the `case` arms for the commands it treats itself;
// every other command gets an empty success. Each line it reads is appended to `log`.
std::string write_gtp_script(const std::string& name, const std::string& log, const std::string& body) {
  const std::string path = temp_path(name);
  std::ofstream f(path);
  f << "#!/bin/sh\n"
       "while read -r cmd arg rest; do\n"
       "  echo \"$cmd${arg:+ $arg}${rest:+ $rest}\" >> '" << log << "'\n"
       "  case $cmd in\n" << body <<
       "    quit) printf '= \\n\\n'; exit 0;;\n"
       "    *) printf '= \\n\\n';;\n"
       "  esac\n"
       "done\n";
  f.close();
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path;
}

// Whether `pid` has ended (or is a zombie) within ten seconds.
bool gone_soon(pid_t pid) {
  return oyin::testing::wait_until(
      [&] {
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string text;
        if (!std::getline(stat, text)) return true;
        const auto paren = text.rfind(')');
        return paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] == 'Z';
      });
}

TEST(CapgoMatchCommand, TwoBuiltinLevelsAndTheRecordsReadBack) {
  const std::string sgf = temp_path("levels.sgf");
  const auto r = run_oyin("match capgo --engine1 builtin:level=5 --engine2 builtin:level=0 --games 4 --rules size=5,target=1 "
                          "--seed 3 --records " + sgf);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Game 4 (pair 2, engine 2 first): "), std::string::npos) << r.out;
  // Level 5 (800 playouts a move) against random moves: it wins every game.
  EXPECT_NE(r.out.find("Score of builtin:level=5 vs builtin:level=0: 4 - 0 - 0  [1.000] 4\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Pentanomial [0, 0.5, 1, 1.5, 2]: [0, 0, 0, 0, 2]\n"), std::string::npos) << r.out;
  const std::string text = slurp(sgf);
  EXPECT_NE(text.find("PB[builtin:level=5]PW[builtin:level=0]EV[oyin match]RE[B+C]"), std::string::npos) << text;
  EXPECT_NE(text.find("PB[builtin:level=0]PW[builtin:level=5]EV[oyin match]RE[W+C]"), std::string::npos) << text;
  const auto replay = run_oyin("replay capgo " + sgf);
  EXPECT_EQ(replay.exit_code, 0) << replay.out;
  EXPECT_EQ(last_line(replay.out), "games: 4 ok: 4 illegal: 0 result-mismatch: 0");
}

// GNU Go plays ordinary Go over GTP (level 1 here, to keep the test quick); our referee decides.
// Its seed is fixed and the MCTS has a playout limit, so the games are the same every run.
TEST(CapgoMatchCommand, AgainstGnuGoOverGtp) {
  ASSERT_TRUE(std::filesystem::exists(kGnuGo)) << kGnuGo << " is missing: `make test` installs Debian's gnugo";
  const std::string sgf = temp_path("gnugo.sgf");
  const auto r = run_oyin(std::string("match capgo --engine1 builtin:level=6,playouts=1500 --engine2 'gtp:") + kGnuGo +
                          " --mode gtp --level 1 --seed 7' --games 2 --rules size=7,target=1 --seed 3 --records " + sgf);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Game 1 (pair 1, engine 1 first): 1-0 black reached the capture target (1 of 1)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game 2 (pair 1, engine 2 first): 0-1 white reached the capture target (1 of 1)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(": 2 - 0 - 0  [1.000] 2\n"), std::string::npos) << r.out;
  const auto replay = run_oyin("replay capgo " + sgf);
  EXPECT_EQ(last_line(replay.out), "games: 2 ok: 2 illegal: 0 result-mismatch: 0") << replay.out;
}

// The gnugo shorthand, and the rules' set-up stones given to GNU Go as `play` commands before
// the first move (the central crosscut on 6x6): GNU Go answers with legal moves on that board.
TEST(CapgoMatchCommand, GnuGoShorthandWithSetUpStones) {
  ASSERT_TRUE(std::filesystem::exists(kGnuGo)) << kGnuGo << " is missing";
  const std::string sgf = temp_path("crosscut.sgf");
  const auto r = run_oyin("match capgo --engine1 builtin:level=4 --engine2 gnugo:level=0 --games 2 "
                          "--rules size=6,target=1,setup=BC4+BD3+WC3+WD4 --records " + sgf + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("illegal"), std::string::npos) << r.out;
  const std::string text = slurp(sgf);
  EXPECT_NE(text.find("PW[gnugo:level=0]"), std::string::npos) << text;
  EXPECT_NE(text.find("AB[cc][dd]AW[dc][cd]"), std::string::npos) << text;
  const auto replay = run_oyin("replay capgo " + sgf);
  EXPECT_EQ(last_line(replay.out), "games: 2 ok: 2 illegal: 0 result-mismatch: 0") << replay.out;
}

// The transcript a GTP engine receives: the board, no komi, the set-up stones, the opponent's
// moves as `play`, and `genmove` for its own; it resigns, which loses.
TEST(CapgoMatchCommand, WhatAGtpEngineIsTold) {
  const std::string log = temp_path("told.log");
  std::filesystem::remove(log);
  const std::string engine = write_gtp_script("resigner.sh", log, "    genmove) printf '= resign\\n\\n';;\n");
  const auto r = run_oyin("match capgo --engine1 builtin:level=0 --engine2 gtp:" + engine +
                          " --games 2 --rules size=5,target=1,setup=BB2+WC2 --seed 4");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Game 1 (pair 1, engine 1 first): 1-0 white (" + engine + "): resigned, 1 plies\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game 2 (pair 1, engine 2 first): 0-1 black (" + engine + "): resigned, 0 plies\n"), std::string::npos) << r.out;
  const std::string told = slurp(log);
  // The first engine process only checks the set-up, before any game.
  const std::string setup = "boardsize 5\nclear_board\nkomi 0\nplay B B2\nplay W C2\n";
  EXPECT_EQ(told.rfind("name\n" + setup + "quit\nname\n" + setup + "play B ", 0), 0u) << told;
  EXPECT_NE(told.find("\ngenmove W\n" + setup + "genmove B\nquit\n"), std::string::npos) << told;
}

// An engine that never answers `genmove` loses on time after --timeout, its process (and what it
// started) is killed, and the next game starts it afresh.
TEST(CapgoMatchCommand, AHangingGtpEngineLosesOnTime) {
  const std::string log = temp_path("hang.log"), pidfile = temp_path("hang.pid");
  std::filesystem::remove(pidfile);
  const std::string engine =
      write_gtp_script("hang.sh", log, "    genmove) echo $$ >> '" + pidfile + "'; exec sleep 60;;\n");
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = run_oyin("match capgo --engine1 builtin:level=3 --engine2 gtp:" + engine +
                          " --games 2 --rules size=5,target=1 --timeout 0.5");
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Game 1 (pair 1, engine 1 first): 1-0 white (" + engine +
                       "): no answer to 'genmove W' within 0.5 s (lost on time), 1 plies\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Game 2 (pair 1, engine 2 first): 0-1 black (" + engine +
                       "): no answer to 'genmove B' within 0.5 s (lost on time), 0 plies\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(": 2 - 0 - 0  [1.000] 2\n"), std::string::npos) << r.out;
  // Two half-second waits, not the sleeper's minute (a generous bound for a loaded machine).
  EXPECT_LT(secs, 30) << "the match waited for the hung engine";
  // Both hung processes were killed (a killed grandchild may take a moment to be reaped by init).
  std::ifstream pids(pidfile);
  int n = 0;
  for (pid_t pid; pids >> pid; ++n) EXPECT_TRUE(gone_soon(pid)) << "process " << pid << " is still running";
  EXPECT_EQ(n, 2);
}

// An engine that dies and cannot be started again stops the match with a clear message.
TEST(CapgoMatchCommand, AnEngineThatCannotBeRestartedStopsTheMatch) {
  const std::string log = temp_path("once.log"), count = temp_path("once.count");
  std::filesystem::remove(count);
  // Starts twice (the check before the match, then the first game), exits on its first genmove.
  const std::string engine = write_gtp_script(
      "once.sh", log, "    name) echo x >> '" + count + "'; [ $(wc -l < '" + count + "') -gt 2 ] && exit 3; printf '= once\\n\\n';;\n"
      "    genmove) exit 0;;\n");
  const auto r = run_oyin("match capgo --engine1 builtin:level=0 --engine2 gtp:" + engine + " --games 4 --rules size=5");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("Game 1 (pair 1, engine 1 first): 1-0 white (" + engine +
                       "): the engine exited with code 0 before answering 'genmove W', 1 plies\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(": 1 - 0 - 0  [1.000] 1\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "oyin: match stopped after 1 game: round 1.2: engine 'gtp:" + engine +
                       "': the engine exited with code 3 before answering 'name'\n");
}

TEST(CapgoMatchCommand, BadPlayersAreOneLineWithExitCode2) {
  auto r = run_oyin("match capgo --engine1 builtin:level=11");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: engine 'builtin:level=11': level must be 0..10, not 11\n");
  r = run_oyin("match capgo --engine2 gtp:/nonexistent/engine --rules size=5");
  EXPECT_EQ(r.exit_code, 2);
  // The child may be gone before the first command is written (the write fails) or after (the
  // read finds the pipe closed): a race of the machine, with one true message for each side of it.
  EXPECT_TRUE(r.err == "oyin: engine 'gtp:/nonexistent/engine': the engine exited with code 127 (command not found) before answering 'name'\n" ||
              r.err == "oyin: engine 'gtp:/nonexistent/engine': the engine exited with code 127 (command not found) before taking 'name'\n")
      << r.err;
  EXPECT_EQ(r.out, "");
  r = run_oyin("match capgo --engine2 'uci:oyin uci'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: engine 'uci:oyin uci': Capture Go is played over GTP, not UCI (use gtp:<command>)\n");
  r = run_oyin("match capgo --depth 4");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("a depth limit means nothing to"), std::string::npos) << r.err;
  r = run_oyin("match capgo --engine2 gnugo:level=11");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: engine 'gnugo:level=11': GNU Go's level must be 0..10, not '11'\n");
}

// `oyin selfplay` is a thin alias of `oyin match`: the old player forms still work, and it says
// the command it runs.
TEST(CapgoSelfplayAlias, MapsTheOldOptionsOntoMatch) {
  const std::string sgf = temp_path("alias.sgf");
  const auto r = run_oyin("selfplay capgo --a level=5 --b level=0,playouts=10 --games 4 --rules size=5,target=1 --seed 3 --sgf " + sgf);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "oyin selfplay is now: oyin match capgo --engine1 builtin:level=5 --engine2 builtin:level=0,playouts=10 "
                   "--games 4 --seed 3 --rules size=5,target=1 --records " + sgf + "\n");
  EXPECT_NE(r.out.find("Score of builtin:level=5 vs builtin:level=0,playouts=10: 4 - 0 - 0  [1.000] 4\n"), std::string::npos) << r.out;
  EXPECT_EQ(last_line(run_oyin("replay capgo " + sgf).out), "games: 4 ok: 4 illegal: 0 result-mismatch: 0");
  const auto g = run_oyin("selfplay capgo --a level=0 --b 'gtp=/nonexistent/engine' --rules size=5");
  EXPECT_EQ(g.exit_code, 2);
  EXPECT_NE(g.err.find("--engine2 gtp:/nonexistent/engine --games 10"), std::string::npos) << g.err;
  EXPECT_NE(g.err.find("oyin: engine 'gtp:/nonexistent/engine': the engine exited with code 127"), std::string::npos) << g.err;
  const auto bad = run_oyin("selfplay capgo --a level=11");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("oyin: engine 'builtin:level=11': level must be 0..10, not 11\n"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace oyin
