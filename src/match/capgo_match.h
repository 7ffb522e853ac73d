#pragma once
// Capture Go matches between two players with our own referee (the rules core decides every
// move's legality and the end): oyin at a level/playout budget in this process, or any GTP
// engine started as a subprocess (e.g. GNU Go, which plays ordinary Go and is told only the
// moves; it loses when it resigns, plays an illegal move or stops answering).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"

namespace oyin::match {

struct CapgoPlayerSpec {
  std::string gtp;               // empty: oyin's MCTS in process; else the GTP command line
  int level = 10;
  std::uint64_t playouts = 0;    // 0 = the level's budget
  int movetime_ms = 0;
  int threads = 1;
  std::string label() const;
};

// "level=10,playouts=5000,threads=1,movetime=200" or "gtp=/usr/games/gnugo --mode gtp --level 10"
// or "gnugo" (GNU Go at level 10).
Result<CapgoPlayerSpec> parse_player(std::string_view text);

struct CapgoGame {
  int a_color = 0;          // colour player A had (0 black)
  int winner = -1;          // 0 black, 1 white, 2 draw
  std::string reason;
  int plies = 0;
  std::string sgf;
};

struct CapgoMatchOptions {
  std::string rules = "size=9,target=1";
  int games = 10;
  std::uint64_t seed = 1;
  int max_plies = 0;        // 0 = 4 × points (then the count decides)
  CapgoPlayerSpec a, b;
  std::function<void(int index, const CapgoGame&)> on_game;
};

struct CapgoMatchResult {
  int a_wins = 0, b_wins = 0, draws = 0;
  int black_wins = 0, white_wins = 0;
  std::vector<CapgoGame> games;
  double score_a() const;          // (wins + draws/2) / games
  double elo_a(double* margin95) const;  // Elo difference A − B and its 95% margin
};

Result<CapgoMatchResult> run_capgo_match(const CapgoMatchOptions& opt);

}  // namespace oyin::match
