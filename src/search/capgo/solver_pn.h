#pragma once
// The capture Go solver's proof-number search (df-pn), used where every capture ends the game
// (both sides one capture from the target, passing forbidden: PnTactics::applies()): there are
// no draws, no capture inside the tree and so no repetition, and every position is a table
// entry. Proof and disproof numbers are for the side to move (negamax form): pn = min over moves
// of the child's dn, dn = sum of the children's pn.
#include <algorithm>
#include <bit>
#include <cstdint>

#include "games/capgo/game.h"
#include "search/capgo/mcts_engine.h"
#include "search/capgo/solver_entries.h"
#include "search/capgo/solver_keys.h"
#include "search/capgo/solver_known.h"
#include "search/capgo/solver_moves.h"
#include "search/capgo/solver_pn_tactics.h"
#include "search/capgo/solver_run.h"
#include "search/capgo/solver_simulation.h"
#include "search/capgo/solver_table.h"

namespace oyin::capgo::solver {

class PnSolver {
 public:
  PnSolver(SolverRun& run, const SymmetryKeys& keys, ThreatReader& tr, MoveOrder& moves, const KnownProofs& known)
      : run_(run), keys_(keys), tr_(tr), moves_(moves), known_(known), tactics_(run, tr),
        sim_(run, keys, moves, tactics_, pn_) {}

  Table<PnEntry, 4>& table() { return pn_; }
  const Simulation& simulation() const { return sim_; }
  // The side to move at the root: the search's threshold slack is not the same at its nodes.
  void set_root_side(int side) { root_side_ = side; }

  // +1 when the side to move at the root wins, -1 when it loses, with a winning (or some legal)
  // move in best_point; 0 when the search was stopped.
  int root(Position& pos, int& best_point) {
    SymKeys keys;
    keys_.init_keys(pos, keys);
    run_.progress.root_moves = 0;
    const PnPair r = mid(pos, keys, kInf, kInf, 0);
    if (run_.aborted) return 0;
    if (r.pn == 0) {
      // The winning move, also when the tactics decided the root without searching its children.
      best_point = winning_move(pos, 0);
      if (run_.aborted) return 0;
    } else {
      for (int p = pos.stride + 1; p < pos.npoints - pos.stride && best_point < 0; ++p)
        if (pos.color[p] == kEmpty && is_legal(pos, p)) best_point = p;
    }
    return r.pn == 0 ? 1 : -1;
  }

  // A winning move of a position proved won for the side to move (-1 if the search was stopped):
  // the capture that ends the game, the table's proving move, the tactics' own move (win in two,
  // ladder), or else the move a fresh search proves.
  int winning_move(Position& pos, int ply) {
    if (const int w = oyin::capgo_immediate_win(pos); w >= 0) return w;
    if (const int k = known_.move(pos); k >= 0) return k;
    SymKeys keys;
    keys_.init_keys(pos, keys);
    int sym = 0;
    const std::uint64_t key = keys_.canonical(pos, keys, sym);
    auto from_table = [&]() -> int {
      const PnEntry* e = pn_.probe(key);
      if (!e || e->pn != 0 || !best_point(*e)) return -1;
      const int p = keys_.from_canonical(sym, best_point(*e));
      return pos.color[p] == kEmpty && is_legal(pos, p) ? p : -1;
    };
    if (const int p = from_table(); p >= 0) return p;
    Threats threats;
    tr_.find_threats(pos, threats);
    tr_.compute_libs(pos);
    if (run_.opt.threat_pruning && !threats.n) {
      if (const int w = tr_.win_in_two(pos, pos.to_move, nullptr); w >= 0) return w;
      if (const int l = tr_.ladder_win(pos); l >= 0) return l;
    }
    const PnPair r = mid(pos, keys, kInf, kInf, std::max(ply, 1));
    if (run_.aborted) return -1;
    if (r.pn == 0)
      if (const int p = from_table(); p >= 0) return p;
    return child_proved_lost(pos, keys, ply);
  }

 private:
  // A new child's disproof number grows by this much a place down the move order (1, 7, 13...):
  // the moves the order puts first are tried first, and the ones after them need a clear reason.
  // With the proof numbers of quiet_proof_estimate(), 6 took 24.5 % fewer nodes than 4 on the
  // one-run 6x6 solve (566,447,435 against 750,404,693) and 8 took 656,757,335; 2 took 42 %
  // more on the parts.
  static constexpr std::uint32_t kRankStep = 6;
  static constexpr int kMaxCands = MoveOrder::kMaxCands;

  SolverRun& run_;
  const SymmetryKeys& keys_;
  ThreatReader& tr_;
  MoveOrder& moves_;
  const KnownProofs& known_;
  Table<PnEntry, 4> pn_;
  PnTactics tactics_;
  Simulation sim_;
  int root_side_ = 0;

