#include "search/capgo/perfect_play.h"

#include "games/capgo/game.h"
#include "games/capgo/proof.h"
#include "search/capgo/perfect_table.h"
#include "search/capgo/solver.h"

namespace oyin::capgo {

namespace {
bool table_proves_loss(const Position& pos, const PerfectTable& table) {
  MoveList list;
  generate_moves(pos, list);
  if (list.empty()) return false;
  for (const Move m : list) {
    if (m == kPass) return false;
    Position next = pos;
    Undo u;
    play(next, m, u);
    if (is_over(next) || table.lookup(next) < 0) return false;
  }
  return true;
}
}  // namespace

PerfectResult table_result(const Position& pos, const PerfectTable& table) {
  PerfectResult r;
  r.source = "table";
  if ((r.move = table.lookup(pos)) >= 0) r.value = PerfectValue::Win;
  else if (table_proves_loss(pos, table)) r.value = PerfectValue::Loss;
  return r;
}

bool perfect_applies(const Position& pos) {
  return pos.size <= kPerfectMaxSize && !pos.pass_allowed && !is_over(pos) && proof::applies(pos).ok();
}

PerfectResult perfect_move(const Position& pos, std::uint64_t max_nodes, double max_seconds,
                           const std::atomic<bool>* stop) {
  PerfectResult r;
  if (!perfect_applies(pos)) return r;
  if (const PerfectTable* table = shipped_perfect_table(pos.size)) {
    r = table_result(pos, *table);
    if (r.value != PerfectValue::Unknown) return r;
  }
  if (max_nodes == 0) return r;
  SolverOptions so;
  so.method = SolverMethod::ProofNumber;
  so.max_nodes = max_nodes;
  so.time_s = max_seconds;
  so.memory_gb = kPerfectSolverMemoryGb;
  so.progress_ms = 0;
  so.stop = stop;
  const SolveResult s = solve_canonical(pos, so);
  r.nodes = s.nodes;
  r.source = "solver";
  if (!s.solved) return r;
  if (s.value > 0) {
    auto m = parse_move(pos, s.best_move);
    if (!m || *m == kPass) return r;  // cannot happen: the solver's move is legal
    r.value = PerfectValue::Win;
    r.move = m->point;
  } else if (s.value < 0) {
    r.value = PerfectValue::Loss;
  }
  return r;
}

SolveResult solve_canonical(const Position& pos, const SolverOptions& options) {
  const int n = pos.size;
  const proof::Canonical canon(n);
  std::vector<std::uint64_t> key(static_cast<std::size_t>(canon.words()));
  const int t = canon.key(pos, key.data());
  Rules rules;
  rules.size = n;
  rules.target = {pos.target[0], pos.target[1]};
  rules.pass_allowed = pos.pass_allowed;
  std::vector<std::uint8_t> stones(static_cast<std::size_t>(n * n));
  for (int i = 0; i < n * n; ++i) stones[static_cast<std::size_t>(i)] = pos.color[static_cast<std::size_t>(canon.from_canonical(pos, i, t))];
  auto turned = from_stones(rules, stones, pos.to_move, pos.captures[0], pos.captures[1], pos.passes);
  if (!turned) return solve_position(pos, options);  // cannot happen: the same stones, turned
  SolveResult s = solve_position(*turned, options);
  if (s.best_move.empty()) return s;
  if (auto m = parse_move(*turned, s.best_move); m && *m != kPass) {
    const int cpoint = turned->y_of(m->point) * n + turned->x_of(m->point);
    s.best_move = move_to_text(pos, Move{static_cast<std::uint16_t>(canon.from_canonical(pos, cpoint, t))});
  }
  return s;
}

std::string perfect_text(const Position& pos, const PerfectResult& r) {
  if (r.value == PerfectValue::Unknown) return "not proved";
  std::string out = r.value == PerfectValue::Win
                        ? "proved win: " + move_to_text(pos, Move{static_cast<std::uint16_t>(r.move)})
                        : std::string("proved loss: every move loses");
  out += std::string(" (") + r.source;
  if (r.nodes) out += ", " + std::to_string(r.nodes) + " nodes";
  return out + ")";
}

}  // namespace oyin::capgo
