#pragma once
// Glicko-2 ratings (Mark E. Glickman, "Example of the Glicko-2 system", 2013): a rating, its
// deviation (how sure it is) and a volatility (how erratic the player is), updated from the
// results of one rating period. The server rates after every rated game, one game a period, as
// online sites do. Game-agnostic: nothing here knows which game was played.
#include <span>

namespace oyin::ratings {

struct Rating {
  double rating = 1500;
  double deviation = 350;
  double volatility = 0.06;
};

struct Result {
  Rating opponent;
  double score = 0;  // 1 a win, 0.5 a draw, 0 a loss
};

struct Glicko2Options {
  double tau = 0.5;             // how much the volatility may change (the paper: 0.3 to 1.2)
  double epsilon = 0.000001;    // convergence of the volatility iteration
  double max_deviation = 350;   // a deviation never grows past a new player's
};

// The rating after the period's results; with none, only the deviation grows.
Rating update(const Rating& player, std::span<const Result> results, const Glicko2Options& opt = {});

// A rating whose deviation is still over 110 (lichess's line) is marked provisional: it is
// still mostly a guess.
inline bool provisional(const Rating& r) { return r.deviation > 110; }

}  // namespace oyin::ratings
