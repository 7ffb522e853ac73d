#pragma once
// Tojmot static evaluation and the search hooks (see search/game_hooks.h).
// Scores are for the side to move, 100 = one Roman.
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "games/tojmot/movegen.h"

namespace oyin::nnue {
template <class Arch>
struct Network;
}
namespace oyin::tojmot {

namespace nnue {
struct Arch;
using Network = oyin::nnue::Network<Arch>;  // games/tojmot/nnue.h
}  // namespace nnue

// On the board turned 45° back, an edge step is an orthogonal step and a vertex step a diagonal
// one: the 9 is a king, the 2 a ferz, the 3 a knight, the 4 a bishop, the 5 a dabbaba, the 6 a
// camel, the 7 a queen, the 8 a rook. The starting values followed that reading (3 300, 7 900,
// 8 500, 9 300); self-play matches at 5,000 nodes a move then raised the 3, 7, 8 and 9
// (README, "Tojmot search").
struct EvalParams {
  int two = 150, three = 350, four = 330, five = 175, six = 250, seven = 1100, eight = 600, nine = 400;
  int roman = 100;    // II..IX: a forward-only stepper that promotes to its own numeral
  int x = 120;        // X: the same, and it promotes to the piece of its choice
  int advance = 10;   // a Roman/X near a promotion cell: advance * (7 - steps)^2 / 4
  int mobility = 4;   // each cell an officer (2..9) can move to
  int shield = 15;    // each own piece next to one's 1
  int tropism = 6;    // enemy officers close to one's 1 (rotated king distance < 4)
  int tempo = 10;     // having the move
  // Far ahead (material lead over mop_lead): the other 1's lack of room, one's own 1 near it,
  // fewer pieces on the board, Romans/X pushed, the other 1's neighbour cells taken
  // (src/games/tojmot/eval.cpp, mop_up). On: from the endings the engine reached it mated 13 of
  // 22 within 40 moves where it mated 6 without (`oyin convert`), and an SPRT accepted it
  // (docs/engines.md, "Converting won positions"). mop_strip and mop_attack did not help: 0.
  // mop_promo made the side ahead mate more often but an SPRT rejected it, mop_fade alone mated no
  // more: both 0 (docs/engines.md, "Third round"). mop_room mated more from +1,500 (148 of 200
  // within 60 moves at 30, 135 without) but an SPRT rejected it (-51.9 +- 37.3; "Fourth round"): 0.
  // mop_up=0: every mop-up term off whatever its weight, the engine as it was before them (the
  // shipped puzzles' self-play keeps it: src/registry/tojmot/puzzles.cpp, so they rebuild byte for byte).
  int mop_up = 1;
  int mop_lead = 200;
  int mop_edge = 6;    // each cell within two steps of the other 1 that is off the board
  int mop_near = 8;    // each step one's 1 is closer to the other 1 (from 8 steps)
  int trade = 4;       // each piece off the board
  int mop_push = 12;   // each step one's Romans/X have come toward promotion (more material, a reset clock)
  int mop_strip = 0;   // each of the other side's pieces off the board (trading down, not giving away one's own)
  int mop_attack = 0;  // each officer of one's own nearer than 6 steps to the other 1, for each step nearer
  int mop_promo = 0;   // per cent of what a Roman/X gains by promoting (an X: a 7), times how near it is (of 12 steps)
  int promo_lead = 200;  // mop_promo counts from this lead (ramped in over the next 200), not from mop_lead
  int mop_box = 25;    // each of the other 1's eight neighbour cells it cannot step to (attacked, off the board, ...)
  // With at most one officer left to the other side: each cell fewer (of 48) that its 1 can reach
  // in three steps over cells nobody of the side ahead attacks: the box a mate closes.
  int mop_room = 0;
  // The mating endings (docs/engines.md, "Fifth round", "Sixth round"). While the other side has
  // at most mate_gate of material beside its 1 and the lead is past mate_lead (ramped in over 200):
  // mate_table for each ply nearer the mate that one's 1 and one's best 7, 8 or 9 would give
  // alone (games/tojmot/mating_table.h; of 90), so the army walks toward the mate its mating piece
  // gives; mate_promo like mop_promo (an X heads for a 7: a 7 mates in 12 moves where a 9 may need
  // 42); and mate_hunt for each officer the other side still has (the tables know a bare 1 only).
  // A bare 1 counts whatever the lead. From the +1,500 positions: 152 of 200 mated within 60 moves
  // with the table alone and promotion only without a mating piece (fifth round), 170 with all
  // three (sixth); an SPRT found each no weaker. Without mate_lead it mated 154 but an SPRT
  // rejected it (-50.6 +- 30.3).
  int mate_gate = 1000;
  int mate_lead = 600;
  int mate_table = 30;
  int mate_promo = 120;
  int mate_hunt = 100;
  // Three pieces left and no mate to force (a 1 and a 2, 3, 4, 5 or 6 against a bare 1, nearly
  // always; or the bare 1 takes the piece): a draw, whatever the material says.
  int mate_exact = 1;
  // When > 0 and one side is far ahead: the score times (mop_fade - clock) / mop_fade, the clock
  // being the plies since the last capture or Roman/X move (the 100-ply draw's), so that the side
  // ahead prefers the moves that make progress; ramped in like the rest of the term.
  int mop_fade = 0;
  // A learned correction (games/tojmot/nnue.h), added to the evaluation of the weights above while
  // use_net is on (engine options EvalFile and UseNNUE). None is built in.
  std::shared_ptr<const nnue::Network> net;
  bool use_net = false;
};

Result<EvalParams> parse_eval_params(std::string_view text);
std::string eval_params_to_text(const EvalParams& e);

int evaluate(const Position& p, const EvalParams& e);

// Engine options of the evaluation (search/game_hooks.h): "EvalFile" (a weights file path, or
// empty / "<empty>" to drop the net) and "UseNNUE" (true/false). nullopt: not one of them.
std::optional<Status> eval_option(EvalParams& e, std::string_view name, std::string_view value);
// Their defaults as a UCI "option" line shows them; nullopt: not one of them.
std::optional<std::string> eval_option_default(std::string_view name);
// Setting EvalParams keeps the loaded network and the UseNNUE choice.
inline void carry_eval_options(const EvalParams& from, EvalParams& to) {
  to.net = from.net;
  to.use_net = from.use_net;
}

// Ordering / quiescence: the value of the captured piece plus what a promotion adds (default weights).
int move_gain(const Position& p, Move m);
// Captures, promotions and, when `checks`, the moves whose piece gives check from its new cell
// (discovered checks are not looked for).
void generate_noisy(const Position& p, MoveList& list, bool checks = true);
// Few pieces left, or the side to move has no piece but its 1 and Romans (zugzwang is real):
// the search goes full width and makes no null move.
bool exact_endgame(const Position& p);
}  // namespace oyin::tojmot
