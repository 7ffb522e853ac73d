#pragma once
// The capture Go solver's tactical reading (search/capgo/solver.cpp), on one node at a time:
// forced defence, wins in two by an atari that cannot be answered, ladders, and the zones where
// a defence against such a threat must be played. All of it is exact only where the solver uses
// it: before the first capture of the game (no position can repeat) and, for the wins and
// zones, when no chain of either side is in atari. Tests: tests/capgo_ai/solver_test.cpp.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <iterator>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "games/capgo/board.h"
#include "search/capgo/tactics.h"
#include "search/capgo/mcts_engine.h"

namespace oyin::capgo {

class ThreatReader {
 public:
  // What the pruning needs to know about a node: the liberties of the mover's chains whose
  // capture would reach the opponent's target (a move elsewhere loses at once).
  struct Threats {
    int libs[16];
    int n = 0;
    bool exact_prune = false;  // pruning is exact only before the first capture (file comment)
  };

  static void find_threats(const Position& pos, Threats& t) {
    const int me = pos.to_move, c = me + 1, opp = 3 - c;
    t.n = 0;
    t.exact_prune = pos.last_capture == 0;
    if (!pos.target[me ^ 1] || !t.exact_prune) return;
    const int end = pos.npoints - pos.stride;
    for (int p = pos.stride + 1; p < end && t.n < 16; ++p) {
      if (pos.color[p] != c || pos.head[p] != p || !tactics::in_atari(pos, p)) continue;
      const int lib = tactics::atari_point(pos, p);
      if (pos.captures[me ^ 1] + tactics::captured_by(pos, lib, opp) >= pos.target[me ^ 1]) t.libs[t.n++] = lib;
    }
  }

  // find_threats() from the chain liberties compute_libs() read on this position: the same
  // threats in the same order.
  void find_threats_here(const Position& pos, Threats& t) const {
    const int me = pos.to_move, c = me + 1, opp = 3 - c;
    t.n = 0;
    t.exact_prune = pos.last_capture == 0;
    if (!pos.target[me ^ 1] || !t.exact_prune) return;
    // The chains in atari by head, in board order as find_threats() meets them.
    int heads[kMaxPoints], n = 0;
    for (int i = 0; i < nheads_; ++i) {
      const int h = heads_[i];
      if (cl_.n[h] != 1 || pos.color[h] != c) continue;
      int j = n++;
      for (; j > 0 && heads[j - 1] > h; --j) heads[j] = heads[j - 1];
      heads[j] = h;
    }
    for (int i = 0; i < n && t.n < 16; ++i) {
      const int lib = cl_.l[heads[i]][0];
      if (pos.captures[me ^ 1] + captured_by(pos, lib, opp) >= pos.target[me ^ 1]) t.libs[t.n++] = lib;
    }
  }

  // Has a chain of `color` one liberty (compute_libs() read this position)?
  bool any_chain_in_atari(const Position& pos, int color) const {
    for (int i = 0; i < nheads_; ++i)
      if (cl_.n[heads_[i]] == 1 && pos.color[heads_[i]] == color) return true;
    return false;
  }

  // The heads of the chains of `color` (kBlack or kWhite) with at most two liberties, up to
  // `max` of them (compute_libs() read this position); returns how many.
  int short_chains(const Position& pos, int color, int* heads, int max) const {
    int n = 0;
    for (int i = 0; i < nheads_ && n < max; ++i)
      if (cl_.n[heads_[i]] <= 2 && pos.color[heads_[i]] == color) heads[n++] = heads_[i];
    return n;
  }

  // The points that are a liberty of every chain of `color` with at most two liberties (all
  // points if there is none), as a bit set in `common`, on boards of up to 64 points (false: not
  // kept; compute_libs() read this position).
  bool common_short_liberties(const Position& pos, int color, std::uint64_t& common) const {
    common = ~std::uint64_t{0};
    for (int i = 0; i < nheads_; ++i)
      if (cl_.n[heads_[i]] <= 2 && pos.color[heads_[i]] == color) common &= lmask_[heads_[i]];
    return masks_;
  }

