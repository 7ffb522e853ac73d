#pragma once
// Training the Togyz network (games/togyz/nnue.h): the trainer of core/nnue_train.h on the
// Togyz inputs, under the names the tests and the registry use.
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "core/nnue_train.h"
#include "games/togyz/nnue.h"

namespace oyin::togyz::nnue {

using FloatNetwork = oyin::nnue::FloatNetwork<Arch>;
using Sample = oyin::nnue::Sample<Arch>;

// Small random layers; the linear term starts as material (a stone in the kazan 100, on one's
// row 10, a tuzdyk 500), so training refines a sensible evaluation instead of finding one.
inline FloatNetwork initial_network(std::uint64_t seed) { return oyin::nnue::initial_network<Arch>(seed); }
inline float forward(const FloatNetwork& net, const std::uint16_t* features, int n) { return oyin::nnue::forward(net, features, n); }
inline float forward(const FloatNetwork& net, const Position& p) { return oyin::nnue::forward(net, p); }
inline Network quantise(const FloatNetwork& net) { return oyin::nnue::quantise(net); }
inline Result<Sample> parse_sample(std::string_view line) { return oyin::nnue::parse_sample<Arch>(line); }
inline Result<std::vector<Sample>> read_samples(const std::string& path) { return oyin::nnue::read_samples<Arch>(path); }
inline double mean_loss(const FloatNetwork& net, const std::vector<Sample>& s, double lambda) { return oyin::nnue::mean_loss(net, s, lambda); }
inline double mean_loss(const Network& net, const std::vector<Sample>& s, double lambda) { return oyin::nnue::mean_loss(net, s, lambda); }

// `oyin train togyz`: reads opt.data, trains opt.epochs epochs (progress and validation loss
// on `log`), writes the quantised network to opt.out.
Result<TrainReport> train(const TrainOptions& opt, std::ostream& log);

}  // namespace oyin::togyz::nnue
