#pragma once
// Engine-vs-engine matches for every registered game, with our own referee: it keeps the
// position, checks every move against the rules, applies the clock and decides the end; an
// engine's claim counts for nothing. An illegal move, a resignation, a crash, a flag fall or an
// answer that does not come within the timeout loses the game; the next game starts the
// engines afresh. Games come in pairs: each opening is played twice with the colours swapped.
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "match/player.h"
#include "match/stats.h"

namespace oyin::match {

struct MatchOptions {
  std::string game;                 // a registered game's name
  std::string rules;                // empty: the game's default rules
  PlayerSpec engines[2];
  int games = 2;                    // rounded up to an even number (pairs)
  int base_ms = 0, inc_ms = 0;      // time control per game; 0 = none
  MoveBudget budget;                // per-move limits (nodes / depth / movetime)
  int timeout_ms = 30000;           // external engines: answer time beyond the thinking time
  std::vector<std::string> openings;  // start positions; empty = the start position of the rules
  int random_plies = 0;             // random moves played from each opening (kept in the record)
  int concurrency = 1;
  int max_plies = 1000;             // the referee declares a draw after this many plies
  std::uint64_t seed = 1;
  bool sprt = false;
  SprtParams sprt_params;
};

struct GameResult {
  int pair = 0, index = 0;  // index 0: engine 1 has the first side; 1: colours swapped
  double points1 = 0;       // engine 1's points
  std::string result;       // "1-0", "0-1", "1/2-1/2"
  std::string reason;
  std::string record;       // the game's own record format (PGN / SGF)
  int plies = 0;            // moves the engines played (the random opening not counted)
};

struct MatchSummary {
  int wins = 0, losses = 0, draws = 0;  // engine 1's
  Pentanomial penta;
  EloEstimate elo;
  SprtResult sprt;
  bool stopped_by_sprt = false;
  std::string stopped;                  // why the match stopped early (an engine could not restart)
};

// Starts each engine once and sets up the first game (a bad command, a failed handshake or a
// builtin option the engine does not have is an error before any game is played), then plays
// the match; `on_game` (may be empty) is called under a lock after every game.
Result<MatchSummary> run_match(const MatchOptions& o, const std::function<void(const GameResult&, const MatchSummary&)>& on_game);

}  // namespace oyin::match
