// Tojmot: the rules module games/tojmot, UCI variant "tojmot", the alpha-beta engine.
#include "registry/alphabeta_declaration.h"
#include "registry/tojmot/levels.h"
#include "games/tojmot/game.h"
#include "search/greedy_engine.h"
#include "search/tojmot/nnue_train.h"

namespace oyin {

std::unique_ptr<GameAdapter> make_tojmot_adapter();
std::shared_ptr<const PuzzleSupport> tojmot_puzzles();  // puzzles.cpp

GameDeclaration declare_tojmot() {
  using G = tojmot::Tojmot;
  GameDeclaration d;
  declare_alphabeta_uci<G>(d, make_tojmot_adapter(), "tojmot", kTojmotLevels);
  // The beginner: the capture worth most (with its promotion) that no reply takes back on the
  // same cell; a plain promotion is no capture.
  d.make_greedy = [] {
    return search::make_greedy_engine<G>({
        .gain = [](const tojmot::Position& p, tojmot::Move m) { return tojmot::is_capture(p, m) ? tojmot::move_gain(p, m) : 0; },
        .taken_back = [](const tojmot::Position& after, tojmot::Move m) {
          tojmot::MoveList replies;
          tojmot::generate_moves(after, replies);
          for (const tojmot::Move& r : replies)
            if (r.to == m.to) return true;
          return false;
        },
        .last_resort = {},
    });
  };
  // The opening, a few plies in, and a middlegame, at depth 5 (the tree is wide).
  // Book: scores in centi-pawns of Tojmot's material; three pawns down is a clear loss. The
  // shipped book is the engine's own analysis (every legal move of the first two plies at depth
  // 8); it passed its SPRT against no book at a short time control, so the computer players use
  // it (`played`). The first, from 30 fast self-play games, lost about 100 Elo.
  d.book = {.from_level = 5, .margin = 30, .drop_below = -300, .check_depth = 8, .played = true};
  d.bench = {
      bench_to_depth("", "", 5),
      bench_to_depth("", "g5f6 i13j12 b4b6 g17f16", 5),
      bench_to_depth("w W:1G1,XE3,7G3,XI3,2B4,8F4,9H4,4L4,3N4,IIA5,VC5,VIIIF6,IXG7,VIJ6,IVK5,IIIM5,5D6,6J4 "
       "B:IIIA13,IVC13,VIE11,IXG11,VIIII13,VK13,IIM13,3B14,4D14,6F14,9H14,8J14,5L14,2N14,XE15,7G15,XI15,1G17 0 9",
       "", 5),
  };
  // Games of 60-100 moves a side: bullet to classical controls, as for other long board games.
  d.clock_presets = {{60, 0}, {180, 2}, {300, 3}, {600, 5}, {1800, 20}};
  // Fixed level ratings, docs/engines.md "Levels": the greedy beginner at kBeginnerRating (800);
  // level 0 lost to it 2-23-75 (-74), level 1 beat it 90-0-10 (+512); levels 2 and 3 chained by
  // 20-game steps; from level 3 up each level by its direct match against the one below (200 or
  // 400 games each, 20,000 nodes a move, the table of registry/tojmot/levels.h).
  d.level_ratings = {726, 1312, 1419, 1720, 1801, 1917, 1988, 2113, 2196, 2258, 2324};
  d.puzzles = tojmot_puzzles();
  // The learned evaluation's trainer (games/tojmot/nnue.h); no net is built in: EvalFile loads one.
  d.train = [](const TrainOptions& o, std::ostream& log) { return tojmot::nnue::train(o, log); };
  // Win chance for reviews: the logistic scale `oyin win-chance` fitted on 60 self-play games at
  // 5,000 nodes a move (22,128 positions; log loss 0.571, a coin's 0.693). docs/engines.md "Win chance".
  d.win_chance = {.scale = 618};
  return d;
}

}  // namespace oyin
