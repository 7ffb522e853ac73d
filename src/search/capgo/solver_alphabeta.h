#pragma once
// The capture Go solver's alpha-beta over win / draw / loss (used where proof-number search does
// not apply: targets above 1, passing allowed, or a capture made), with a table keyed by the
// position up to symmetry while no stone has been captured, the table move first and the
// tactics' pruning (forced defence, wins in two, ladders, threat zones).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "games/capgo/game.h"
#include "search/capgo/mcts_engine.h"
#include "search/capgo/solver_entries.h"
#include "search/capgo/solver_keys.h"
#include "search/capgo/solver_moves.h"
#include "search/capgo/solver_run.h"
#include "search/capgo/solver_table.h"

namespace oyin::capgo::solver {

class AlphaBetaSolver {
 public:
  AlphaBetaSolver(SolverRun& run, const SymmetryKeys& keys, ThreatReader& tr, MoveOrder& moves)
      : run_(run), keys_(keys), tr_(tr), moves_(moves) {}

  Table<Entry>& table() { return tt_; }

  // The root's value for the side to move and a best move (its point, 0 = pass).
  int root_search(Position& pos, int& best_point) {
    ++run_.nodes;
    if (is_over(pos)) return SolverRun::terminal_value(pos);
    if (const int w = oyin::capgo_immediate_win(pos); w >= 0) {
      best_point = w;
      return 1;
    }
    SymKeys keys;
    keys_.init_keys(pos, keys);
    const std::vector<int> pending = distinct_root_moves(pos, keys);
    int best = -1, alpha = -1;
    run_.progress.root_moves = static_cast<int>(pending.size());
    for (std::size_t i = 0; i < pending.size() && best < 1; ++i) {
      const int point = pending[i];
      const Move m{static_cast<std::uint16_t>(point)};
      run_.progress.root_index = static_cast<int>(i + 1);
      run_.progress.root_move = move_to_text(pos, m);
      const int v = child_value(pos, keys, point, alpha, 1, 0);  // the child's window: (-1, -alpha)
      if (run_.aborted) return 0;
      if (v > best || best_point < 0) best_point = point;
      best = std::max(best, v);
      alpha = std::max(alpha, best);
    }
    if (best_point < 0) best_point = first_legal(pos);
    return best;
  }

 private:
  // Deeper than this the search gives up ("depth limit") rather than outgrow its stack.
  static constexpr int kDepthLimit = 20000;

  SolverRun& run_;
  const SymmetryKeys& keys_;
  ThreatReader& tr_;
  MoveOrder& moves_;
  Table<Entry> tt_;

  static int first_legal(const Position& pos) {
    for (int p = pos.stride + 1; p < pos.npoints - pos.stride; ++p)
      if (pos.color[p] == kEmpty && is_legal(pos, p)) return p;
    return -1;
  }

  // The root's moves in order, less those symmetric to an earlier one (they lead to the same value).
  std::vector<int> distinct_root_moves(Position& pos, const SymKeys& keys) {
    Threats threats;
    tr_.find_threats(pos, threats);
    Cand* cands = moves_.buffer(0);
    tr_.compute_libs(pos);
    const int n = moves_.candidates(pos, threats, nullptr, cands, -1, 0, -1);
    std::vector<std::uint64_t> seen;
    std::vector<int> pending;
    for (int i = 0; i < n; ++i) {
      const int point = pick(cands, i, n);
      if (point && !tactics::captured_by(pos, point, pos.to_move + 1)) {
        const SymKeys child = keys_.child(keys, pos.to_move, point);
        const Move m{static_cast<std::uint16_t>(point)};
        Undo u;
        capgo::play(pos, m, u);
        int t;
        const std::uint64_t k = keys_.canonical(pos, child, t);
        capgo::undo(pos, m, u);
        if (std::find(seen.begin(), seen.end(), k) != seen.end()) continue;
        seen.push_back(k);
      }
      pending.push_back(point);
    }
    return pending;
  }

  // The value of one move for the side to move.
  int child_value(Position& pos, const SymKeys& keys, int point, int alpha, int beta, int ply) {
    const Move m{static_cast<std::uint16_t>(point)};
    SymKeys child = keys;
    if (point) keys_.add_stone(child, pos.to_move, point);
    Undo u;
    capgo::play(pos, m, u);
    int reply;
    const int v = -search(pos, child, -beta, -alpha, reply, ply + 1);
    capgo::undo(pos, m, u);
    return v;
  }

  // A node decided by the tactics alone: true with its value (and a winning move) in `v`.
  bool settled(Position& pos, const Threats& threats, int& best_point, int& v) {
    if (!threats.exact_prune || !run_.opt.threat_pruning) return false;
    if (threats.n) {
      if (!tr_.no_defence(pos, threats)) return false;
      v = -1;
    } else if (const int w = tr_.win_in_two(pos, pos.to_move, nullptr); w >= 0) {
      best_point = w, v = 1;
    } else if (const int l = tr_.ladder_win(pos); l >= 0) {
      best_point = l, v = 1;
    } else {
      return false;
    }
    ++run_.threat_cuts;
    return true;
  }

