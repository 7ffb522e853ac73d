#pragma once
// A game's review from the engine's view of each position: every move's loss in win chance
// (registry/win_chance.h), its class by lichess's thresholds, and each side's accuracy.
#include <optional>
#include <string>
#include <vector>

#include "registry/win_chance.h"
#include "storage/analysis_job_store.h"

namespace oyin::review {

enum class MoveClass { best, good, inaccuracy, mistake, blunder };
const char* class_name(MoveClass c);

// A move's loss of win chance (0..1) at which it is an inaccuracy, a mistake, a blunder: lichess's
// 0.1 / 0.2 / 0.3 on its -1..1 scale of winning chances, halved on this 0..1 one.
inline constexpr double kInaccuracy = 0.05, kMistake = 0.10, kBlunder = 0.15;

struct ReviewedMove {
  int ply = 0;             // the move from the position after `ply` plies
  int side = 0;            // who made it (0 = the first player)
  std::string move;
  double win_before = 0.5;  // the mover's win chance before the move ...
  double win_after = 0.5;   // ... and after it (the played move's score from the position before
                            // when the worker wrote one, else the next position's)
  int score_after = 0;              // the engine's score after it, the mover's view
  std::optional<int> mate_after;    // (or a proven result, moves to it, + when the mover wins)
  MoveClass cls = MoveClass::good;
  std::string best;         // the engine's move in the position before
  std::string best_line;
  bool book = false;        // a book move (review/book_moves.h): best or good, not judged, not counted
};

struct GameReview {
  std::vector<ReviewedMove> moves;     // as far as positions on both sides of a move are known
  std::optional<double> accuracy[2];   // per side, 0..100 (none before it has a reviewed move)
};

// `positions[i]` is the engine's view of the position after i plies (by ply, gaps allowed),
// `moves` the game's moves, `side_to_move[i]` who moves in the position after i plies, `book[i]`
// whether the move after i plies is a book move (review/book_moves.h; shorter than `moves` or
// empty: the rest are not).
GameReview review_game(const std::vector<storage::AnalysedPosition>& positions, const std::vector<std::string>& moves,
                       const std::vector<int>& side_to_move, const WinChance& win_chance,
                       const std::vector<bool>& book = {});

// A move's accuracy from its loss (lichess's curve over win percentages: 100 for no loss, about 64
// for a 10-point loss).
double move_accuracy(double loss);

}  // namespace oyin::review