  // A legal, non-passing move that the pruning keeps (it does not lose on the spot); `sz` is what
  // it captures.
  static bool kept(const Position& pos, const Threats& t, int p, int sz) {
    return kept_if(pos, t, p, sz, [&] { return tactics::self_atari(pos, p, pos.to_move + 1); });
  }
  // kept() with `self_atari()` telling whether the stone (capturing nothing) has one liberty.
  template <class SelfAtari>
  static bool kept_if(const Position& pos, const Threats& t, int p, int sz, SelfAtari&& self_atari) {
    if (!t.exact_prune || sz > 0) return true;
    const int me = pos.to_move, c = me + 1;
    if (t.n) {
      bool extends = false;
      for (int i = 0; i < t.n; ++i) extends |= t.libs[i] == p;
      if (!extends) return false;  // the opponent captures to its target next move
    }
    return !(pos.target[me ^ 1] && self_atari() &&
             pos.captures[me ^ 1] + tactics::chain_size_after(pos, p, c) >= pos.target[me ^ 1]);
  }

  // kept() on the position compute_libs() last read, from its chain liberties: the same answer.
  bool keeps(const Position& pos, const Threats& t, int p, int sz) const {
    // Two empty neighbours are two liberties, and most points have them.
    return kept_if(pos, t, p, sz, [&] {
      if (masks_) return !((two_empty_ >> p) & 1) && libs_after(pos, p, pos.to_move + 1, 2) < 2;
      int empties = 0;
      for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride}) empties += pos.color[q] == kEmpty;
      return empties < 2 && libs_after(pos, p, pos.to_move + 1, 2) < 2;
    });
  }

  // In forced defence (a chain of the mover's would be captured to the target next move): is
  // there no move at all that avoids it? Then the node is a loss without a search.
  // `captures` false: the caller knows that no chain of the opponent's is in atari.
  static bool no_defence(const Position& pos, const Threats& t, bool captures = true) {
    if (pos.pass_allowed && pos.passes) return false;  // a pass would end the game by the count
    const int c = pos.to_move + 1, opp = 3 - c;
    for (int i = 0; i < t.n; ++i) {
      const int p = t.libs[i];
      if (is_legal(pos, p) && kept(pos, t, p, tactics::captured_by(pos, p, c))) return false;
    }
    const int end = pos.npoints - pos.stride;
    for (int p = pos.stride + 1; captures && p < end; ++p)
      if (pos.color[p] == opp && pos.head[p] == p && tactics::in_atari(pos, p) && is_legal(pos, tactics::atari_point(pos, p)))
        return false;  // a capture changes the board: leave it to the search
    return true;
  }

  // Liberties of every chain, found in one pass over the empty points: the count (capped at
  // 3) and the first two, by chain head. Every other reading uses them, so this comes first.
  // On boards of up to 64 points it also keeps every chain's liberties as a bit set, which
  // answers libs_after() for this node without walking chains.
  void compute_libs(const Position& pos) {
    const int end = pos.npoints - pos.stride;
    nheads_ = 0;
    masks_ = pos.npoints <= 64;
    if (masks_ && around_stride_ != pos.stride) {
      // The four neighbours of each point as a bit set, for this board size.
      around_stride_ = pos.stride;
      const int s = pos.stride;
      board_ = 0;
      for (int p = s + 1; p < end; ++p)
        if (p % s) board_ |= std::uint64_t{1} << p;
      for (int p = s + 1; p < end; ++p)
        around_[p] = (std::uint64_t{1} << (p - 1)) | (std::uint64_t{1} << (p + 1)) | (std::uint64_t{1} << (p - s)) |
                     (std::uint64_t{1} << (p + s));
    }
    empty_ = 0;
    if (masks_) {
      compute_libs_by_masks(pos);
      return;
    }
    for (int p = pos.stride + 1; p < end; ++p) cl_.n[p] = 0;
    for (int p = pos.stride + 1; p < end; ++p) {
      if (pos.color[p] != kEmpty) continue;
      const std::uint64_t bit = std::uint64_t{1} << (p & 63);
      empty_ |= bit;
      int seen[4], ns = 0;
      for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride}) {
        const int col = pos.color[q];
        if (col != kBlack && col != kWhite) continue;
        const int h = pos.head[q];
        bool dup = false;
        for (int i = 0; i < ns; ++i) dup |= seen[i] == h;
        if (dup) continue;
        seen[ns++] = h;
        std::uint8_t& k = cl_.n[h];
        if (k == 0) heads_[nheads_++] = h, lmask_[h] = 0;
        lmask_[h] |= bit;
        if (k < 2) cl_.l[h][k] = static_cast<std::uint16_t>(p);
        if (k < 3) ++k;
      }
    }
    free_point_ = false;  // not known: ask the rules
  }

  // compute_libs() on boards of up to 64 points, with bit sets: each chain's stones, grown by one
  // point and cut to the empty points, are its liberties. The same result as the walk over the
  // empty points: a chain's first two liberties are its lowest, and the chains come in the order
  // of their first liberty (the order that walk finds them in).
  void compute_libs_by_masks(const Position& pos) {
    const int s = pos.stride;
    std::uint64_t seen = 0, stones[64];
    int chains[64], nchains = 0;
    empty_ = points_of(pos, kEmpty) & board_;
    for (std::uint64_t m = (points_of(pos, kBlack) | points_of(pos, kWhite)) & board_; m; m &= m - 1) {
      const int p = std::countr_zero(m), h = pos.head[p];
      if (!((seen >> h) & 1)) seen |= std::uint64_t{1} << h, stones[h] = 0, chains[nchains++] = h;
      stones[h] |= std::uint64_t{1} << p;
    }
    for (int i = 0; i < nchains; ++i) {
      const int h = chains[i];
      const std::uint64_t m = stones[h];
      smask_[h] = m;
      std::uint64_t libs = ((m << 1) | (m >> 1) | (m << s) | (m >> s)) & empty_;
      lmask_[h] = libs;
      const int n = std::popcount(libs);
      cl_.n[h] = static_cast<std::uint8_t>(std::min(n, 3));
      if (n == 0) continue;
      cl_.l[h][0] = static_cast<std::uint16_t>(std::countr_zero(libs));
      libs &= libs - 1;
      if (libs) cl_.l[h][1] = static_cast<std::uint16_t>(std::countr_zero(libs));
      int j = nheads_++;
      for (; j > 0 && cl_.l[heads_[j - 1]][0] > cl_.l[h][0]; --j) heads_[j] = heads_[j - 1];
      heads_[j] = h;
    }
    // At least two of the four neighbours empty: (p - 1 and p + 1) or (either and p -+ stride)
    // or (p - stride and p + stride).
    const std::uint64_t w = empty_ << 1, e = empty_ >> 1, so = empty_ << s, no = empty_ >> s;
    two_empty_ = (w & e) | ((w | e) & (so | no)) | (so & no);
    free_point_ = ((w | e | so | no) & empty_) != 0;
  }

  // What candidates() reads of a point, for all points at once (boards of up to 64 points,
  // compute_libs() read this position): own = the stones of colour c; own_ok = the liberties of
  // its chains with two or more (a stone there is not suicide); own_short = the stones of its
  // chains with two or fewer; opp1, opp2, opp3 = the liberties of the other colour's chains
  // with one, two, three or more. False when not kept.
  struct MoveMasks {
    std::uint64_t empty = 0, own = 0, own_ok = 0, own_short = 0, opp1 = 0, opp2 = 0, opp3 = 0;
  };
  bool move_masks(const Position& pos, int c, MoveMasks& m) const {
    if (!masks_) return false;
    m = MoveMasks{};
    m.empty = empty_;
    for (int i = 0; i < nheads_; ++i) {
      const int h = heads_[i], n = cl_.n[h];
      if (pos.color[h] == c) {
        m.own |= smask_[h];
        if (n >= 2) m.own_ok |= lmask_[h];
        if (n <= 2) m.own_short |= smask_[h];
      } else {
        (n == 1 ? m.opp1 : n == 2 ? m.opp2 : m.opp3) |= lmask_[h];
      }
    }
    return true;
  }
  std::uint64_t around(int p) const { return around_[p]; }       // when masks_
  std::uint64_t liberties(int head) const { return lmask_[head]; }  // when masks_

  // The points 0..63 of colour `col` as a bit set (boards of up to 64 points: the colour array is
  // longer than that).
  static std::uint64_t points_of(const Position& pos, int col) {
    static_assert(kMaxPoints >= 64);
    std::uint64_t m = 0;
#ifdef __SSE2__
    const __m128i want = _mm_set1_epi8(static_cast<char>(col));
    for (int i = 0; i < 4; ++i) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(pos.color.data() + 16 * i));
      m |= static_cast<std::uint64_t>(static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, want)))) << (16 * i);
    }
