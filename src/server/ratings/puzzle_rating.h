#pragma once
// A learner's puzzle rating: Glicko-2 (glicko2.h) with every attempt a one-game period against
// the puzzle, whose rating is its `rating` field and whose deviation is fixed (a puzzle's
// difficulty is computed once, when it is proved, and never moves). A solved puzzle is a win,
// a failed one a loss. Game-agnostic: a learner has one rating per game, kept by the caller.
#include "server/ratings/glicko2.h"

namespace oyin::ratings {

inline constexpr double kPuzzleDeviation = 80;
// A new learner starts near the middle of the shipped puzzles (medians 770..1230), not at
// Glicko's 1500, so that the first puzzles are easy ones; the deviation says it is a guess.
inline constexpr Rating kNewPuzzleLearner{1000, 350, 0.06};

Rating rate_puzzle(const Rating& learner, int puzzle_rating, bool solved);

// Whether a rating state sent by a client is one Glicko-2 can go on from: a finite rating in
// 0..4000, a deviation in 1..350 and a volatility in 0..1 (exclusive of 0).
bool plausible(const Rating& r);

}  // namespace oyin::ratings
