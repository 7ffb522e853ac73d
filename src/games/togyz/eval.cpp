#include "games/togyz/eval.h"

#include "core/int_params.h"
#include "core/text.h"
#include "games/togyz/nnue.h"

namespace oyin::togyz {

namespace {

constexpr IntParam<EvalParams> kFields[] = {{"tuz_base", &EvalParams::tuz_base}, {"tuz_slope", &EvalParams::tuz_slope},
                             {"board", &EvalParams::board},       {"reach", &EvalParams::reach},
                             {"mobility", &EvalParams::mobility}, {"tempo", &EvalParams::tempo},
                             {"net_delta", &EvalParams::net_delta}, {"net_futility", &EvalParams::net_futility},
                             {"net_aspiration", &EvalParams::net_aspiration}};

int board_stones(const Position& p) {
  int n = 0;
  for (int i = 0; i < kPits; ++i) n += p.pits[i];
  return n;
}

}  // namespace

Result<EvalParams> parse_eval_params(std::string_view text) {
  return parse_int_params<EvalParams>(text, kFields, "togyz eval parameter");
}

std::string eval_params_to_text(const EvalParams& e) { return int_params_to_text<EvalParams>(e, kFields); }

std::optional<Status> eval_option(EvalParams& e, std::string_view name, std::string_view value) {
  return oyin::nnue::net_option<nnue::Arch>(e.net, e.use_net, name, value, &nnue::builtin_network);
}

std::optional<std::string> eval_option_default(std::string_view name) {
  if (name == "EvalFile") return std::string("<builtin>");
  if (name == "UseNNUE") return std::string("true");
  return std::nullopt;
}

int evaluate(const Position& p, const EvalParams& e) {
  if (e.use_net) return nnue::evaluate(*e.net, p);
  const int s = p.side, o = 1 - s;
  const int left = board_stones(p);
  int score = 100 * (p.kazan[s] - p.kazan[o]) + e.tempo;
  for (int t = 0; t < 2; ++t) {
    if (p.tuzdyk[t] == kNoTuzdyk) continue;
    const int k = p.tuzdyk[t] % 9;
    const int v = (e.tuz_base + e.tuz_slope * (k - 4)) * left / kStones;
    score += t == s ? v : -v;
  }
  int stones[2] = {0, 0}, reach[2] = {0, 0}, busy[2] = {0, 0};
  for (int t = 0; t < 2; ++t) {
    for (int i = 0; i < 9; ++i) {
      const int n = p.pits[t * 9 + i];
      stones[t] += n;
      busy[t] += n != 0;
      const int over = n - (9 - i);
      if (over > 0) reach[t] += over < 9 ? over : 9;
    }
  }
  score += e.board * (stones[s] - stones[o]) + e.reach * (reach[s] - reach[o]);
  score += e.mobility * (busy[s] - busy[o]) * (kStones - left) / kStones;
  return score;
}

int move_gain(const Position& p, Move m) {
  Position q = p;
  const MoveEffect eff = make_move<false>(q, m);
  return eff.captured * 100 + (eff.tuzdyk ? 800 : 0);
}

void generate_noisy(const Position& p, MoveList& list) {
  const int base = p.side * 9;
  for (int i = 0; i < 9; ++i) {
    if (!p.pits[base + i]) continue;
    const Move m{static_cast<std::uint8_t>(i)};
    if (move_gain(p, m) > 0) list.push(m);
  }
}

void result_bounds(const Position& p, int& lo, int& hi) {
  lo = -1;
  hi = 1;
  if (p.kazan[p.side] >= 81) lo = 0;      // the other side can reach at most 81
  if (p.kazan[1 - p.side] >= 81) hi = 0;  // and so can we
}

bool exact_endgame(const Position& p) { return board_stones(p) <= kExactStones; }

}  // namespace oyin::togyz
