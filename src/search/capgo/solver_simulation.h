#pragma once
// Simulation, a proof borrowed from a sibling (Kawano), for the capture Go solver's proof-number
// search: before a new child is searched, the proof of a sibling already lost for the side to
// move is tried on it. The position differs from the sibling's by one stone of the side that
// moved into both: `delta` turns a key here into the key of the sibling's position after the
// same moves, and `other` is the point that stone stands on there. The winner plays what the
// sibling's proof played; every move of the loser is tried. Nothing is taken from the sibling but
// moves to try, so what this proves is proved; it gives up after a budget of nodes.
#include <cstdint>

#include "games/capgo/board.h"
#include "search/capgo/solver_entries.h"
#include "search/capgo/solver_keys.h"
#include "search/capgo/solver_moves.h"
#include "search/capgo/solver_pn_tactics.h"
#include "search/capgo/solver_run.h"
#include "search/capgo/solver_table.h"

namespace oyin::capgo::solver {

class Simulation {
 public:
  Simulation(SolverRun& run, const SymmetryKeys& keys, MoveOrder& moves, PnTactics& tactics, Table<PnEntry, 4>& pn)
      : run_(run), keys_(keys), moves_(moves), tactics_(tactics), pn_(pn) {}

  std::uint64_t tries = 0, proofs = 0;  // new children tried with a sibling's proof, and proved so

  // Whether the child after the side to move plays `point` (its keys `child`) is won for the
  // side that moved, by the proof of the sibling after `other`; the child is proved in the table
  // when it is.
  bool proves_child(Position& pos, const SymKeys& child, int point, int other, int ply) {
    SymKeys delta{};
    keys_.add_stone(delta, pos.to_move, point);
    keys_.add_stone(delta, pos.to_move, other);
    std::uint64_t budget = kBudget;
    ++tries;
    const bool won = with_stone(pos, point, [&] { return win(pos, child, delta, other, ply + 1, budget); });
    if (won && !run_.aborted) ++proofs;
    return won;
  }

 private:
  static constexpr std::uint64_t kBudget = 256;

  SolverRun& run_;
  const SymmetryKeys& keys_;
  MoveOrder& moves_;
  PnTactics& tactics_;
  Table<PnEntry, 4>& pn_;

  // What `f` (given the child's keys) returns with the stone at `p` played, and the move taken back.
  template <class F>
  bool after(Position& pos, const SymKeys& keys, int p, F&& f) {
    const SymKeys child = keys_.child(keys, pos.to_move, p);
    return with_stone(pos, p, [&] { return f(child); });
  }

  // The table's verdict for the side to move: 1 proved won, -1 proved lost, 0 open or absent.
  int proved(std::uint64_t key) {
    const PnEntry* e = pn_.probe(key);
    return !e ? 0 : e->pn == 0 ? 1 : e->dn == 0 ? -1 : 0;
  }

  // A node of a simulation, counted: +1 or -1 (for the side to move, and stored) where the tactics
  // settle it, 2 (a failure) when the search is stopped, 0 to go on.
  int node(Position& pos, std::uint64_t key, Threats& threats, Zone& zone, bool& zoned, std::uint64_t& budget) {
    --budget;
    if (run_.count_node()) return 2;
    const int v = tactics_.settle(pos, threats, zone, zoned);
    if (v) *pn_.slot(key) = v > 0 ? PnEntry{key, 0, kInf, 0, 1} : PnEntry{key, kInf, 0, 0, 1};
    return v;
  }

  // The side to move here wins by the move the sibling's proof played in the same place.
  bool win(Position& pos, const SymKeys& keys, const SymKeys& delta, int other, int ply, std::uint64_t& budget) {
    if (budget == 0) return false;
    int sym = 0;
    const std::uint64_t key = keys_.canonical(pos, keys, sym);
    if (const int t = proved(key)) return t > 0;
    SymKeys there = keys;
    there.add(delta);
    int ssym = 0;
    const PnEntry* se = pn_.probe(keys_.canonical(pos, there, ssym));
    if (!se || se->pn != 0 || !best_point(*se)) return false;
    const int p = keys_.from_canonical(ssym, best_point(*se));
    Threats threats;
    Zone zone;
    bool zoned;
    if (const int v = node(pos, key, threats, zone, zoned, budget)) return v == 1;
    if (pos.color[p] != kEmpty || !is_legal(pos, p)) return false;
    const bool won = after(pos, keys, p, [&](const SymKeys& child) { return loss(pos, child, delta, other, ply + 1, budget); });
    if (won) *pn_.slot(key) = PnEntry{key, 0, kInf, static_cast<std::uint16_t>(keys_.to_canonical(sym, p)), 1};
    return won;
  }

  // The side to move here loses whatever it plays.
  bool loss(Position& pos, const SymKeys& keys, const SymKeys& delta, int other, int ply, std::uint64_t& budget) {
    if (budget == 0) return false;
    int sym = 0;
    const std::uint64_t key = keys_.canonical(pos, keys, sym);
    if (const int t = proved(key)) return t < 0;
    Threats threats;
    Zone zone;
    bool zoned;
    if (const int v = node(pos, key, threats, zone, zoned, budget)) return v == -1;
    Cand* cands = moves_.buffer(ply);
    const int n = moves_.candidates(pos, threats, zoned ? &zone : nullptr, cands, -1, std::min(ply, MoveOrder::kMaxPly), -1);
    for (int i = 0; i < n; ++i) {
      const int p = cands[i].point;
      if (p == other) return false;  // the sibling's stone stands there: no proof to follow
      if (!after(pos, keys, p, [&](const SymKeys& child) { return win(pos, child, delta, other, ply + 1, budget); }))
        return false;
    }
    *pn_.slot(key) = PnEntry{key, kInf, 0, 0, 1};
    return true;
  }
};

}  // namespace oyin::capgo::solver
