#pragma once
// How well the engine turns a won position into a win (`oyin convert`). Two stages, both
// deterministic for a seed (one search thread, node limits, a fresh table per game):
//  1. collect: the engine at `level` plays a weaker level from the start; the first position of
//     each game where the engine, to move, scores at least `min_score` is kept (distinct
//     positions only) until there are `positions` of them. With `judge_eval` that score is the
//     one of a second search of the same position under those weights (the moves played stay
//     the engine's own): a Tojmot score counts steering credits toward a mate (up to 2,700 of
//     the mating tables) that are not material, and `mop_up=0` leaves them out;
//  2. play out: from each kept position the engine at `level` plays the side ahead against the
//     same engine defending, until the game ends or the side ahead has made `max_moves` moves.
// Moves are the winning side's moves (one per two plies), as a mate "in N moves" counts them.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"
#include "registry/registry.h"

namespace oyin::match {

struct ConversionOptions {
  std::string rules;             // empty: the game's defaults
  std::string eval;              // the engine's EvalParams ("name=value,..."); empty: its defaults
  std::string evalfile;          // a learned evaluation for both sides (EvalFile, UseNNUE on); empty: the engine's own
  std::string judge_eval;        // collecting: the weights (from the defaults) whose score picks the positions; empty: the player's
  int positions = 200;
  std::uint64_t nodes = 20000;   // a move, both stages
  int level = kMaxLevel;         // the engine, ahead and defending
  int weak_level = 3;            // its opponent while positions are collected
  int min_score = 500;           // centi-units for the side to move (5 Romans, 5 stones)
  int within = 60;               // the goal: mate within this many moves of the side ahead
  int max_moves = 150;           // a play-out stops (a failure) after this many moves of the side ahead
  int max_collect_plies = 400;   // a collecting game that never gets there is skipped
  int jobs = 1;
  std::uint64_t seed = 1;
};

// A position the engine thinks is won for the side to move.
struct WonPosition {
  int game = 0;      // the collecting game it came from
  int ply = 0;       // its ply in that game
  int score = 0;     // the engine's score for the side to move
  std::string text;  // position text
};

struct PlayOut {
  int moves = 0;        // moves the side ahead made
  bool mated = false;   // the side ahead won by mate (or any win the rules give)
  std::string end;      // the status code ("mate", "threefold", ...), "lost", or "move_limit"
  std::vector<std::string> line;  // the moves played, both sides (to watch how it went)
  std::vector<int> scores;        // the side ahead's score before each of its moves
  std::string last;               // the position it ended in
};

struct ConversionReport {
  std::vector<WonPosition> positions;
  std::vector<PlayOut> results;  // one per position
  int games = 0;                 // collecting games played to get the positions
  int within = 0;                // mated within options.within moves
  int median = 0, p95 = 0;       // moves to mate over all positions; -1: not mated (beyond the limit)
};

// Progress: the stage ("collect" / "play"), how many are done, of how many, and for a play-out
// how the one just finished ended ("mate after 34 moves (game 12)"), so that a long run stopped
// early still tells what it found.
using ConversionProgress = std::function<void(const std::string& stage, int done, int total, const std::string& what)>;

// Stage 1 alone (its positions can be saved and played out again by another engine).
Result<std::vector<WonPosition>> collect_won_positions(const GameEntry& g, const ConversionOptions& o,
                                                       const ConversionProgress& progress, int* games_played);
// Stage 2 and the figures.
Result<ConversionReport> play_out_positions(const GameEntry& g, const ConversionOptions& o,
                                            std::vector<WonPosition> positions, const ConversionProgress& progress);

// Nearest-rank percentile (0 < q <= 1) of moves to mate, a failure counting as beyond every
// mate; -1 when the rank falls on a failure.
int moves_percentile(const std::vector<PlayOut>& results, double q);

// The positions file: one `game <TAB> ply <TAB> score <TAB> position` line each.
std::string won_positions_to_text(const std::vector<WonPosition>& v);
// The play-outs: `index <TAB> end <TAB> moves <TAB> start <TAB> last position <TAB> moves played
// <TAB> the side ahead's scores`.
std::string play_outs_to_text(const ConversionReport& r);
Result<std::vector<WonPosition>> won_positions_from_text(std::string_view text);

}  // namespace oyin::match