  // Children's keys seen so far, for mirror images (rare): a 256-bit filter on 8 bits of the keys
  // spares most of the pairwise comparisons. (Not the top bits: a key is the least of 8, so its
  // top bits are mostly small.)
  struct KeyFilter {
    std::uint64_t seen[4] = {0, 0, 0, 0};
    // Whether `key` is one of keys[0..count) (each of them passed here before); notes it.
    bool repeated(std::uint64_t key, const std::uint64_t* keys, int count) {
      const unsigned h = static_cast<unsigned>(key >> 1) & 255;
      const std::uint64_t bit = std::uint64_t{1} << (h & 63);
      bool dup = false;
      if (seen[h >> 6] & bit)
        for (int j = 0; j < count && !dup; ++j) dup = keys[j] == key;
      seen[h >> 6] |= bit;
      return dup;
    }
  };

  // A node being expanded: its table key and symmetry, what an earlier expansion left, and what
  // the tactics read.
  struct Node {
    std::uint64_t key = 0;
    int sym = 0;
    int tt_best = -1;
    bool open = false;     // an entry of an earlier expansion: the tactics did not settle the node
    bool unzoned = false;  // and that expansion found no zone (see kUnzoned)
    Threats threats;
    Zone zone;
    bool zoned = false;
    std::uint64_t nodes_before = 0;
  };

  // A node's children in move order: their keys and numbers.
  struct Children {
    Cand* cands = nullptr;
    int n = 0;
    bool early = false;  // keys computed (and fetched) for every empty point before the moves
    std::uint64_t region = 0;
    std::uint64_t early_key[64];
    std::uint64_t ck[kMaxCands];
    std::uint32_t cpn[kMaxCands], cdn[kMaxCands];
    bool fresh[kMaxCands];
    int shadow = -1;  // a child proved lost for this side: its proof guides the simulations
    Shorts shorts;
    std::uint32_t quiet_dn = 0, quiet_pn = 0;
  };

  void store(std::uint64_t key, PnPair r, std::uint16_t best, std::uint16_t work) {
    *pn_.slot(key) = PnEntry{key, r.pn, r.dn, best, work};
  }

  // The node's table entry, the known proofs and the tactics: true (with the node's numbers in
  // `r`) when they settle the node or its numbers already pass a threshold.
  bool enter(Position& pos, Node& nd, std::uint32_t thpn, std::uint32_t thdn, PnPair& r) {
    if (const PnEntry* e = pn_.probe(nd.key)) {
      if (e->pn >= thpn || e->dn >= thdn) {
        r = {static_cast<std::uint32_t>(e->pn), static_cast<std::uint32_t>(e->dn)};
        return true;
      }
      const int b = best_point(*e);
      nd.tt_best = b ? keys_.from_canonical(nd.sym, b) : -1;
      nd.open = e->pn && e->dn;
      nd.unzoned = nd.open && (e->best & kUnzoned);
    }
    if (!known_.empty() && !nd.open)
      if (const int p = known_.move(pos); p >= 0) {
        r = {0, kInf};
        store(nd.key, r, static_cast<std::uint16_t>(keys_.to_canonical(nd.sym, p)), 1);
        return true;
      }
    nd.nodes_before = run_.nodes;
    const int v = tactics_.settle(pos, nd.threats, nd.zone, nd.zoned, nd.open, nd.unzoned);
    if (!v) return false;
    r = v > 0 ? PnPair{0, kInf} : PnPair{kInf, 0};
    store(nd.key, r, 0, 1);
    return true;
  }

  std::uint64_t child_key(const Position& pos, const SymKeys& keys, const Children& ch, int p) const {
    return ch.early ? ch.early_key[p] : keys_.child_key(pos, keys, p, ch.region);
  }

  // The node's moves, scored, with their children's keys (fetched from the table while the rest
  // is read). Returns how many.
  int expand(Position& pos, const SymKeys& keys, Node& nd, Children& ch, int ply) {
    // The children's table buckets are fetched before the moves are scored, which takes long
    // enough for most of them to arrive (a probe is a cache miss, and issued all at once the
    // fetches stall on each other). Not in forced defence, where few moves are kept.
    ch.region = keys_.region(keys, pos.to_move ^ 1);
    std::uint64_t empty = 0;
    ch.early = !nd.threats.n && tr_.empty_mask(empty);
    if (ch.early)
      for (std::uint64_t m = nd.zoned ? empty & nd.zone.w[0] : empty; m; m &= m - 1) {
        const int p = std::countr_zero(m);
        ch.early_key[p] = keys_.child_key(pos, keys, p, ch.region);
        pn_.prefetch(ch.early_key[p]);
      }
    ch.cands = moves_.buffer(ply);
    ch.n = moves_.candidates(pos, nd.threats, nd.zoned ? &nd.zone : nullptr, ch.cands, nd.tt_best,
                             std::min(ply, MoveOrder::kMaxPly), -1);
    if (ch.n == 0) return 0;
    for (int i = 0; i < ch.n; ++i) {
      ch.ck[i] = child_key(pos, keys, ch, ch.cands[i].point);
      if (!ch.early) pn_.prefetch(ch.ck[i]);
    }
    ch.shorts = tactics_.shorts(pos);
    ch.quiet_dn = tactics_.quiet_reply_estimate(pos);
    ch.quiet_pn = tactics_.quiet_proof_estimate(pos);
    return ch.n;
  }

