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
struct Arch;
}
}  // namespace oyin::togyz
namespace oyin::nnue {
template <class Arch>
struct Network;
}
namespace oyin::togyz {
namespace nnue {
using Network = oyin::nnue::Network<Arch>;
std::shared_ptr<const Network> builtin_network();  // nets/togyz.nnue, compiled in
}  // namespace nnue

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
  // The learned evaluation (games/togyz/nnue.h), used instead of the weights above while use_net
  // is on (UseNNUE, the default since it passed its SPRTs; README). The built-in net unless the
  // EvalFile option loads another or drops it.
  std::shared_ptr<const nnue::Network> net = nnue::builtin_network();
  bool use_net = net != nullptr;
  // The search's margins with the net (search/game_hooks.h), in centi-stones: its scores are
  // spread differently from the hand-made eval's, so they are tuned for it (README, issue 17).
  int net_delta = 150;       // quiescence: a capture's gain plus this must reach alpha
  int net_futility = 100;    // per ply of depth left, (reverse) futility pruning (150 by hand)
  int net_aspiration = 30;   // the first half-width of the aspiration window
};

// What search_margins gives the search (search::SearchMargins, which rules code cannot name).
struct Margins {
  int delta, futility, aspiration;
};
// The net's margins while it is on; nullopt (the search's defaults) for the hand-made eval.
inline std::optional<Margins> search_margins(const EvalParams& e) {
  if (!e.use_net) return std::nullopt;
  return Margins{e.net_delta, e.net_futility, e.net_aspiration};
}

Result<EvalParams> parse_eval_params(std::string_view text);
std::string eval_params_to_text(const EvalParams& e);

int evaluate(const Position& p, const EvalParams& e);

// Engine options of the evaluation (search/game_hooks.h): "EvalFile" (a weights file path,
// "<builtin>" for the compiled-in net, or empty / "<empty>" to drop the net: the hand-made eval)
// and "UseNNUE" (true/false). nullopt: not one of them.
std::optional<Status> eval_option(EvalParams& e, std::string_view name, std::string_view value);
// Their defaults as a UCI "option" line shows them; nullopt: not one of them.
std::optional<std::string> eval_option_default(std::string_view name);
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
