#pragma once
// The chance that the side to move goes on to win, from its engine's score: what a game review
// measures moves in (a move's loss is the win chance it gives away). Alpha-beta scores map by a
// logistic curve whose scale is fitted per game on games with known results (`oyin win-chance`,
// docs/engines.md "Win chance"); a Monte-Carlo search's score is its win rate already.
#include <algorithm>
#include <cmath>
#include <optional>

namespace oyin {

struct WinChance {
  // Logistic: 1 / (1 + exp(-score / scale)), score in the game's centi-units.
  double scale = 400;
  // The score is 1000 * (2 * win rate - 1) (the Monte-Carlo search's).
  bool score_is_win_rate = false;

  // For the side to move; `mate`: a proven result (moves to it, + when the side to move wins).
  double of(int score, std::optional<int> mate = std::nullopt) const {
    if (mate) return *mate > 0 ? 1.0 : *mate < 0 ? 0.0 : 0.5;
    if (score_is_win_rate) return std::clamp((score / 1000.0 + 1) / 2, 0.0, 1.0);
    return 1 / (1 + std::exp(-score / scale));
  }
};

}  // namespace oyin