  // What the table knows of a node: its move, and bounds that narrow the window or end the node.
  struct Known {
    int tt_best = -1;
    int old_lower = -1, old_upper = 1;
  };
  bool probe(std::uint64_t key, int sym, int& alpha, int& beta, Known& k, int& best_point, int& v) {
    const Entry* e = tt_.probe(key);
    if (!e) return false;
    k.tt_best = e->best ? keys_.from_canonical(sym, e->best) : 0;
    if (e->lower >= beta || e->lower == e->upper) {
      best_point = k.tt_best, v = e->lower;
      return true;
    }
    if (e->upper <= alpha) {
      best_point = k.tt_best, v = e->upper;
      return true;
    }
    alpha = std::max<int>(alpha, e->lower);
    beta = std::min<int>(beta, e->upper);
    k.old_lower = e->lower;
    k.old_upper = e->upper;
    return false;
  }

  // The opponent's unanswerable ataris: only moves in their zone can matter (nullptr: any move).
  const Zone* threat_zone(const Position& pos, const Threats& threats, Zone& zone) {
    if (!threats.exact_prune || threats.n || !run_.opt.threat_pruning) return nullptr;
    zone.fill();
    if (tr_.win_in_two(pos, pos.to_move ^ 1, &zone) <= 0) return nullptr;
    ++run_.threat_cuts;
    return &zone;
  }

  int search(Position& pos, const SymKeys& keys, int alpha, int beta, int& best_point, int ply) {
    best_point = -1;
    run_.count_node();
    if (ply > kDepthLimit) run_.abort("depth limit");
    if (run_.aborted) return 0;
    if (is_over(pos)) return SolverRun::terminal_value(pos);
    // The table entry is fetched from memory while the tactics below run.
    const bool use_tt = pos.last_capture == 0;
    std::uint64_t key = 0;
    int sym = 0;
    if (use_tt) {
      key = keys_.canonical(pos, keys, sym);
      tt_.prefetch(key);
    }
    if (const int w = oyin::capgo_immediate_win(pos); w >= 0) {
      best_point = w;
      return 1;
    }
    Threats threats;
    tr_.find_threats(pos, threats);
    tr_.compute_libs(pos);
    int v;
    if (settled(pos, threats, best_point, v)) return v;
    Known known;
    if (use_tt && probe(key, sym, alpha, beta, known, best_point, v)) return v;
    Zone zone_buf;
    const Zone* zone = threat_zone(pos, threats, zone_buf);
    const int alpha_s = alpha, beta_s = beta;
    const std::uint64_t nodes_before = run_.nodes;
    const int best = search_moves(pos, keys, threats, zone, known.tt_best, alpha, beta, best_point, ply);
    if (run_.aborted) return 0;
    if (best_point < 0) best_point = first_legal(pos);  // every legal move was pruned as a loss: name one
    if (use_tt) {
      // Fail-soft bounds from the window actually searched, merged with what was known.
      const int lower = std::max(known.old_lower, best > alpha_s ? best : -1);
      const int upper = std::min(known.old_upper, best < beta_s ? best : 1);
      const std::uint64_t spent = run_.nodes - nodes_before;
      const int canon_best = best_point > 0 ? keys_.to_canonical(sym, best_point) : 0;
      *tt_.slot(key) = Entry{key, static_cast<std::int8_t>(lower), static_cast<std::int8_t>(upper),
                             static_cast<std::uint16_t>(canon_best),
                             static_cast<std::uint32_t>(std::min<std::uint64_t>(spent, 0xFFFFFFFFu))};
    }
    return best;
  }

  // The moves of a node, the table's first, until one cuts off; the best value (-1 when every
  // move was pruned) and its move in best_point.
  int search_moves(Position& pos, const SymKeys& keys, const Threats& threats, const Zone* zone, int tt_best, int alpha,
                   int beta, int& best_point, int ply) {
    const std::uint64_t nodes_before = run_.nodes;
    const int kply = std::min(ply, MoveOrder::kMaxPly);
    int best = -1;  // every pruned move loses; with nothing searched the value is a loss
    // Returns true on a cut-off.
    auto record = [&](int point, int v) {
      if (v > best || best_point < 0) best_point = point;
      best = std::max(best, v);
      alpha = std::max(alpha, best);
      if (alpha < beta) return false;
      if (point) moves_.cut_off(pos.to_move, point, kply, run_.nodes - nodes_before);
      return true;
    };
    int first = -1;
    // The table's move first, before any move generation: it often ends the node alone.
    if (tt_best > 0 ? pos.color[tt_best] == kEmpty && (!zone || zone->has(tt_best)) && is_legal(pos, tt_best) &&
                          tr_.kept(pos, threats, tt_best, tactics::captured_by(pos, tt_best, pos.to_move + 1))
                    : tt_best == 0 && pos.pass_allowed && (!zone || pos.passes)) {
      first = tt_best;
      const int v = child_value(pos, keys, tt_best, alpha, beta, ply);
      if (run_.aborted || record(tt_best, v)) return best;
    }
    Cand* cands = moves_.buffer(ply);
    if (first >= 0) tr_.compute_libs(pos);  // the child's search overwrote them
    const int n = moves_.candidates(pos, threats, zone, cands, tt_best, kply, first);
    for (int i = 0; i < n; ++i) {
      const int point = pick(cands, i, n);
      const int v = child_value(pos, keys, point, alpha, beta, ply);
      if (run_.aborted || record(point, v)) break;
    }
    return best;
  }
};

}  // namespace oyin::capgo::solver
