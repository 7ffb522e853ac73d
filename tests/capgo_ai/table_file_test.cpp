// The df-pn table kept in a file between runs (oyin solve --table, search/capgo/table_file.h): a
// solve stopped by its node limit goes on from the file where it stopped, its proof verifies,
// and a file that does not belong to the solve is refused before any search.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "games/capgo/proof.h"
#include "search/capgo/solver.h"
#include "support/run_command.h"

namespace oyin::capgo {
namespace {

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "oyin_table_" + std::to_string(getpid()) + "_" + name;
}

SolverOptions five_by_five(const std::string& table, std::uint64_t max_nodes) {
  SolverOptions o;
  o.rules_text = "size=5,target=1,pass=0";
  o.memory_gb = 0.05;
  o.max_nodes = max_nodes;
  o.table_file = table;
  return o;
}

constexpr std::uint64_t kFreshNodes = 21567;  // the 5x5 empty board in one run (README)

TEST(CapgoTableFile, AStoppedSolveGoesOnFromTheFile) {
  const std::string path = temp_path("resume.tbl");
  std::filesystem::remove(path);
  // One run from scratch: the same search as without a file.
  SolverOptions whole = five_by_five("", 0);
  auto fresh = solve(whole);
  ASSERT_TRUE(fresh.ok()) << fresh.error();
  ASSERT_EQ(fresh->nodes, kFreshNodes);

  // Stopped twice by the node limit; each run reads what the one before wrote.
  auto first = solve(five_by_five(path, 8000));
  ASSERT_TRUE(first.ok()) << first.error();
  EXPECT_FALSE(first->solved);
  EXPECT_EQ(first->stopped, "node limit");
  EXPECT_FALSE(first->table_read);
  ASSERT_TRUE(first->table_written) << first->table_error;
  EXPECT_TRUE(std::filesystem::exists(path));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));

  auto second = solve(five_by_five(path, 8000));
  ASSERT_TRUE(second.ok()) << second.error();
  EXPECT_FALSE(second->solved);
  ASSERT_TRUE(second->table_read) << second->table_error;
  EXPECT_EQ(second->table_read_entries, first->tt_used);
  EXPECT_EQ(second->table_earlier_nodes, first->nodes);
  EXPECT_GT(second->tt_used, first->tt_used);  // it went on, it did not start again

  SolverOptions last = five_by_five(path, 0);
  last.make_proof = true;
  auto third = solve(last);
  ASSERT_TRUE(third.ok()) << third.error();
  ASSERT_TRUE(third->solved);
  EXPECT_EQ(third->winner, 0);
  EXPECT_EQ(third->best_move, "C3");
  EXPECT_EQ(third->table_earlier_nodes, first->nodes + second->nodes);
  // The last run only finishes the work: far fewer nodes than a solve from nothing.
  EXPECT_LT(third->nodes, kFreshNodes - first->nodes);
  ASSERT_TRUE(third->has_proof) << third->proof_error;
  const proof::VerifyResult v = proof::verify(third->proof);
  EXPECT_TRUE(v.proved) << v.failure;
  std::filesystem::remove(path);
}

TEST(CapgoTableFile, AFileThatDoesNotBelongIsRefusedOnTheCommandLine) {
  const std::string path = temp_path("cli.tbl");
  std::filesystem::remove(path);
  const std::string solve5 = "solve capgo --rules size=5,target=1,pass=0 --quiet --memory 0.05 --table " + path;
  auto made = oyin::testing::run_oyin(solve5 + " --nodes 5000");
  EXPECT_EQ(made.exit_code, 1) << made.err;  // unknown: stopped by the node limit
  EXPECT_NE(made.out.find("\nTable file: " + path + " written, "), std::string::npos) << made.out;
  EXPECT_EQ(oyin::testing::last_line(made.out), "Result: unknown (node limit)");

  auto refused = [&](const std::string& args, const std::string& message) {
    const auto r = oyin::testing::run_oyin(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out << r.err;
    EXPECT_EQ(r.err, "oyin: " + message + "\n") << args;
    EXPECT_EQ(r.out.find("Nodes:"), std::string::npos) << args << ": searched anyway";
  };
  refused("solve capgo --rules size=5,target=1,pass=0 --position '5 ...../...../..X../...../..... w 0 0 0' --quiet --table " + path,
          "the table in '" + path +
              "' is for the position 5 ...../...../...../...../..... b 0 0 0, not 5 ...../...../..X../...../..... w 0 0 0");
  refused("solve capgo --rules size=5,target=1,pass=0 --quiet --no-symmetry --table " + path,
          "the table in '" + path + "' is for a search with symmetry, not without it");
  // A table bigger than --memory allows (the solve of 5x5 after a black stone in the centre
  // fills 131072 buckets: 8 MB).
  const std::string big = temp_path("big.tbl");
  std::filesystem::remove(big);
  const std::string after_c3 = "solve capgo --rules size=5,target=1,pass=0 --position '5 ...../...../...../..X../..... w 0 0 0' --quiet";
  EXPECT_EQ(oyin::testing::run_oyin(after_c3 + " --memory 0.05 --table " + big).exit_code, 0);
  refused(after_c3 + " --memory 0.001 --table " + big, "the table in '" + big + "' holds 0.008 GB: give --memory 0.008 or more");
  EXPECT_EQ(oyin::testing::run_oyin(after_c3 + " --memory 0.008 --table " + big).exit_code, 0);
  std::filesystem::remove(big);
  refused("solve capgo --rules size=5,target=2,pass=0 --quiet --table " + path,
          "--table keeps the proof-number search's table (target 1 for both sides, passing forbidden, method auto or pn)");
  refused("solve capgo --rules size=5,target=1,pass=0 --method alphabeta --quiet --table " + path,
          "--table keeps the proof-number search's table (target 1 for both sides, passing forbidden, method auto or pn)");

  // Cut short, or not a table at all.
  const std::string cut = temp_path("cut.tbl");
  std::filesystem::copy_file(path, cut, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::resize_file(cut, std::filesystem::file_size(path) - 64);
  const auto c = oyin::testing::run_oyin("solve capgo --rules size=5,target=1,pass=0 --quiet --table " + cut);
  EXPECT_EQ(c.exit_code, 2);
  EXPECT_EQ(c.err.rfind("oyin: '" + cut + "' is cut short or too long: it should hold ", 0), 0u) << c.err;
  {
    std::ofstream(cut) << "size=5 some notes\n";
  }
  refused("solve capgo --rules size=5,target=1,pass=0 --quiet --table " + cut,
          "'" + cut + "' is not an oyin df-pn table (its first line is not 'oyin capgo dfpn table 3')");
  refused("solve capgo --rules size=5,target=1,pass=0 --quiet --table " + ::testing::TempDir(),
          "'" + ::testing::TempDir() + "' is not a regular file");

  // A table that cannot be written: the result stands, the exit code says what was lost.
  const auto w = oyin::testing::run_oyin("solve capgo --rules size=4,target=1,pass=0 --quiet --table " + path + ".none/t.tbl");
  EXPECT_EQ(w.exit_code, 1);
  EXPECT_NE(w.out.find("\nTable file: not written (cannot write '" + path + ".none/t.tbl.tmp')\n"), std::string::npos) << w.out;
  EXPECT_EQ(oyin::testing::last_line(w.out), "Result: W");
  std::filesystem::remove(path);
  std::filesystem::remove(cut);
}

}  // namespace
}  // namespace oyin::capgo
