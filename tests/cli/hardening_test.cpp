// Hostile and careless command lines (issue 11): every numeric option of every subcommand refuses
// negative, nan, inf and huge values with one line and exit code 2, and record files that are
// not regular files (or are too large) are refused the same way instead of being read forever.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/run_command.h"

namespace oyin::testing {
namespace {

bool one_line(const std::string& s) { return !s.empty() && s.find('\n') == s.size() - 1; }

// Subcommand (with its positionals) and option; each gets every bad value.
const char* const kNumericOptions[][2] = {
    {"analyze togyz", "--depth"},      {"analyze togyz", "--movetime"},  {"analyze togyz", "--nodes"},
    {"analyze togyz", "--multipv"},    {"analyze togyz", "--threads"},   {"bench", "--depth"},
    {"gtp", "--seed"},                 {"gtp", "--level"},               {"gtp", "--playouts"},
    {"gtp", "--threads"},              {"match togyz", "--games"},       {"match togyz", "--nodes"},
    {"match togyz", "--depth"},        {"match togyz", "--movetime"},    {"match togyz", "--random-plies"},
    {"match togyz", "--concurrency"},  {"match togyz", "--max-plies"},   {"match togyz", "--seed"},
    {"perft togyz", "--depth"},        {"perft togyz -d 1", "--threads"}, {"play togyz", "--level"},
    {"play togyz", "--seed"},          {"selfplay capgo", "--games"},    {"selfplay capgo", "--seed"},
    {"selfplay capgo", "--max-plies"}, {"serve", "--port"},              {"serve", "--io-threads"},
    {"serve", "--workers"},            {"solve capgo", "--time"},        {"solve capgo", "--memory"},
    {"solve capgo", "--nodes"},
};

TEST(CliHardening, EveryNumericOptionRefusesNegativeNanInfAndHuge) {
  auto check = [](const std::string& sub, const std::string& option, const char* bad) {
    {
      const std::string args = sub + " " + option + " " + bad;
      const CommandResult r = run_oyin(args);
      EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out << r.err;
      EXPECT_TRUE(one_line(r.err)) << args << ": " << r.err;
      EXPECT_NE(r.err.find(option), std::string::npos) << args << ": " << r.err;
      EXPECT_TRUE(r.out.empty()) << args << ": " << r.out.substr(0, 200);
    }
  };
  for (const auto& [sub, option] : kNumericOptions)
    for (const char* bad : {"-5", "nan", "99999999999999999999999"}) check(sub, option, bad);
  // The other bad forms on one option of each type (int, unsigned 64-bit, seed, real).
  for (const char* bad : {"inf", "1e400", "0x10", "12abc", "", "+3"})
    for (const auto& [sub, option] : {std::pair{"analyze togyz", "--depth"}, {"analyze togyz", "--nodes"},
                                      {"play togyz", "--seed"}, {"solve capgo", "--time"}})
      check(sub, option, bad);
}

TEST(CliHardening, TheReportedCasesHaveClearMessages) {
  CommandResult r = run_oyin("analyze togyz --nodes -5");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: --nodes: must be a whole number from 1 to 1000000000000000, not '-5' (see 'oyin help')\n");
  r = run_oyin("solve capgo --time nan");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: --time: must be a number from 0 to 1e+09, not 'nan' (see 'oyin help')\n");
  r = run_oyin("solve capgo --memory nan");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: --memory: must be a number from 0 to 64, not 'nan' (see 'oyin help')\n");
  // Octal and hex are not numbers a user means: 010 would have been 8.
  r = run_oyin("perft togyz --depth 010");
  EXPECT_EQ(r.exit_code, 2);
}

// A table bigger than the machine is refused at once, not found out when the kernel kills the
// solve (the table is reserved at its full size and backed only as it fills).
TEST(CliHardening, SolveRefusesMoreMemoryThanTheMachineHas) {
  const double machine_gb = static_cast<double>(sysconf(_SC_PHYS_PAGES)) * static_cast<double>(sysconf(_SC_PAGE_SIZE)) /
                            (1024.0 * 1024.0 * 1024.0);
  if (machine_gb >= 63) GTEST_SKIP() << "this machine has " << machine_gb << " GB: --memory 64 is within it";
  const CommandResult r = run_oyin("solve capgo --rules size=4,target=1,pass=0 --memory 64 --quiet");
  EXPECT_EQ(r.exit_code, 2);
  char expect[160];
  std::snprintf(expect, sizeof expect, "oyin: --memory 64 GB is more than this machine's memory (%.1f GB)", machine_gb);
  EXPECT_EQ(r.err.substr(0, std::string(expect).size()), expect) << r.err;
  EXPECT_TRUE(one_line(r.err)) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(CliHardening, NumbersInsideOptionTextsAreCheckedToo) {
  for (const char* args : {"match togyz --tc nan", "match togyz --tc inf+0", "match togyz --tc 10+-1",
                           "match togyz --tc 1e300", "match togyz --sprt elo0=nan,elo1=5",
                           "match togyz --sprt elo0=0,elo1=5,alpha=nan", "match togyz --engine1 builtin:nodes=-5",
                           "match togyz --engine1 builtin:depth=99999999999", "match togyz --engine2 builtin:movetime=-1",
                           "match togyz --engine1 builtin:hash=65536", "selfplay capgo --a level=3,playouts=-1",
                           "selfplay capgo --b movetime=99999999999", "selfplay capgo --a threads=1000"}) {
    const CommandResult r = run_oyin(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out << r.err;
    EXPECT_TRUE(one_line(r.err)) << args << ": " << r.err;
  }
}

TEST(CliHardening, GoodNumbersStillWork) {
  CommandResult r = run_oyin("perft togyz --depth 3");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = run_oyin("solve capgo --rules size=2,target=1,pass=0 --time 10.5 --memory 0.01 --nodes 100000 --quiet");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = run_oyin("analyze togyz --nodes 2000");
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(CliHardening, ReplayRefusesDevicesDirectoriesAndHugeFiles) {
  CommandResult r = run_oyin("replay tojmot /dev/zero");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: '/dev/zero' is not a regular file (a device, pipe or socket)\n");
  const std::string dir = ::testing::TempDir() + "oyin_replay_dir";
  std::filesystem::create_directories(dir);
  r = run_oyin("replay togyz " + dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: '" + dir + "' is a directory, not a file\n");
  EXPECT_EQ(r.out, "") << "no 'games: 0' line";
  // A sparse file just over the limit: refused by its size, without reading it.
  const std::string big = ::testing::TempDir() + "oyin_replay_big.pgn";
  std::filesystem::resize_file((std::ofstream(big), big), (std::uintmax_t{64} << 20) + 1);
  r = run_oyin("replay togyz " + big);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: '" + big + "' is larger than 64 MB (the limit for a record file)\n");
  std::filesystem::remove(big);
  r = run_oyin("replay togyz /nonexistent/file.pgn");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: cannot read '/nonexistent/file.pgn': No such file or directory\n");
  r = run_oyin("match togyz --openings /dev/zero");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: '/dev/zero' is not a regular file (a device, pipe or socket)\n");
}

}  // namespace
}  // namespace oyin::testing
