// The Tojmot learned evaluation (games/tojmot/nnue.h): its inputs (exact indices, Black's view
// the board upside down), its weights file, the integer network against the float one, a short
// training run on real self-play data, and the engine options that switch it on.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "core/nnue_train.h"
#include "core/random.h"
#include "games/tojmot/game.h"
#include "games/tojmot/nnue.h"
#include "search/tojmot/nnue_train.h"
#include "support/engines.h"
#include "support/run_command.h"

namespace oyin::tojmot::nnue {
namespace {

using oyin::nnue::FloatNetwork;
using oyin::testing::run_oyin;

std::string temp_path(const std::string& name) { return ::testing::TempDir() + "tojmot_nnue_" + name; }

std::vector<int> sorted_features(const Position& p, int view) {
  std::array<std::uint16_t, kMaxActive> f;
  const int n = active_features(p, view, f);
  std::vector<int> v(f.begin(), f.begin() + n);
  std::sort(v.begin(), v.end());
  return v;
}

Position parsed(const std::string& text) {
  auto p = parse_position(text, Rules{});
  EXPECT_TRUE(p.ok()) << text << ": " << (p.ok() ? "" : p.error());
  return p.ok() ? *p : Position{};
}

// Positions of random games (every ply, at most 120 plies a game).
std::vector<Position> random_positions(std::uint64_t seed, int games) {
  std::vector<Position> out;
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    Position p = start_position();
    for (int ply = 0; ply < 120; ++ply) {
      MoveList l;
      generate_moves(p, l);
      if (l.size() == 0) break;
      Undo u;
      play(p, l[rng.below(static_cast<std::uint32_t>(l.size()))], u);
      out.push_back(Position(static_cast<const PositionState&>(p)));
    }
  }
  return out;
}

FloatNetwork<Arch> varied_network(std::uint64_t seed) {
  FloatNetwork<Arch> n = oyin::nnue::initial_network<Arch>(seed);
  Rng rng(seed + 1);
  auto u = [&](float a) { return static_cast<float>((rng.uniform() * 2 - 1) * a); };
  for (float& w : n.ft_weights) w = u(0.2f);
  for (float& w : n.ft_bias) w = 0.3f + u(0.2f);
  for (float& w : n.l2_weights) w = u(0.6f);
  for (float& w : n.l2_bias) w = u(0.2f);
  for (float& w : n.out_weights) w = u(0.6f);
  for (float& w : n.psqt) w += u(0.2f);
  return n;
}

TEST(TojmotNnueFeatures, ExactIndicesFromEachSide) {
  EXPECT_EQ(kInputs, 3026);
  const int g1 = parse_cell("G1"), g17 = parse_cell("G17"), e3 = parse_cell("E3"), e15 = parse_cell("E15");
  ASSERT_EQ(g1, 0);
  ASSERT_EQ(g17, 88);
  // White's 1 on G1: White's own 1 on its first cell; to Black, the other side's 1 on G17's input.
  EXPECT_EQ(feature(kWhite, true, kOne, g1), 0);
  EXPECT_EQ(feature(kBlack, false, kOne, g1), 17 * 89 + 88);
  // Black's X on E15 is, to Black, an own X on White's E3.
  EXPECT_EQ(feature(kBlack, true, kRomanX, e15), (kRomanX - 1) * 89 + e3);
  EXPECT_EQ(feature(kWhite, false, kRomanX, e15), (17 + kRomanX - 1) * 89 + e15);
}

TEST(TojmotNnueFeatures, StartPositionHasOneDistinctInputPerPiece) {
  const Position p = start_position();
  for (int view = 0; view < 2; ++view) {
    const auto f = sorted_features(p, view);
    ASSERT_EQ(f.size(), 36u);
    EXPECT_EQ(std::set<int>(f.begin(), f.end()).size(), 36u);
    EXPECT_LT(f.back(), kInputs);
    EXPECT_GE(f.front(), 0);
  }
}

// A position and its image with the colours swapped and the board upside down look the same to
// the side to move.
TEST(TojmotNnueFeatures, TheColourSwappedImageLooksTheSame) {
  const Position w = parsed("w W:1G1,7F2,XE5,3F8 B:1G15,4D12,IIC13 0 1");
  const Position b = parsed("b W:IIC5,4D6,1G3 B:3F10,XE13,7F16,1G17 0 1");
  EXPECT_EQ(sorted_features(w, kWhite), sorted_features(b, kBlack));
  EXPECT_EQ(sorted_features(w, kBlack), sorted_features(b, kWhite));
  EXPECT_NE(sorted_features(w, kWhite), sorted_features(w, kBlack));
}

TEST(TojmotNnueWeightsFile, RoundTripsExactlyUnderItsOwnTag) {
  const Network net = oyin::nnue::quantise(varied_network(1));
  const std::string path = temp_path("round.nnue");
  ASSERT_TRUE(oyin::nnue::save(net, path).ok());
  auto back = oyin::nnue::load<Arch>(path);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(oyin::nnue::serialize(**back), oyin::nnue::serialize(net));
  EXPECT_EQ(oyin::nnue::serialize(net).size(), oyin::nnue::payload_bytes<Arch>());
  auto other = oyin::nnue::deserialize<Arch>(std::string(100, '\0'), "x.nnue");
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.error(), "weights file 'x.nnue' holds 100 bytes of weights, a 'tojmot-3026x32x32-res-v1' network has " +
                               std::to_string(oyin::nnue::payload_bytes<Arch>()));
}

