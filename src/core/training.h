#pragma once
// What `oyin train GAME` asks of a game that has a learned evaluation, and what it answers.
// Game-neutral: the data files are `oyin selfplay-data` lines (position text, search score,
// game result, game number), the network's shape is the game's.
#include <cstdint>
#include <string>
#include <vector>

namespace oyin {

struct TrainOptions {
  std::vector<std::string> data;  // selfplay-data files
  std::string out;                // the weights file written at the end ("" = none)
  int epochs = 10;
  std::uint64_t seed = 1;
  double learning_rate = 1e-3;    // Adam's step size
  int batch = 256;
  double lambda = 0.75;           // target = lambda * search score + (1 - lambda) * game result
  double validation = 0.1;        // share of the games held out for the validation loss
};

struct TrainReport {
  std::size_t train_positions = 0, validation_positions = 0;
  double initial_training_loss = 0, final_training_loss = 0;
  double initial_validation_loss = 0;   // before the first step
  double final_validation_loss = 0;     // float network of the best epoch (the one written)
  double quantised_validation_loss = 0; // the exported integer network, as the engine runs it
};

}  // namespace oyin