  // The numbers mid() finds for a node (with no table move) whose children are all new, before
  // it searches any of them, without putting the moves in order: pn is the first move's (the
  // numbers of new children only grow down the order, and forcing moves come first), dn the sum
  // over the children (mirror images once: their numbers are equal). Moves the best move (the
  // first of the highest score, as order_all() puts first) to cands[0]. False when a child is in
  // the table.
  bool fresh_numbers(const Position& pos, Children& ch, PnPair& r) {
    int top = 0;
    std::uint64_t dn = 0;
    KeyFilter mirrors;
    for (int i = 0; i < ch.n; ++i) {
      if (pn_.probe(ch.ck[i])) return false;
      if (ch.cands[i].score > ch.cands[top].score) top = i;
      if (!mirrors.repeated(ch.ck[i], ch.ck, i)) dn += tactics_.fresh_pn(pos, ch.cands[i], ch.quiet_pn, ch.shorts);
    }
    std::swap(ch.cands[0], ch.cands[top]);
    r.pn = MoveOrder::forcing(ch.cands[0]) ? 1 : std::max<std::uint32_t>(1, ch.quiet_dn);
    r.dn = static_cast<std::uint32_t>(std::min<std::uint64_t>(dn, kInf - 1));
    return true;
  }

  // The children in move order, mirror images once, with their numbers from the table or, for
  // new ones, by their place in the order.
  void order(const Position& pos, const SymKeys& keys, Children& ch) {
    order_all(ch.cands, ch.n);
    for (int i = 0; i < ch.n; ++i) ch.ck[i] = child_key(pos, keys, ch, ch.cands[i].point);
    // Moves that lead to mirror images of one position are one child (counted once in the sum
    // of the disproof number); the first of equal keys is kept.
    KeyFilter mirrors;
    int m = 0;
    for (int i = 0; i < ch.n; ++i) {
      if (mirrors.repeated(ch.ck[i], ch.ck, m)) continue;
      ch.ck[m] = ch.ck[i];
      ch.cands[m++] = ch.cands[i];
    }
    ch.n = m;
    for (int i = 0; i < ch.n; ++i) {
      const PnEntry* e = pn_.probe(ch.ck[i]);
      // Unexplored children by move order: the first looks easiest to prove a win with. A quiet
      // move (see quiet_reply_estimate) is not taken for easier than its opponent's replies make it.
      ch.cpn[i] = e ? e->pn : tactics_.fresh_pn(pos, ch.cands[i], ch.quiet_pn, ch.shorts);
      ch.cdn[i] = e ? e->dn
                    : std::max(1 + kRankStep * static_cast<std::uint32_t>(i), MoveOrder::forcing(ch.cands[i]) ? 0 : ch.quiet_dn);
      ch.fresh[i] = !e;
      if (e && e->pn == 0) ch.shadow = i;
    }
  }

  // The node's numbers from its children's, and the child to search next (the least dn) with the
  // second least dn.
  static PnPair numbers(const Children& ch, int& best_i, std::uint32_t& second) {
    std::uint32_t pn = kInf;
    std::uint64_t dn = 0;
    second = kInf;
    for (int i = 0; i < ch.n; ++i) {
      if (ch.cdn[i] < pn) {
        second = pn;
        pn = ch.cdn[i];
        best_i = i;
      } else if (ch.cdn[i] < second) {
        second = ch.cdn[i];
      }
      dn += ch.cpn[i];
    }
    PnPair r{pn, pn == 0 ? kInf : static_cast<std::uint32_t>(std::min<std::uint64_t>(dn, kInf - 1))};
    if (pn == kInf) r.dn = 0;
    return r;
  }

