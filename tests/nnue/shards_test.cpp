// selfplay-data spread over workers and machines: --jobs N writes the file one job writes,
// --shard I/K parts joined in order are the run, train over the shards is train over the joined
// file; the progress bar's plain lines (stderr is a file here, not a terminal).
#include <gtest/gtest.h>

#include <sstream>

#include "cli/progress.h"
#include "search/togyz/nnue_train.h"
#include "support/run_command.h"

namespace oyin::togyz::nnue {
namespace {

using oyin::testing::run_oyin;
using oyin::testing::slurp;

std::string temp_path(const std::string& name) { return ::testing::TempDir() + "shards_" + name; }

// Six games at 100 nodes: a few hundred positions in well under a second.
const std::string kRun = "selfplay-data togyz --games 6 --nodes 100 --seed 4 --quiet";

TEST(SelfplayDataJobs, AnyNumberOfJobsWritesTheSameFile) {
  const std::string one = temp_path("jobs1.tsv"), two = temp_path("jobs2.tsv"), three = temp_path("jobs3.tsv");
  const auto r1 = run_oyin(kRun + " --jobs 1 --out " + one);
  ASSERT_EQ(r1.exit_code, 0) << r1.err;
  ASSERT_EQ(run_oyin(kRun + " --jobs 2 --out " + two).exit_code, 0);
  ASSERT_EQ(run_oyin(kRun + " --jobs 3 --out " + three).exit_code, 0);
  const std::string a = slurp(one);
  EXPECT_GT(a.size(), 5000u);
  EXPECT_EQ(a, slurp(two));
  EXPECT_EQ(a, slurp(three));
  EXPECT_EQ(r1.err, "");  // --quiet
  // Without --jobs: one job, the same file.
  const std::string plain = temp_path("plain.tsv");
  ASSERT_EQ(run_oyin(kRun + " --out " + plain).exit_code, 0);
  EXPECT_EQ(a, slurp(plain));
}

TEST(SelfplayDataShards, ShardsJoinedInOrderAreTheRun) {
  const std::string whole = temp_path("whole.tsv"), s1 = temp_path("s1.tsv"), s2 = temp_path("s2.tsv");
  const std::string later = temp_path("later.tsv");
  ASSERT_EQ(run_oyin(kRun + " --out " + whole).exit_code, 0);
  const auto r1 = run_oyin(kRun + " --shard 1/2 --jobs 2 --out " + s1);
  const auto r2 = run_oyin(kRun + " --shard 2/2 --out " + s2);
  ASSERT_EQ(r1.exit_code, 0) << r1.err;
  ASSERT_EQ(r2.exit_code, 0) << r2.err;
  EXPECT_NE(r1.out.find(" from 3 games (games 0 to 2) to " + s1), std::string::npos) << r1.out;
  EXPECT_NE(r2.out.find(" from 3 games (games 3 to 5) to " + s2), std::string::npos) << r2.out;
  const std::string first = slurp(s1), second = slurp(s2);
  EXPECT_FALSE(first.empty());
  EXPECT_FALSE(second.empty());
  EXPECT_EQ(first + second, slurp(whole));
  // The last game numbers of each part, from the lines' last column.
  EXPECT_NE(first.find("\t2\n"), std::string::npos);
  EXPECT_EQ(first.find("\t3\n"), std::string::npos);
  EXPECT_EQ(second.rfind("\t5\n"), second.size() - 3);
  // --first-game continues a run: games 3..5 alone are the second shard.
  ASSERT_EQ(run_oyin("selfplay-data togyz --games 3 --first-game 3 --nodes 100 --seed 4 --quiet --out " + later).exit_code, 0);
  EXPECT_EQ(slurp(later), second);
}

TEST(SelfplayDataShards, BadArgumentsAreOneLine) {
  const std::string out = " --out " + temp_path("bad.tsv");
  auto r = run_oyin(kRun + " --shard 3/2" + out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: --shard 3/2: expected I/K with 1 <= I <= K (this machine's part I of K)\n");
  r = run_oyin(kRun + " --shard 0/2" + out);
  EXPECT_EQ(r.err, "oyin: --shard 0/2: expected I/K with 1 <= I <= K (this machine's part I of K)\n");
  r = run_oyin(kRun + " --shard 1/2x" + out);
  EXPECT_EQ(r.err, "oyin: --shard 1/2x: expected I/K with 1 <= I <= K (this machine's part I of K)\n");
  r = run_oyin(kRun + " --shard 7/7" + out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: --shard 7/7: more parts than the 6 games\n");
  r = run_oyin(kRun + " --jobs 0" + out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: --jobs: must be a whole number from 1 to 256, not '0' (see 'oyin help')\n");
  r = run_oyin(kRun + " --first-game 4294967295" + out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: game numbers must stay below 4294967296\n");
}

TEST(SelfplayDataProgress, PlainLinesCountGamesPositionsRateAndEta) {
  const std::string path = temp_path("progress.tsv");
  const auto r = run_oyin("selfplay-data togyz --games 4 --nodes 100 --seed 4 --jobs 2 --out " + path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream lines(r.err);
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    ++n;
    const std::string head = "selfplay-data: " + std::to_string(n) + "/4 games, ";
    EXPECT_EQ(line.rfind(head, 0), 0u) << line;
    EXPECT_NE(line.find(" positions/s, "), std::string::npos) << line;
    EXPECT_EQ(line.find("ETA") != std::string::npos, n < 4) << line;  // the last line has none
  }
  EXPECT_EQ(n, 4);  // every twentieth of 4 games is a game
}

TrainOptions options(std::vector<std::string> data, const std::string& out) {
  TrainOptions o;
  o.data = std::move(data);
  o.out = out;
  o.epochs = 2;
  o.seed = 3;
  o.validation = 0.34;
  o.learning_rate = 0.01;
  return o;
}

// The log without the epochs' timings and the file written.
std::string losses(const std::string& log) {
  std::istringstream in(log);
  std::string line, out;
  while (std::getline(in, line))
    if (line.rfind("wrote ", 0) != 0) out += line.substr(0, line.find(" (")) + "\n";
  return out;
}

TEST(TrainShards, ShardsInAnyOrderTrainAsTheJoinedFile) {
  const std::string whole = temp_path("t_whole.tsv"), s1 = temp_path("t_s1.tsv"), s2 = temp_path("t_s2.tsv");
  ASSERT_EQ(run_oyin(kRun + " --out " + whole).exit_code, 0);
  ASSERT_EQ(run_oyin(kRun + " --shard 1/2 --out " + s1).exit_code, 0);
  ASSERT_EQ(run_oyin(kRun + " --shard 2/2 --out " + s2).exit_code, 0);
  const std::string nw = temp_path("w.nnue"), n12 = temp_path("12.nnue"), n21 = temp_path("21.nnue");
  std::ostringstream lw, l12, l21;
  const auto rw = train(options({whole}, nw), lw);
  const auto r12 = train(options({s1, s2}, n12), l12);
  const auto r21 = train(options({s2, s1}, n21), l21);
  ASSERT_TRUE(rw.ok()) << rw.error();
  ASSERT_TRUE(r12.ok()) << r12.error();
  ASSERT_TRUE(r21.ok()) << r21.error();
  EXPECT_GT(rw->validation_positions, 50u);
  EXPECT_GT(rw->train_positions, rw->validation_positions);
  EXPECT_NE(losses(lw.str()).find("epoch 2/2: training loss 0."), std::string::npos) << lw.str();
  EXPECT_EQ(losses(lw.str()), losses(l12.str()));
  EXPECT_EQ(losses(lw.str()), losses(l21.str()));
  EXPECT_LT(rw->final_training_loss, rw->initial_training_loss);
  EXPECT_EQ(rw->final_validation_loss, r12->final_validation_loss);
  EXPECT_EQ(rw->quantised_validation_loss, r21->quantised_validation_loss);
  const std::string weights = slurp(nw);
  EXPECT_GT(weights.size(), 40000u);
  EXPECT_EQ(weights, slurp(n12));
  EXPECT_EQ(weights, slurp(n21));
  // One shard alone trains another network: equal files are not equal by accident.
  const std::string n1 = temp_path("1.nnue");
  std::ostringstream l1;
  ASSERT_TRUE(train(options({s1}, n1), l1).ok());
  EXPECT_NE(weights, slurp(n1));
  // A shard given twice is trained on, with a note that its game numbers repeat.
  std::ostringstream twice;
  ASSERT_TRUE(train(options({s1, s1}, ""), twice).ok());
  EXPECT_NE(twice.str().find("note: 3 game numbers appear in more than one file"), std::string::npos) << twice.str();
  EXPECT_EQ(lw.str().find("note:"), std::string::npos);
}

TEST(TrainShards, ProgressBarCountsEpochsAndBatches) {
  const std::string data = temp_path("p.tsv"), net = temp_path("p.nnue");
  ASSERT_EQ(run_oyin(kRun + " --out " + data).exit_code, 0);
  auto r = run_oyin("train togyz --data " + data + " --out " + net + " --epochs 2 --batch 64 --validation 0.34 --seed 3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.rfind("train: epoch 1/2, batch 1/", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(", loss 0."), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(", ETA "), std::string::npos) << r.err;
  EXPECT_NE(oyin::testing::last_line(r.err).find("train: epoch 2/2, batch "), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("epoch 2/2: training loss"), std::string::npos) << r.out;
  r = run_oyin("train togyz --data " + data + " --out " + net + " --epochs 2 --validation 0.34 --seed 3 --quiet");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "");
}

TEST(ProgressText, DurationsInSecondsMinutesAndHours) {
  using oyin::cli::Progress;
  EXPECT_EQ(Progress::duration_text(0), "0s");
  EXPECT_EQ(Progress::duration_text(44.6), "45s");
  EXPECT_EQ(Progress::duration_text(185), "3m 05s");
  EXPECT_EQ(Progress::duration_text(3599.4), "59m 59s");
  EXPECT_EQ(Progress::duration_text(7620), "2h 07m");
  EXPECT_EQ(Progress::duration_text(-3), "0s");
}

}  // namespace
}  // namespace oyin::togyz::nnue