TEST(TojmotNnueInference, IntegerNetworkFollowsTheFloatOneItCameFrom) {
  const FloatNetwork<Arch> f = varied_network(3);
  const Network q = oyin::nnue::quantise(f);
  double worst = 0, sum = 0;
  const auto ps = random_positions(5, 10);
  ASSERT_GT(ps.size(), 500u);
  for (const Position& p : ps) {
    const double exact = oyin::nnue::forward(f, p) * kScoreScale;
    const double d = std::abs(oyin::nnue::evaluate(q, p) - exact);
    worst = std::max(worst, d);
    sum += d;
  }
  // Material alone spans thousands of centi-units here; rounding costs a few.
  EXPECT_LT(worst, 60.0);
  EXPECT_LT(sum / static_cast<double>(ps.size()), 15.0);
  EXPECT_GT(worst, 0.0);
}

TEST(TojmotNnueEval, OptionsLoadTheNetAndItCorrectsTheHandMadeEval) {
  EvalParams e;
  EXPECT_FALSE(e.use_net);
  EXPECT_EQ(e.net, nullptr);
  EXPECT_EQ(eval_option_default("EvalFile"), "<empty>");
  EXPECT_EQ(eval_option_default("UseNNUE"), "false");
  auto none = eval_option(e, "EvalFile", "<builtin>").value();
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error(), "this game has no built-in net: give a weights file");
  auto unset = eval_option(e, "UseNNUE", "true").value();
  ASSERT_FALSE(unset.ok());
  EXPECT_EQ(unset.error(), "UseNNUE needs a network: set EvalFile to a weights file first");

  const Network net = oyin::nnue::quantise(varied_network(4));
  const std::string path = temp_path("eval.nnue");
  ASSERT_TRUE(oyin::nnue::save(net, path).ok());
  const Position p = start_position();
  const int hand = evaluate(p, e);
  ASSERT_TRUE(eval_option(e, "EvalFile", path).value().ok());
  EXPECT_EQ(evaluate(p, e), hand);  // loaded, not used
  ASSERT_TRUE(eval_option(e, "UseNNUE", "true").value().ok());
  // The net's correction is added to the hand-made score (mop-up term included, far ahead).
  EXPECT_EQ(evaluate(p, e), hand + oyin::nnue::evaluate(net, p));
  EXPECT_NE(oyin::nnue::evaluate(net, p), 0);
  const Position won = parsed("w W:1G7,7B4,8D8 B:1G15 0 1");
  EXPECT_EQ(evaluate(won, e), evaluate(won, EvalParams{}) + oyin::nnue::evaluate(net, won));
  EXPECT_EQ(Arch::base(won), evaluate(won, EvalParams{}));
  ASSERT_TRUE(eval_option(e, "UseNNUE", "false").value().ok());
  EXPECT_EQ(evaluate(p, e), hand);
}

// The net the SPRTs accepted (docs/research/tojmot-nnue.md) is in the repository, not built in.
TEST(TojmotNnueEval, TheRepositorysCorrectionNetLoads) {
  auto net = oyin::nnue::load<Arch>(std::string(OYIN_SOURCE_DIR) + "/nets/tojmot-correction.nnue");
  ASSERT_TRUE(net.ok()) << net.error();
  EXPECT_NE(oyin::nnue::evaluate(**net, start_position()), 0);
}

// selfplay-data -> train -> the engine plays with the net over UCI.
TEST(TojmotTrain, ShortRunLowersTheLossAndTheEnginePlaysWithTheNet) {
  const std::string data = temp_path("train.tsv"), out = temp_path("train.nnue");
  ASSERT_EQ(run_oyin("selfplay-data tojmot --games 16 --nodes 100 --max-plies 200 --quiet --seed 5 --out " + data).exit_code, 0);
  TrainOptions o;
  o.data = {data};
  o.out = out;
  o.epochs = 3;
  o.seed = 2;
  o.validation = 0.25;
  std::ostringstream log;
  auto rep = train(o, log);
  ASSERT_TRUE(rep.ok()) << rep.error();
  EXPECT_GT(rep->train_positions, 1000u);
  EXPECT_GT(rep->validation_positions, 100u);
  // The training loss falls epoch by epoch (the report keeps the epoch best on the held-out games).
  const std::string text = log.str();
  const auto at = text.find("epoch 3/3: training loss ");
  ASSERT_NE(at, std::string::npos) << text;
  EXPECT_LT(std::stod(text.substr(at + 25)), rep->initial_training_loss * 0.95) << text;
  ASSERT_TRUE(oyin::nnue::load<Arch>(out).ok());
  const auto uci = run_oyin("uci", "setoption name UCI_Variant value tojmot\nsetoption name EvalFile value " + out +
                                       "\nsetoption name UseNNUE value true\nposition startpos\ngo nodes 500\n");
  EXPECT_EQ(uci.out.find("error"), std::string::npos) << uci.out;
  EXPECT_NE(uci.out.find("bestmove "), std::string::npos) << uci.out;
  // And `oyin train tojmot` is the same trainer.
  const auto cli = run_oyin("train tojmot --data " + data + " --out " + temp_path("cli.nnue") + " --epochs 1 --quiet");
  EXPECT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_NE(cli.out.find("wrote " + temp_path("cli.nnue")), std::string::npos) << cli.out;
}

}  // namespace
}  // namespace oyin::tojmot::nnue
