// oyin import and oyin explore as a user runs them, and the 1,972 games of ../shared.
#include <gtest/gtest.h>

#include <chrono>
#include <sys/resource.h>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "knowledge/records.h"
#include "support/run_command.h"
#include "support/shared_data.h"

namespace oyin::testing {
namespace {

TEST(ImportCli, ImportsReportsBadGamesAndPrintsASummary) {
  const std::string dir = test_dir();
  const auto a = random_moves("togyz", 11, 20);
  // b leaves a at once, so that one game of the two goes on from a's first move.
  std::uint64_t seed = 12;
  auto b = random_moves("togyz", seed, 20);
  while (b[0] == a[0]) b = random_moves("togyz", ++seed, 20);
  const std::string good = record_text("togyz", a, {{"White", "Asel"}, {"Black", "Bolat"}}, "1-0");
  const std::string bad = "[Event \"broken\"]\n[Result \"*\"]\n\n1. " + a[0] + " 10 *\n";
  write_file(dir + "/one.pgn", good + "\n" + bad);
  write_file(dir + "/two.pgn", record_text("togyz", b, {{"White", "Dana"}}, "0-1") + "\n" + good);
  const std::string db = store_for(dir + "/db/base.sqlite");
  const auto r = run_oyin("import " + dir + "/one.pgn " + dir + "/two.pgn --db " + db + " --source club");
  EXPECT_EQ(r.exit_code, 1) << r.err;  // some games were refused
  const int bad_line = 1 + static_cast<int>(std::count(good.begin(), good.end(), '\n')) + 1;
  EXPECT_NE(r.err.find("import: skipped " + dir + "/one.pgn:" + std::to_string(bad_line) + ": game 2: illegal move 2 '10': "),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("import: two.pgn: 4 games read, 2 added"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.rfind("imported 2 games from 2 files in ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find(" s (4 read, 1 duplicates skipped, 1 bad games skipped) into " + db),
            std::string::npos)
      << r.out;

  // Again: everything is a duplicate now, and nothing is bad in two.pgn.
  const auto again = run_oyin("import " + dir + "/two.pgn --db " + db + " -q");
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.err, "");
  EXPECT_NE(again.out.find("imported 0 games from 1 file in "), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("(2 read, 2 duplicates skipped, 0 bad games skipped)"), std::string::npos) << again.out;

  const auto e = run_oyin("explore togyz --db " + db + " --eval-depth 0");
  EXPECT_EQ(e.exit_code, 0) << e.err;
  EXPECT_NE(e.out.find("Togyz Kumalak, white to move: "), std::string::npos) << e.out;
  EXPECT_NE(e.out.find(": 2 games\n"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("move      games   share   white   draws   black  rating"), std::string::npos) << e.out;
  const auto club = run_oyin("explore togyz --db " + db + " --source club --moves \"" + a[0] +
                             "\" --eval-depth 2");
  EXPECT_EQ(club.exit_code, 0) << club.err;
  EXPECT_NE(club.out.find("source club: 1 game\n"), std::string::npos) << club.out;
  EXPECT_NE(club.out.find("eval (depth 2)"), std::string::npos) << club.out;
  EXPECT_NE(club.out.find(a[1] + std::string(8 - a[1].size(), ' ') + "      1  100.0%  100.0%    0.0%    0.0%       -  "),
            std::string::npos)
      << club.out;
  const auto js = run_oyin("explore togyz --db " + db + " --json --eval-depth 0");
  EXPECT_EQ(js.exit_code, 0);
  EXPECT_EQ(nlohmann::json::parse(js.out)["total"]["games"], 2);
}

TEST(ImportCli, BadInputIsAOneLineErrorAndEveryCommandHasHelp) {
  const std::string dir = test_dir();
  auto r = run_oyin("import " + dir + "/missing.pgn --db " + dir + "/b.sqlite");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: cannot read '" + dir + "/missing.pgn'\n");
  r = run_oyin("import x.pgn --game chess --db " + dir + "/b.sqlite");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("chess"), std::string::npos) << r.err;
  r = run_oyin("explore togyz --db " + dir + "/none.sqlite");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: no database '" + dir + "/none.sqlite' (import games with oyin import)\n");
  write_file(dir + "/e.pgn", "");
  const std::string b = store_for(dir + "/b.sqlite");
  ASSERT_EQ(run_oyin("import " + dir + "/e.pgn --db " + b).exit_code, 0);
  r = run_oyin("explore togyz --db " + b + " --moves \"10\"");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("oyin: move '10': ", 0), 0u) << r.err;
  r = run_oyin("explore togyz --db " + b + " --eval-depth 99");
  EXPECT_EQ(r.exit_code, 2);
  for (const char* sub : {"import", "explore"}) {
    const auto h = run_oyin(std::string(sub) + " --help");
    EXPECT_EQ(h.exit_code, 0) << sub;
    EXPECT_NE(h.out.find("--db"), std::string::npos) << sub;
  }
}

// The real games: all 1,972 read, each checked by the rules, quickly.
TEST(ImportCli, TheSharedTogyzGamesImportInAFewSeconds) {
  OYIN_REQUIRE_SHARED("data/togyz/championship-games.pgn");
  const std::string dir = test_dir();
  const std::string files = shared_path("data/togyz/championship-games.pgn") + " " +
                            shared_path("data/togyz/playok-games.pgn");
  // The import's own CPU time (of the finished child processes), which the other work on a
  // shared machine does not stretch as it does the wall time; both are printed.
  const auto cpu = [] {
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
  };
  const double cpu0 = cpu();
  const auto t0 = std::chrono::steady_clock::now();
  const std::string db = store_for(dir + "/base.sqlite");
  const auto r = run_oyin("import " + files + " --db " + db + " -q");
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double cpu_secs = cpu() - cpu0;
  std::cerr << "import of ../shared/data/togyz into " << db << ": " << cpu_secs << " s CPU, " << secs << " s wall: " << r.out;
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("(1972 read, 3 duplicates skipped, 0 bad games skipped)"), std::string::npos) << r.out;
  EXPECT_LT(cpu_secs, 10.0);  // 1.2 s on the project's machine
  const auto e = run_oyin("explore togyz --db " + db + " --json --eval-depth 0");
  ASSERT_EQ(e.exit_code, 0) << e.err;
  const auto j = nlohmann::json::parse(e.out);
  EXPECT_GT(j["total"]["games"].get<int>(), 1900);
  EXPECT_GT(j["total"]["rating"].get<int>(), 1000);
}

}  // namespace
}  // namespace oyin::testing