  // Searches the children until the node's numbers pass a threshold; its numbers, with the child
  // searched last in best_i. Stopped: anything (the caller checks run_.aborted).
  PnPair work(Position& pos, const SymKeys& keys, Children& ch, std::uint32_t thpn, std::uint32_t thdn, int ply,
              int& best_i) {
    for (;;) {
      std::uint32_t second;
      const PnPair r = numbers(ch, best_i, second);
      if (ply == 0) {
        run_.progress.proof = r.pn;
        run_.progress.disproof = r.dn;
        run_.progress.root_move = move_to_text(pos, Move{static_cast<std::uint16_t>(ch.cands[best_i].point)});
      }
      if (r.pn >= thpn || r.dn >= thdn) return r;
      // The best child may work until its dn passes the second best's (by a quarter at the
      // nodes of the side to move at the root, by a third at its opponent's, so the search does
      // not flip between two close children) or until this node's dn would pass its threshold.
      // A third at the opponent's nodes: the nine parts (see kShortChainAir) took 50.7 M nodes
      // against 55.8 M (a half 55.6 M, a sixth 60.1 M; a third or a half at the root side's
      // nodes took more), the one-run 6x6 solve 479,015,180 against 499,680,224.
      const std::uint64_t c_thpn = std::uint64_t{thdn} - r.dn + ch.cpn[best_i];
      const std::uint32_t slack = second / (pos.to_move == root_side_ ? 4 : 3);
      const std::uint64_t c_thdn = std::min<std::uint64_t>(thpn, second >= kInf ? kInf : second + 1 + slack);
      const int point = ch.cands[best_i].point;
      const SymKeys child = keys_.child(keys, pos.to_move, point);
      if (ch.fresh[best_i] && ch.shadow >= 0 && run_.opt.simulation) {
        // A new child next to a sibling already lost: the opponent's proof there may win here
        // too, move for move (it is checked on this position, so it proves nothing it should not).
        ch.fresh[best_i] = false;
        const bool won = sim_.proves_child(pos, child, point, ch.cands[ch.shadow].point, ply);
        if (run_.aborted) return {1, 1};
        if (won) {
          ch.cpn[best_i] = 0;
          ch.cdn[best_i] = kInf;
          continue;
        }
      }
      const PnPair c = with_stone(pos, point, [&] {
        return mid(pos, child, static_cast<std::uint32_t>(std::min<std::uint64_t>(c_thpn, kInf)),
                   static_cast<std::uint32_t>(c_thdn), ply + 1);
      });
      if (run_.aborted) return {1, 1};
      ch.cpn[best_i] = c.pn;
      ch.cdn[best_i] = c.dn;
      if (c.pn == 0) ch.shadow = best_i;
    }
  }

  // One node of df-pn: searched until its numbers pass one of the thresholds.
  PnPair mid(Position& pos, const SymKeys& keys, std::uint32_t thpn, std::uint32_t thdn, int ply) {
    if (run_.count_node()) return {1, 1};
    Node nd;
    nd.key = keys_.canonical(pos, keys, nd.sym);
    if (PnPair r; enter(pos, nd, thpn, thdn, r)) return r;
    Children ch;
    if (expand(pos, keys, nd, ch, ply) == 0) {
      store(nd.key, {kInf, 0}, 0, 1);
      return {kInf, 0};
    }
    if (PnPair r; nd.tt_best < 0 && fresh_numbers(pos, ch, r) && (r.pn >= thpn || r.dn >= thdn)) {
      // Left at once, as most new nodes are: the move order was not needed.
      store(nd.key, r, pack_best(keys_.to_canonical(nd.sym, ch.cands[0].point), nd.zoned, r.pn, r.dn), 0);
      return r;
    }
    order(pos, keys, ch);
    int best_i = 0;
    const PnPair r = work(pos, keys, ch, thpn, thdn, ply, best_i);
    if (run_.aborted) return {1, 1};
    const int canon_best = keys_.to_canonical(nd.sym, ch.cands[best_i].point);
    store(nd.key, r, pack_best(canon_best, nd.zoned, r.pn, r.dn), pack_work(run_.nodes - nd.nodes_before));
    return r;
  }

  // The node's entry holds no move (it was settled as a whole): prove a child lost instead.
  int child_proved_lost(Position& pos, const SymKeys& keys, int ply) {
    for (int p = pos.stride + 1; p < pos.npoints - pos.stride; ++p) {
      if (pos.color[p] != kEmpty || !is_legal(pos, p)) continue;
      const Move m{static_cast<std::uint16_t>(p)};
      const SymKeys child = keys_.child(keys, pos.to_move, p);
      Undo u;
      capgo::play(pos, m, u);
      const bool lost_for_them = is_over(pos) ? SolverRun::terminal_value(pos) < 0
                                              : mid(pos, child, kInf, kInf, std::max(ply, 1) + 1).dn == 0;
      capgo::undo(pos, m, u);
      if (run_.aborted) return -1;
      if (lost_for_them) return p;
    }
    return -1;
  }
};

}  // namespace oyin::capgo::solver
