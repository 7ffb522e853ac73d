#pragma once
// The capture Go solver's moves worth searching at a node, scored for the order they are tried
// in (move_order.h hands them out best first): the table move, captures, ataris, liberties, a
// point's distance from the edge, killers and the cut-off history. Alpha-beta, proof-number
// search and the simulations all take their moves from here.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

#include "games/capgo/board.h"
#include "search/capgo/move_order.h"
#include "search/capgo/tactics.h"
#include "search/capgo/threats.h"

namespace oyin::capgo::solver {

using Threats = ThreatReader::Threats;
using Zone = ThreatReader::Zone;

class MoveOrder {
 public:
  static constexpr int kMaxPly = 800;  // deeper plies share the last killer slots
  static constexpr int kMaxCands = kMaxSize * kMaxSize + 1;
  static constexpr int kAtariBonus = 500;

  MoveOrder(const Position& root, ThreatReader& tr) : tr_(tr) {
    for (int p = 0; p < root.npoints; ++p)
      if (root.on_board(p)) {
        const int x = root.x_of(p), y = root.y_of(p);
        edge_[p] = static_cast<std::uint8_t>(std::min(std::min(x, y), std::min(root.size - 1 - x, root.size - 1 - y)));
      }
  }

  // A move scored at least an atari's bonus in candidates(): the table move, a capture, an
  // atari, or one that gives air to several short chains at once; the others are quiet.
  static bool forcing(const Cand& c) { return (c.score >> 24) >= kAtariBonus; }

  // One candidate array per ply, made when the search first gets that deep; the addresses stay
  // put while deeper plies are added.
  Cand* buffer(int ply) {
    while (cand_buf_.size() <= static_cast<std::size_t>(ply)) cand_buf_.push_back(std::make_unique<Cand[]>(kMaxCands));
    return cand_buf_[static_cast<std::size_t>(ply)].get();
  }

  // A move that cut off at `ply` after `spent` nodes: a killer there, and history.
  void cut_off(int to_move, int point, int ply, std::uint64_t spent) {
    history_[to_move][point] += spent;
    if (killers_[ply][0] != point) {
      killers_[ply][1] = killers_[ply][0];
      killers_[ply][0] = point;
    }
  }

  // Moves worth searching, scored (move_order.h hands them out best first); `skip` is a move
  // already searched. Compute the reader's liberties (compute_libs) first. Returns how many.
  int candidates(const Position& pos, const Threats& t, const Zone* zone, Cand* out, int tt_best, int ply, int skip) {
    Scorer s{*this, pos, out, tt_best, ply};
    const int me = pos.to_move, c = me + 1, opp = 3 - c;
    const int end = pos.npoints - pos.stride;
    if (t.n && t.exact_prune) {
      // Forced defence: only extending a threatened chain or capturing can avoid the loss.
      int pts[32], np = 0;
      auto add = [&](int p) {
        for (int i = 0; i < np; ++i)
          if (pts[i] == p) return;
        pts[np++] = p;
      };
      for (int i = 0; i < t.n; ++i) add(t.libs[i]);
      for (int p = pos.stride + 1; s.captures && p < end && np < 32; ++p)
        if (pos.color[p] == opp && pos.head[p] == p && tactics::in_atari(pos, p)) add(tactics::atari_point(pos, p));
      for (int i = 0; i < np; ++i) consider(s, t, zone, pts[i], skip);
    } else if (ThreatReader::MoveMasks mm; pos.last_capture == 0 && tr_.move_masks(pos, c, mm)) {
      from_masks(s, t, zone, mm, skip);
    } else {
      for (int p = pos.stride + 1; p < end; ++p) consider(s, t, zone, p, skip);
    }
    if (pos.pass_allowed && skip != 0 && (!zone || pos.passes))
      out[s.n++] = {0, tt_best == 0 ? (std::int64_t{1} << 50) : -(std::int64_t{1} << 40)};
    return s.n;
  }

 private:
  static constexpr int kKillerBonus = 10;
  // A quiet move's bonus for each chain of its own with two liberties or fewer that it gives air.
  // 60: nine parts of the 6x6 proof (C3 and White's A3, B2, B3, E6, C6, E5, D6, B5 or C4;
  // `--memory 3`) took 55.8 M nodes against 61.3 M with 120, and the one-run 6x6 solve
  // 499,680,224 against 533,776,763 (README, "Solving speed").
  static constexpr int kShortChainAir = 60;

