#pragma once
// What `oyin train GAME` asks of a game that has a learned evaluation, and what it answers.
// Game-neutral: the data files are `oyin selfplay-data` lines (position text, search score,
// game result, game number), the network's shape is the game's.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace oyin {

// Where a training run is, for a progress bar: called after every batch of every epoch.
struct TrainProgress {
  int epoch = 0, epochs = 0;          // 1-based
  std::size_t batch = 0, batches = 0; // batches done in this epoch, of batches an epoch
  double loss = 0;                    // mean training loss of this epoch's batches so far (before each step)
};

struct TrainOptions {
  std::vector<std::string> data;  // selfplay-data files
  std::string out;                // the weights file written at the end ("" = none)
  int epochs = 10;
  std::uint64_t seed = 1;
  double learning_rate = 1e-3;    // Adam's step size
  int batch = 256;
  double lambda = 0.75;           // target = lambda * search score + (1 - lambda) * game result
  double validation = 0.1;        // share of the games held out for the validation loss
  std::function<void(const TrainProgress&)> progress;  // none when empty
};

struct TrainReport {
  std::size_t train_positions = 0, validation_positions = 0;
  double initial_training_loss = 0, final_training_loss = 0;
  double initial_validation_loss = 0;   // before the first step
  double final_validation_loss = 0;     // float network of the best epoch (the one written)
  double quantised_validation_loss = 0; // the exported integer network, as the engine runs it
};

}  // namespace oyin
