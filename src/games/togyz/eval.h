#pragma once
// Togyz Kumalak static evaluation and the search hooks (see search/game_hooks.h).
// Scores are for the side to move, 100 = one stone in the kazan.
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "games/togyz/board.h"

namespace oyin::togyz {

namespace nnue {
struct Network;
}

// What strong players value, as weights. The defaults were set by self-play matches (two
// rounds of 100-game matches at 5,000 nodes a move, one weight changed at a time; README),
// starting from hand-set values 700/0/10/4/15/20.
struct EvalParams {
  int tuz_base = 1000;  // a tuzdyk with the whole board still to play (scaled by stones left)
  int tuz_slope = -40;  // per pit number away from the middle (pit 5): - favours early pits
  int board = 10;       // each stone on one's own row
  int reach = 0;        // each stone a pit would sow onto the opponent's row (self-play: 0)
  int mobility = 80;    // each non-empty own pit, growing as the board empties (tempo, atsyrau)
  int tempo = 20;       // having the move
  // The learned evaluation (games/togyz/nnue.h): loaded by the EvalFile option, used instead of
  // the weights above while use_net is on (UseNNUE). Off by default: the hand-made eval stays.
  std::shared_ptr<const nnue::Network> net;
  bool use_net = false;
};

Result<EvalParams> parse_eval_params(std::string_view text);
std::string eval_params_to_text(const EvalParams& e);

int evaluate(const Position& p, const EvalParams& e);

// Engine options of the evaluation (search/game_hooks.h): "EvalFile" (a weights file path, or
// empty / "<empty>" to drop the network) and "UseNNUE" (true/false). nullopt: not one of them.
std::optional<Status> eval_option(EvalParams& e, std::string_view name, std::string_view value);
// Setting EvalParams keeps the loaded network and the UseNNUE choice.
inline void carry_eval_options(const EvalParams& from, EvalParams& to) {
  to.net = from.net;
  to.use_net = from.use_net;
}

// Ordering / quiescence: stones captured (x100), a new tuzdyk counts as 8 stones.
int move_gain(const Position& p, Move m);
// Captures and tuzdyk-making moves.
void generate_noisy(const Position& p, MoveList& list);
// -1 loss .. +1 win, what the side to move can still get: a kazan of 81 cannot lose.
void result_bounds(const Position& p, int& lo, int& hi);
// Few stones left on the board: the search goes full width and extends forced moves.
constexpr int kExactStones = 12;
bool exact_endgame(const Position& p);

}  // namespace oyin::togyz