#else
    for (int p = 0; p < 64; ++p) m |= static_cast<std::uint64_t>(pos.color[p] == col) << p;
#endif
    return m;
  }

  // Whether an empty point has an empty neighbour (a legal move for either side, as far as
  // compute_libs() knows; false when it does not know).
  bool free_point() const { return free_point_; }

  // The empty points of the position compute_libs() last read as a bit set, on boards of up to 64
  // points (false: not kept).
  bool empty_mask(std::uint64_t& m) const {
    m = empty_;
    return masks_;
  }

  // The number of empty points of the position compute_libs() last read.
  int empty_points(const Position& pos) const {
    if (masks_) return std::popcount(empty_);
    int n = 0;
    for (int p = pos.stride + 1; p < pos.npoints - pos.stride; ++p) n += pos.color[p] == kEmpty;
    return n;
  }

  // tactics::libs_after() for this node (the position compute_libs() last read), the same
  // count: the empty neighbours of p and the liberties of the colour-c chains next to it,
  // without p and `gone`, capped at `limit`.
  int libs_after(const Position& pos, int p, int c, int limit, int gone = -1) const {
    if (!masks_) return tactics::libs_after(pos, p, c, limit, gone);
    std::uint64_t m = around_[p] & empty_;
    for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride})
      if (pos.color[q] == c) m |= lmask_[pos.head[q]];
    m &= ~(std::uint64_t{1} << p);
    if (gone >= 0) m &= ~(std::uint64_t{1} << gone);
    return std::min(std::popcount(m), limit);
  }

  // tactics::captured_by() for this node: a chain is in atari when it has one liberty.
  int captured_by(const Position& pos, int p, int c) const {
    return tactics::captured_by_if(pos, p, c, [&](int h) { return cl_.n[h] == 1; });
  }

  // is_legal() from the chain liberties of this node; before the first capture no position can
  // repeat, so a move is legal unless it is suicide.
  bool legal(const Position& pos, int p) const {
    if (pos.last_capture != 0) return is_legal(pos, p);
    const int c = pos.to_move + 1;
    for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride}) {
      const int col = pos.color[q];
      if (col == kEmpty) return true;
      if (col == kBorder) continue;
      const int n = cl_.n[pos.head[q]];
      if (col == c ? n >= 2 : n == 1) return true;
    }
    return false;
  }

  // Points as a bit set over the padded board.
  struct Zone {
    std::uint64_t w[(kMaxPoints + 63) / 64];
    void clear() {
      for (auto& x : w) x = 0;
    }
    void fill() {
      for (auto& x : w) x = ~0ull;
    }
    void set(int p) { w[p >> 6] |= 1ull << (p & 63); }
    bool has(int p) const { return (w[p >> 6] >> (p & 63)) & 1; }
    void intersect(const Zone& o) {
      for (std::size_t i = 0; i < std::size(w); ++i) w[i] &= o.w[i];
    }
  };

  // The empty neighbours of p and the liberties of the colour-c chains next to it.
  static void add_around(const Position& pos, Zone& z, int p, int c) {
    for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride}) {
      if (pos.color[q] == kEmpty) z.set(q);
      else if (pos.color[q] == c) add_libs(pos, z, pos.head[q]);
    }
  }
  static void add_libs(const Position& pos, Zone& z, int h) {
    int s = h;
    do {
      for (int t : {s - 1, s + 1, s - pos.stride, s + pos.stride})
        if (pos.color[t] == kEmpty) z.set(t);
      s = pos.next[s];
    } while (s != h);
  }

  // Wins in three plies for side `me` (to move, or about to move after the opponent) by an atari
  // the opponent cannot answer: the atari'd chain cannot gain a second liberty by extending, or
  // two chains are in atari at different points. Exact only before the first capture and when
  // no chain of either side is in atari (the opponent then has no capture, so extending is his
  // only way out).
  //
  // Without `zone` it returns the first winning move or -1. With `zone` (me = the side NOT to
  // move) it returns the number of such threats and leaves in `zone` the points where a stone
  // of the side to move could spoil every one of them: the threatened chains' liberties, the
  // surroundings of the atari point and of the escape point, and every point that ataris a chain
  // of `me`. A move outside the zone (or a pass) leaves a threat standing, so it loses.
  int win_in_two(const Position& pos, int me, Zone* zone) const {
    const int c = me + 1, opp = 3 - c;
    if (!pos.target[me] || pos.last_capture != 0) return zone ? 0 : -1;
    const int need = pos.target[me] - pos.captures[me];
    // Every opponent chain with exactly two liberties that is big enough: (a, b) pairs.
    int ta[64], tb[64], th[64], nt = 0;
    int short_libs[64], nshort = 0;  // liberties of me's chains with two (counter-ataris)
    for (int i = 0; i < nheads_; ++i) {
      const int p = heads_[i];
      if (cl_.n[p] < 2) return zone ? 0 : -1;
      const auto* l = cl_.l[p];
      if (pos.color[p] == c) {
        if (zone && cl_.n[p] == 2 && nshort < 62) short_libs[nshort++] = l[0], short_libs[nshort++] = l[1];
        continue;
      }
      if (pos.chain[p].stones < need || nt >= 62 || cl_.n[p] != 2) continue;
      ta[nt] = l[0], tb[nt] = l[1], th[nt++] = p;
      ta[nt] = l[1], tb[nt] = l[0], th[nt++] = p;
    }
    int found = 0;
    Zone one;
    for (int i = 0; i < nt; ++i) {
      const int a = ta[i];
      int other = -1;  // index of a second chain put in atari at another point
      for (int j = 0; j < nt && other < 0; ++j)
        if (j != i && ta[j] == a && tb[j] != tb[i]) other = j;
      const bool ladder_ends = libs_after(pos, tb[i], opp, 2, a) < 2;
      if (!ladder_ends && other < 0) continue;
      if (!legal(pos, a) || captured_by(pos, a, c) || libs_after(pos, a, c, 2) < 2) continue;
      if (!zone) return a;
      ++found;
      one.clear();
      one.set(a);
      add_around(pos, one, a, c);
      add_libs(pos, one, th[i]);
      if (other >= 0) {
        add_libs(pos, one, th[other]);
      } else {
        one.set(tb[i]);
        add_around(pos, one, tb[i], opp);
      }
      for (int k = 0; k < nshort; ++k) one.set(short_libs[k]);
      zone->intersect(one);
    }
    return zone ? found : -1;
  }

  // Ladders: ataris on one chain, each of which the opponent can only answer by extending,
  // until the chain cannot get a second liberty. Exact under win_in_two's conditions (no capture
  // yet, no chain of either side in atari, this node's chain liberties in cl_), which each step
  // checks again. The moves are played on `pos` and taken back. Returns the first move, or -1.
  int ladder_win(Position& pos) {
    const int me = pos.to_move, opp = 2 - me;
    if (!pos.target[me] || pos.last_capture != 0) return -1;
    const int need = pos.target[me] - pos.captures[me];
    int chains[32][2], n = 0;
    for (int i = 0; i < nheads_; ++i) {
      const int h = heads_[i];
      if (cl_.n[h] < 2) return -1;
      if (pos.color[h] == opp && cl_.n[h] == 2 && pos.chain[h].stones >= need && n < 32)
        chains[n][0] = cl_.l[h][0], chains[n++][1] = cl_.l[h][1];
    }
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < 2; ++k) {
        // ladder_step()'s first checks, read from this node's chain liberties: most ladders
        // end here.
        const int a = chains[i][k], b = chains[i][k ^ 1];
        if (!legal(pos, a) || captured_by(pos, a, me + 1) || libs_after(pos, a, me + 1, 2) < 2) continue;
        if (libs_after(pos, b, opp, 3, a) >= 3) continue;
        int budget = kLadderBudget;
        if (ladder_step(pos, a, b, kLadderDepth, budget, /*checked=*/true)) return a;
      }
    return -1;
  }
  static constexpr int kLadderBudget = 48, kLadderDepth = 12;

  // Whether a chain of `color` next to p is in atari. In a ladder this is every counter-atari
  // the extension at p can make: no chain of the attacker's was in atari before it (the ladder
  // starts without one and gives up at the first), and the atari's stone only joined chains of
  // its own into one with two liberties or more.
  static bool atari_next_to(const Position& pos, int p, int color) {
    for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride})
      if (pos.color[q] == color && tactics::in_atari(pos, pos.head[q])) return true;
    return false;
  }

  // Whether the side to move has a capture that reaches its target of a chain of the other
  // side's next to p. In a ladder, after the extension, these are all its captures (what
  // capgo_immediate_win() would find on the whole board): no chain of the defender's was in
  // atari before the atari at p (the ladder starts without one and stops at the first), and
  // the extension only joined the chased chain, which has two liberties.
  static bool winning_capture_next_to(const Position& pos, int p) {
    const int me = pos.to_move, c = me + 1;
    const int need = pos.target[me] - pos.captures[me];
    for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride})
      if (pos.color[q] == 3 - c && tactics::in_atari(pos, pos.head[q])) {
        const int lib = tactics::atari_point(pos, pos.head[q]);
        if (tactics::captured_by(pos, lib, c) >= need && is_legal(pos, lib)) return true;
      }
    return false;
  }

  // The side to move ataris a chain with the two liberties a and b at a: does that win?
  // `checked`: the two checks before the atari is played were made by the caller.
  bool ladder_step(Position& pos, int a, int b, int depth, int& budget, bool checked = false) {
    if (--budget < 0 || depth == 0) return false;
    const int c = pos.to_move + 1;
    if (!checked) {
      if (!is_legal(pos, a) || tactics::captured_by(pos, a, c) || tactics::libs_after(pos, a, c, 2) < 2) return false;
      // Extending at b reaches three liberties already counted on this board (the stones played
      // only take a and b, and a capture by b would add more): out, without playing it.
      if (tactics::libs_after(pos, b, 3 - c, 3, a) >= 3) return false;
    }
    // The atari captures nothing (checked above), so it is played with the small undo record.
    QuietUndo ua;
    if (!play_quiet(pos, a, ua)) return false;
    bool win = true;  // unless extending at b escapes (anything else lets the chain be taken)
    if (is_legal(pos, b)) {
      auto extended = [&] {
        int l[3];
        const int n = tactics::chain_libs(pos, pos.head[b], l, 3);
        if (n >= 3 || atari_next_to(pos, b, c)) return false;  // out, or a counter-atari: give up
        if (n == 2 && !winning_capture_next_to(pos, a))
          return ladder_step(pos, l[0], l[1], depth - 1, budget) || ladder_step(pos, l[1], l[0], depth - 1, budget);
        return true;
      };
      win = with_stone(pos, b, extended);
    }
    undo_quiet(pos, ua);
    return win;
  }

  // A chain's liberties (capped at 3) by its head, as compute_libs() found them.
  int libs(int head) const { return cl_.n[head]; }

 private:
  struct ChainLibs {
    std::uint8_t n[kMaxPoints];
    std::uint16_t l[kMaxPoints][2];
  };
  ChainLibs cl_;
  bool masks_ = false;
  std::uint64_t empty_ = 0;  // the empty points, when masks_
  std::uint64_t two_empty_ = 0;  // the points with two empty neighbours or more, when masks_
  bool free_point_ = false;
  std::uint64_t around_[64] = {};  // a point's four neighbours, when masks_
  std::uint64_t board_ = 0;        // the points on the board, when masks_
  int around_stride_ = 0;          // the board around_ was made for
  std::uint64_t lmask_[kMaxPoints];  // liberties by chain head, when masks_
  std::uint64_t smask_[64];          // stones by chain head, when masks_
  int heads_[kMaxPoints];  // every chain's head, in the order found
  int nheads_ = 0;
};

}  // namespace oyin::capgo