  ThreatReader& tr_;
  std::uint64_t history_[2][kMaxPoints] = {};
  int killers_[kMaxPly + 1][2] = {};
  std::uint8_t edge_[kMaxPoints] = {};  // a point's distance from the nearest edge
  std::vector<std::unique_ptr<Cand[]>> cand_buf_;

  // The moves of one node as they are scored into `out`.
  struct Scorer {
    MoveOrder& order;
    const Position& pos;
    Cand* out;
    int tt_best, ply;
    int n = 0;
    // Where no chain of the opponent's is in atari no move captures (always so in proof-number
    // search, whose nodes end at a capture), and where no move is a killer none gets the bonus.
    bool captures = order.tr_.any_chain_in_atari(pos, 2 - pos.to_move);
    bool killers = order.killers_[ply][0] || order.killers_[ply][1];

    // The score of a kept move at p that captures sz stones, with what the reading of a quiet
    // one found (`quiet`: short chains given air, an atari or pressure, the new chain's
    // liberties). Tactics first (table move, captures, ataris, liberties), the cut-off history
    // breaks ties.
    void emit(int p, int sz, std::int64_t quiet, int libs_after) {
      std::int64_t score = sz == 0 ? quiet : sz * 1000;
      if (p == tt_best) score += 1 << 20;
      if (killers && (p == order.killers_[ply][0] || p == order.killers_[ply][1])) score += kKillerBonus;
      score += order.edge_[p] * 10;
      score = (score << 24) +
              static_cast<std::int64_t>(std::min<std::uint64_t>(order.history_[pos.to_move][p], (1u << 24) - 1));
      out[n++] = {p, score, sz == 0 ? libs_after : 4};
    }
  };

  void consider(Scorer& s, const Threats& t, const Zone* zone, int p, int skip) {
    const Position& pos = s.pos;
    const int c = pos.to_move + 1, opp = 3 - c;
    if (p == skip || pos.color[p] != kEmpty || (zone && !zone->has(p)) || !tr_.legal(pos, p)) return;
    const int sz = s.captures ? tr_.captured_by(pos, p, c) : 0;
    if (!tr_.keeps(pos, t, p, sz)) return;
    std::int64_t quiet = 0;
    int libs_after = 4;
    if (sz == 0) {
      int libs = 9;
      for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride}) {
        if (pos.color[q] == opp) libs = std::min<int>(libs, tr_.libs(pos.head[q]));
        else if (pos.color[q] == c && tr_.libs(pos.head[q]) <= 2) quiet += kShortChainAir;  // air for a short chain
      }
      if (libs == 2) quiet += kAtariBonus;  // atari: the reply is forced
      else if (libs == 3) quiet += 150;
      libs_after = tr_.libs_after(pos, p, c, 4);
      quiet += libs_after * 30;
    }
    s.emit(p, sz, quiet, libs_after);
  }

  // consider() on every point, read from bit sets: the same moves, scores and order.
  void from_masks(Scorer& s, const Threats& t, const Zone* zone, const ThreatReader::MoveMasks& mm, int skip) {
    const Position& pos = s.pos;
    const int c = pos.to_move + 1;
    std::uint64_t points = zone ? mm.empty & zone->w[0] : mm.empty;
    if (skip > 0) points &= ~(std::uint64_t{1} << skip);
    for (; points; points &= points - 1) {
      const int p = std::countr_zero(points);
      const std::uint64_t bit = std::uint64_t{1} << p, nb = tr_.around(p);
      if (!(nb & mm.empty) && !(bit & (mm.own_ok | mm.opp1))) continue;  // suicide
      const int sz = s.captures ? tr_.captured_by(pos, p, c) : 0;
      std::uint64_t air = nb & mm.empty;  // the liberties of the chain the stone makes
      for (std::uint64_t o = nb & mm.own; o; o &= o - 1) air |= tr_.liberties(pos.head[std::countr_zero(o)]);
      const int libs = std::popcount(air & ~bit);
      if (!ThreatReader::kept_if(pos, t, p, sz, [&] { return libs < 2; })) continue;
      // The quiet part, as consider() reads it.
      std::int64_t quiet = kShortChainAir * std::popcount(nb & mm.own_short) + std::min(libs, 4) * 30;
      if (!(bit & mm.opp1)) quiet += bit & mm.opp2 ? kAtariBonus : bit & mm.opp3 ? 150 : 0;
      s.emit(p, sz, quiet, std::min(libs, 4));
    }
  }
};

}  // namespace oyin::capgo::solver
