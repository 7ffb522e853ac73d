#pragma once
// A learner's puzzle rating: Glicko-2 (glicko2.h) with every attempt a one-game period against
// the puzzle, at the puzzle's current rating with a fixed deviation. A solved puzzle is a win,
// a failed one a loss. Game-agnostic: a learner has one rating per game, kept by the caller.
//
// A puzzle's rating is learned the same way, as lichess does: it starts from the rating its
// file gives (the formula of learn/puzzles.h) with deviation kPuzzleStartDeviation, and each
// rated attempt is a one-game period of the puzzle against the solver (a solve is the puzzle's
// loss).
#include "server/ratings/glicko2.h"

namespace oyin::ratings {

inline constexpr double kPuzzleDeviation = 80;
// A new learner starts near the middle of the shipped puzzles (medians 770..1230), not at
// Glicko's 1500, so that the first puzzles are easy ones; the deviation says it is a guess.
inline constexpr Rating kNewPuzzleLearner{1000, 350, 0.06};

Rating rate_puzzle(const Rating& learner, int puzzle_rating, bool solved);

inline constexpr double kPuzzleStartDeviation = 200;
// A puzzle nobody's attempt has rated yet: its file's rating, with the start deviation.
Rating puzzle_start(int file_rating);
// The puzzle's rating after a solver rated `learner` (before the attempt) solved it or not.
Rating rate_by_solver(const Rating& puzzle, const Rating& learner, bool solved);

// Whether a rating state sent by a client is one Glicko-2 can go on from: a finite rating in
// 0..4000, a deviation in 1..350 and a volatility in 0..1 (exclusive of 0).
bool plausible(const Rating& r);

}  // namespace oyin::ratings
