#pragma once
// Training the Togyz network (games/togyz/nnue.h) in plain C++: the float network the integer
// one is exported from, its forward pass, the training positions of `oyin selfplay-data`, and
// Adam over a clipped-ReLU net with a sigmoid loss.
#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "core/result.h"
#include "core/training.h"
#include "games/togyz/nnue.h"

namespace oyin::togyz::nnue {

struct FloatNetwork {
  std::vector<float> ft_weights = std::vector<float>(kInputs * kHidden);  // [input][hidden]
  std::vector<float> ft_bias = std::vector<float>(kHidden);
  std::vector<float> psqt = std::vector<float>(kInputs);
  std::vector<float> l2_weights = std::vector<float>(kL2 * kHidden);      // [out][in]
  std::vector<float> l2_bias = std::vector<float>(kL2);
  std::vector<float> out_weights = std::vector<float>(kL2);
  float out_bias = 0;
};

// Small random layers; the linear term starts as material (a stone in the kazan 100, on one's
// row 10, a tuzdyk 500), so training refines a sensible evaluation instead of finding one.
FloatNetwork initial_network(std::uint64_t seed);
// The output y (score / kScoreScale) of the float network on the given active inputs.
float forward(const FloatNetwork& net, const std::uint16_t* features, int n);
float forward(const FloatNetwork& net, const Position& p);  // from the side to move's view
// Rounds to the integer network (weights are kept inside its ranges while training).
Network quantise(const FloatNetwork& net);

// One training position: its inputs from the side to move's view, the search score and the
// game's result for that side (1, 0.5, 0), and which game of its file it came from.
struct Sample {
  std::array<std::uint16_t, kMaxActive> features;
  std::uint8_t count = 0;
  float score = 0;
  float result = 0;
  std::uint32_t game = 0;
};
// A selfplay-data line: "<position>\t<score>\t<result>\t<game>".
Result<Sample> parse_sample(std::string_view line);
// Every line of the file; an error names the file and line.
Result<std::vector<Sample>> read_samples(const std::string& path);

// (sigmoid(y) - target)^2 averaged, target = lambda * sigmoid(score / kScoreScale) + (1 - lambda) * result.
double mean_loss(const FloatNetwork& net, const std::vector<Sample>& s, double lambda);
double mean_loss(const Network& net, const std::vector<Sample>& s, double lambda);

// `oyin train togyz`: reads opt.data, trains opt.epochs epochs (progress and validation loss
// on `log`), writes the quantised network to opt.out.
Result<TrainReport> train(const TrainOptions& opt, std::ostream& log);

}  // namespace oyin::togyz::nnue
