#pragma once
// Fitting WinChance::scale: the logistic curve that best predicts how games ended from the
// engine's scores of their positions (maximum likelihood; a draw counts as half a win).
#include <cstddef>
#include <vector>

namespace oyin::review {

struct ScoredResult {
  int score = 0;        // the engine's score, side to move's view
  double result = 0.5;  // how the game ended for that side: 1, 0.5 or 0
};

struct WinChanceFit {
  double scale = 0;
  double log_loss = 0;       // mean cross-entropy at that scale (nats)
  double base_log_loss = 0;  // the same predicting 50 % everywhere (what the score adds is the gap)
  std::size_t samples = 0;
  // Calibration: the score bands' mean predicted and observed results.
  struct Band {
    int from = 0, to = 0;
    std::size_t count = 0;
    double predicted = 0, observed = 0;
  };
  std::vector<Band> bands;
};

// Scores at or beyond |max_score| (proven results) are left out.
WinChanceFit fit_win_chance(const std::vector<ScoredResult>& data, int max_score = 9000);

}  // namespace oyin::review
