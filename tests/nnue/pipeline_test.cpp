// The learned-evaluation pipeline through the real binary: selfplay-data is deterministic for a
// seed and writes lines the trainer reads; a short training run on them lowers the validation
// loss and writes a network the engine loads; bad input is a one-line error.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "games/togyz/nnue.h"
#include "search/togyz/nnue_train.h"
#include "support/run_command.h"

namespace oyin::togyz::nnue {
namespace {

using oyin::testing::run_oyin;
using oyin::testing::slurp;

std::string temp_path(const std::string& name) { return ::testing::TempDir() + "pipeline_" + name; }

TEST(SelfplayData, SameSeedSameFileOtherSeedOtherFile) {
  const std::string a = temp_path("a.tsv"), b = temp_path("b.tsv"), c = temp_path("c.tsv");
  const std::string args = "selfplay-data togyz --games 3 --nodes 200 --quiet --seed ";
  ASSERT_EQ(run_oyin(args + "5 --out " + a).exit_code, 0);
  ASSERT_EQ(run_oyin(args + "5 --out " + b).exit_code, 0);
  ASSERT_EQ(run_oyin(args + "6 --out " + c).exit_code, 0);
  const std::string da = slurp(a);
  EXPECT_GT(da.size(), 1000u);
  EXPECT_EQ(da, slurp(b));
  EXPECT_NE(da, slurp(c));
  // The built-in net plays by default; --evalfile '<empty>' generates with the hand-made eval,
  // and '<builtin>' names the default.
  const std::string hand = temp_path("hand.tsv"), builtin = temp_path("builtin.tsv");
  ASSERT_EQ(run_oyin(args + "5 --evalfile '<empty>' --out " + hand).exit_code, 0);
  ASSERT_EQ(run_oyin(args + "5 --evalfile '<builtin>' --out " + builtin).exit_code, 0);
  EXPECT_NE(da, slurp(hand));
  EXPECT_EQ(da, slurp(builtin));
}

TEST(SelfplayData, LinesCarryScoreResultAndGameForTheSideToMove) {
  const std::string path = temp_path("lines.tsv");
  const auto r = run_oyin("selfplay-data togyz --games 2 --nodes 100 --seed 9 --out " + path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("selfplay-data: 2/2 games"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("from 2 games to " + path), std::string::npos) << r.out;
  auto samples = read_samples(path);
  ASSERT_TRUE(samples.ok()) << samples.error();
  std::istringstream in(slurp(path));
  std::string line;
  int lines = 0, last_game = 0;
  while (std::getline(in, line)) {
    ++lines;
    std::istringstream cols(line);
    std::string position, score, result, game;
    std::getline(cols, position, '\t');
    std::getline(cols, score, '\t');
    std::getline(cols, result, '\t');
    std::getline(cols, game, '\t');
    EXPECT_TRUE(result == "1" || result == "0" || result == "0.5") << line;
    EXPECT_GE(std::stoi(game), last_game);
    last_game = std::stoi(game);
  }
  EXPECT_EQ(static_cast<std::size_t>(lines), samples->size());
  EXPECT_EQ(last_game, 1);
  // Consecutive positions of a decided game are for alternate sides: their results alternate.
  const auto& s = *samples;
  for (std::size_t i = 1; i < s.size(); ++i) {
    if (s[i].game == s[i - 1].game && s[i].result != 0.5f) {
      EXPECT_EQ(s[i].result, 1 - s[i - 1].result);
    }
  }
}

TEST(Train, ShortRunLowersTheValidationLossAndWritesALoadableNetwork) {
  const std::string data = temp_path("train.tsv"), net = temp_path("train.nnue");
  ASSERT_EQ(run_oyin("selfplay-data togyz --games 60 --nodes 100 --quiet --seed 3 --out " + data).exit_code, 0);
  TrainOptions o;
  o.data = {data};
  o.out = net;
  o.epochs = 4;
  o.seed = 2;
  o.validation = 0.25;
  std::ostringstream log;
  auto rep = train(o, log);
  ASSERT_TRUE(rep.ok()) << rep.error();
  EXPECT_GT(rep->train_positions, 1000u);
  EXPECT_GT(rep->validation_positions, 100u);
  EXPECT_LT(rep->final_training_loss, rep->initial_training_loss * 0.9) << log.str();
  EXPECT_LT(rep->final_validation_loss, rep->initial_validation_loss) << log.str();
  EXPECT_NEAR(rep->quantised_validation_loss, rep->final_validation_loss, 0.1 * rep->final_validation_loss) << log.str();
  EXPECT_NE(log.str().find("epoch 4/4: training loss"), std::string::npos) << log.str();
  auto loaded = load(net);
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  // The engine plays with it.
  const auto uci = run_oyin("uci", "setoption name EvalFile value " + net +
                                       "\nsetoption name UseNNUE value true\nposition startpos\ngo nodes 500\n");
  EXPECT_EQ(uci.out.find("error"), std::string::npos) << uci.out;
  EXPECT_NE(uci.out.find("bestmove "), std::string::npos) << uci.out;
}

TEST(Train, BadInputIsOneLine) {
  auto r = run_oyin("train togyz --data " + temp_path("none.tsv") + " --out " + temp_path("x.nnue"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: cannot read '" + temp_path("none.tsv") + "': no such file\n");
  const std::string bad = temp_path("bad.tsv");
  std::ofstream(bad) << "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1\t12\t2\t0\n";
  r = run_oyin("train togyz --data " + bad + " --out " + temp_path("x.nnue"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: " + bad + ":1: bad result '2' (1, 0.5 or 0 for the side to move)\n");
  r = run_oyin("train capgo --data " + bad + " --out " + temp_path("x.nnue"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: Capture Go has no learned evaluation to train\n");
  r = run_oyin("uci", "setoption name EvalFile value " + bad + "\n");
  EXPECT_EQ(r.out, "info string error: weights file '" + bad + "' is not an oyin weights file (no OYINNET header)\n");
  r = run_oyin("match togyz --engine1 builtin:evalfile=" + bad + " --engine2 builtin --games 2 --nodes 100");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("evalfile: weights file '" + bad + "' is not an oyin weights file"), std::string::npos) << r.err;
}

// builtin:nnue=0 is today's hand-made engine (the SPRTs' opponent), nnue=1 the built-in net.
TEST(NnuePipeline, MatchPlayersChooseTheEvaluation) {
  auto r = run_oyin("match togyz --engine1 builtin:nnue=1,name=net --engine2 builtin:nnue=0,name=hand --games 2 --nodes 200 --quiet");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Score of net vs hand"), std::string::npos) << r.out;
  r = run_oyin("match togyz --engine1 builtin:nnue=2 --engine2 builtin --games 2 --nodes 100");
  EXPECT_EQ(r.exit_code, 2);
  // Tojmot ships no net: nnue=1 needs an evalfile first.
  r = run_oyin("match tojmot --engine1 builtin:nnue=1 --engine2 builtin --games 2 --nodes 100");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("nnue: UseNNUE needs a network: set EvalFile to a weights file first"), std::string::npos) << r.err;
  // Over UCI the same switch: with UseNNUE false a search scores as the hand-made eval does.
  const std::string go = "position startpos moves 65\ngo depth 3\n";
  const auto net = run_oyin("uci", go);
  const auto hand = run_oyin("uci", "setoption name UseNNUE value false\n" + go);
  const auto plain = run_oyin("uci", "setoption name EvalFile value <empty>\n" + go);
  // The last score and node count (time and speed vary from run to run).
  auto summary = [](const std::string& out) {
    const auto at = out.rfind("score cp ");
    const auto nodes = out.rfind(" nodes ");
    if (at == std::string::npos || nodes == std::string::npos) return std::string("no score in: ") + out;
    return out.substr(at, out.find(' ', at + 9) - at) + out.substr(nodes, out.find(' ', nodes + 7) - nodes);
  };
  EXPECT_NE(summary(net.out), summary(hand.out));
  EXPECT_EQ(summary(hand.out), summary(plain.out));
  EXPECT_EQ(summary(hand.out).rfind("score cp ", 0), 0u) << hand.out;
}

}  // namespace
}  // namespace oyin::togyz::nnue
