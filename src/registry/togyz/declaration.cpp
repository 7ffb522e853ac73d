// Togyz Kumalak: the rules module games/togyz, UCI variant "togyzkumalak", the alpha-beta engine.
#include "registry/alphabeta_declaration.h"
#include "registry/togyz/levels.h"
#include "games/togyz/game.h"
#include "search/greedy_engine.h"
#include "search/togyz/nnue_train.h"

namespace oyin {

std::unique_ptr<GameAdapter> make_togyz_adapter();
std::shared_ptr<const PuzzleSupport> togyz_puzzles();  // puzzles.cpp

GameDeclaration declare_togyz() {
  using G = togyz::Togyz;
  GameDeclaration d;
  declare_alphabeta_uci<G>(d, make_togyz_adapter(), "togyzkumalak", kTogyzLevels);
  // The beginner: the sowing that captures most stones, a tuzdyk counted as 8 (move_gain); in
  // Togyz nothing is "taken back", so every capture is free.
  d.make_greedy = [] { return search::make_greedy_engine<G>({.gain = togyz::move_gain, .taken_back = {}, .last_resort = {}}); };
  // The opening, PlayOK-style lines, middlegames and the rules file's two endgame vectors.
  // Book: scores in hundredths of a stone. The shipped book is built from the engine's own
  // analysis (--analysis), each move checked at depth 13: at depth 8 its scores swing by stones
  // from depth to depth (README "Opening books"), so only moves within 0.30 of the position's
  // best are kept and varied among; a position's best move is kept even when the position is
  // lost, down to 30 stones. It passed its SPRT against no book at a short time control, so the
  // computer players use it (`played`).
  d.book = {.from_level = 5, .margin = 30, .drop_below = -3000, .check_depth = 13, .played = true};
  d.bench = {
      bench_to_depth("", ""),
      bench_to_depth("", "6 9 5 5 1 4"),
      bench_to_depth("", "7 3 4 4 9 2"),
      bench_to_depth("", "9 2 8 1 7 2 6 1 9"),
      bench_to_depth("", "1 9 2 8 3 7 4 6 5 5 6 4 7 3"),
      bench_to_depth("", "3 5 4 1 8 7 2 6 5 4 9 3 1 2 6 8"),
      bench_to_depth("3S,2,t,2S,1S,1S,2/2,1S,1,t,3,2S 77 75 N 40", ""),
      bench_to_depth("1S,1,2S,2,t,1S,1,1S/1S,5,2S,t,1S 79 74 N 40", ""),
  };
  d.train = [](const TrainOptions& o, std::ostream& log) { return togyz::nnue::train(o, log); };
  // A side makes about 40-60 moves in a game; PlayOK-style blitz and rapid.
  d.clock_presets = {{60, 0}, {180, 2}, {300, 5}, {600, 5}, {900, 10}};
  // Fixed level ratings, docs/engines.md "Levels": the greedy beginner at kBeginnerRating (800);
  // level 0 lost to it 7-92-1 (-436), level 1 beat it 387-12-1 (+597); every level above chained
  // from level 1 by matches against the level below (100 games, 400 for levels 8, 9 and 10),
  // 20,000 nodes a move, with the sixth net (2026-12-07).
  d.level_ratings = {364, 1397, 1821, 2203, 2358, 2583, 2760, 2946, 2984, 3020, 3090};
  d.puzzles = togyz_puzzles();
  // Win chance for reviews: the logistic scale `oyin win-chance` fitted on 1,342 real games of
  // ../shared/data/togyz scored at depth 8 (118,936 positions; log loss 0.671, a coin's 0.693).
  // Self-play at 5,000 nodes gave 772: engines convert a lead far more surely than people do, and
  // a review judges people's games. docs/engines.md "Win chance".
  d.win_chance = {.scale = 2687};
  return d;
}

}  // namespace oyin
