#include "server/ratings/puzzle_rating.h"

#include <cmath>

namespace oyin::ratings {

Rating rate_puzzle(const Rating& learner, int puzzle_rating, bool solved) {
  const Result r{{static_cast<double>(puzzle_rating), kPuzzleDeviation, 0.06}, solved ? 1.0 : 0.0};
  return update(learner, std::span<const Result>(&r, 1));
}

Rating puzzle_start(int file_rating) { return {static_cast<double>(file_rating), kPuzzleStartDeviation, 0.06}; }

Rating rate_by_solver(const Rating& puzzle, const Rating& learner, bool solved) {
  const Result r{learner, solved ? 0.0 : 1.0};
  return update(puzzle, std::span<const Result>(&r, 1));
}

bool plausible(const Rating& r) {
  return std::isfinite(r.rating) && std::isfinite(r.deviation) && std::isfinite(r.volatility) && r.rating >= 0 &&
         r.rating <= 4000 && r.deviation >= 1 && r.deviation <= 350 && r.volatility > 0 && r.volatility <= 1;
}

}  // namespace oyin::ratings
