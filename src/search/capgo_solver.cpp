#include "search/capgo_solver.h"

#include <sys/mman.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

#include "games/capgo/game.h"
#include "search/capgo_tactics.h"
#include "search/mcts_engine.h"

namespace oyin::capgo {

using namespace tactics;

std::string winner_text(int winner) {
  switch (winner) {
    case 0: return "B";
    case 1: return "W";
    case 2: return "draw";
    default: return "unknown";
  }
}

namespace {

struct Entry {
  std::uint64_t key;
  std::int8_t lower, upper;
  std::uint16_t best;  // in the canonical orientation; 0 = none / pass
  std::uint32_t work;  // nodes spent below, the replacement priority
};

// The 8 symmetries of the square as point maps on the padded board, and their inverses.
struct Symmetries {
  int count = 1;
  std::vector<std::uint16_t> map[8];
  std::vector<std::uint16_t> inv[8];

  void build(const Position& pos, bool use) {
    const int n = pos.size;
    count = use ? 8 : 1;
    for (int t = 0; t < count; ++t) {
      map[t].assign(static_cast<std::size_t>(pos.npoints), 0);
      inv[t].assign(static_cast<std::size_t>(pos.npoints), 0);
      for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
          int a = x, b = y;
          if (t & 1) a = n - 1 - a;
          if (t & 2) b = n - 1 - b;
          if (t & 4) std::swap(a, b);
          map[t][static_cast<std::size_t>(pos.index(x, y))] = static_cast<std::uint16_t>(pos.index(a, b));
          inv[t][static_cast<std::size_t>(pos.index(a, b))] = static_cast<std::uint16_t>(pos.index(x, y));
        }
    }
  }
};

// Proof-number search entry: proof and disproof numbers for the side to move.
struct PnEntry {
  std::uint64_t key;
  std::uint32_t pn, dn;
  std::uint32_t work;  // nodes spent below, the replacement priority
  std::uint16_t best;  // in the canonical orientation
};

struct Unmap {
  std::size_t bytes = 0;
  void operator()(void* e) const { munmap(e, bytes); }
};

// A hash table of 4-entry buckets that starts small and doubles as it fills, up to the memory
// given: a small problem then touches (and has the kernel zero) little memory. The memory is an
// anonymous mapping (zeroed pages handed out as they are first touched) with huge pages, which
// spare the TLB misses of random probes, most of a probe's cost in a big table.
template <class E>
class Table {
 public:
  void init(double memory_gb) {
    std::uint64_t entries = 1024;  // at least a few buckets of 4
    const double bytes = std::max(0.001, memory_gb) * 1024.0 * 1024.0 * 1024.0;
    while (static_cast<double>(entries * 2 * sizeof(E)) <= bytes && entries < (1ull << 34)) entries *= 2;
    max_ = entries;
    for (entries = std::min<std::uint64_t>(entries, 1 << 16); !(data_ = allocate(entries)); entries /= 2)
      if (entries <= 1024) throw std::bad_alloc();
    size_ = entries;
    mask_ = entries - 1;
  }

  E* probe(std::uint64_t key) {
    E* bucket = &data_[key & mask_ & ~3ull];
    for (int i = 0; i < 4; ++i)
      if (bucket[i].key == key) return &bucket[i];
    return nullptr;
  }
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&data_[key & mask_ & ~3ull]); }

  // The entry to write for `key`: its own, a free one, or the one with the least work below.
  E* slot(std::uint64_t key) {
    if (used_ * 4 > size_ && size_ < max_) grow();
    E* bucket = &data_[key & mask_ & ~3ull];
    for (int i = 0; i < 4; ++i)
      if (bucket[i].key == key) return &bucket[i];
    return free_or_cheapest(bucket);
  }

  std::uint64_t size() const { return size_; }
  std::uint64_t used() const { return used_; }
  std::uint64_t bytes() const { return size_ * sizeof(E); }

 private:
  struct Deleter {
    std::size_t bytes = 0;
    void operator()(E* e) const { munmap(e, bytes); }
  };
  using Data = std::unique_ptr<E[], Deleter>;
  Data data_;
  std::uint64_t size_ = 0, mask_ = 0, used_ = 0, max_ = 0;

  static Data allocate(std::uint64_t entries) {
    const std::size_t bytes = entries * sizeof(E);
    void* m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) return nullptr;
    madvise(m, bytes, MADV_HUGEPAGE);
    return Data(static_cast<E*>(m), Deleter{bytes});
  }

  E* free_or_cheapest(E* bucket) {
    for (int i = 0; i < 4; ++i)
      if (bucket[i].key == 0) {
        ++used_;
        return &bucket[i];
      }
    E* slot = &bucket[0];
    for (int i = 1; i < 4; ++i)
      if (bucket[i].work < slot->work) slot = &bucket[i];
    return slot;
  }

  // Doubles the table, keeping every entry (each carries its whole key).
  void grow() {
    Data bigger = allocate(size_ * 2);
    if (!bigger) {
      max_ = size_;
      return;
    }
    Data old = std::move(data_);
    const std::uint64_t old_size = size_;
    data_ = std::move(bigger);
    size_ *= 2;
    mask_ = size_ - 1;
    used_ = 0;
    for (std::uint64_t i = 0; i < old_size; ++i)
      if (old[i].key) *free_or_cheapest(&data_[old[i].key & mask_ & ~3ull]) = old[i];
  }
};

class Solver {
 public:
  Solver(const Position& root, const SolverOptions& opt) : opt_(opt), t0_(std::chrono::steady_clock::now()) {
    tt_.init(opt.memory_gb);
    sym_.build(root, opt.symmetry);
    symkey_.assign(8 * 2 * kMaxPoints, 0);
    for (int t = 0; t < sym_.count; ++t)
      for (int c = 0; c < 2; ++c)
        for (int p = 0; p < root.npoints; ++p)
          if (root.on_board(p))
            symkey_[(static_cast<std::size_t>(t) * 2 + static_cast<std::size_t>(c)) * kMaxPoints + static_cast<std::size_t>(p)] =
                stone_key(c, sym_.map[t][static_cast<std::size_t>(p)]);
  }

  SolveResult run(Position pos) {
    SolveResult r;
    int best = -1;
    // solve() refuses an explicit proof-number search where it does not apply.
    const bool dfpn = opt_.method != SolverMethod::AlphaBeta && dfpn_applies(pos);
    if (dfpn) pn_.init(opt_.memory_gb);
    const int v = dfpn ? root_dfpn(pos, best) : root_search(pos, best);
    r.nodes = nodes_;
    r.seconds = elapsed();
    r.tt_used = dfpn ? pn_.used() : tt_.used();
    r.threat_cuts = threat_cuts_;
    r.tt_bytes = dfpn ? pn_.bytes() : tt_.bytes();
    r.tt_entries = dfpn ? pn_.size() : tt_.size();
    r.method = dfpn ? SolverMethod::ProofNumber : SolverMethod::AlphaBeta;
    if (aborted_) {
      r.stopped = why_;
      return r;
    }
    r.solved = true;
    r.value = v;
    r.winner = v == 0 ? 2 : (v > 0 ? pos.to_move : pos.to_move ^ 1);
    if (best >= 0) r.best_move = move_to_text(pos, Move{static_cast<std::uint16_t>(best)});
    return r;
  }

 private:
  const SolverOptions& opt_;
  std::chrono::steady_clock::time_point t0_;
  Table<Entry> tt_;
  std::uint64_t history_[2][kMaxPoints] = {};
  static constexpr int kMaxPly = 800;
  int killers_[kMaxPly + 1][2] = {};
  std::uint64_t nodes_ = 0, threat_cuts_ = 0;
  Symmetries sym_;
  bool aborted_ = false;
  std::string why_;
  double last_report_ = 0;
  SolverProgress progress_;

  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
  }

  void check_limits() {
    if (opt_.max_nodes && nodes_ >= opt_.max_nodes) aborted_ = true, why_ = "node limit";
    if (opt_.stop && opt_.stop->load()) aborted_ = true, why_ = "stopped";
    const double s = elapsed();
    if (opt_.time_s > 0 && s >= opt_.time_s) aborted_ = true, why_ = "time limit";
    if (opt_.on_progress && s * 1000 - last_report_ >= opt_.progress_ms) {
      last_report_ = s * 1000;
      progress_.nodes = nodes_;
      progress_.seconds = s;
      progress_.tt_used = tt_.used() + pn_.used();
      opt_.on_progress(progress_);
    }
  }

  // The stones' Zobrist key seen through each symmetry, kept incrementally down the tree (before
  // the first capture stones are only added, so a child's keys are the parent's xor one stone).
  struct SymKeys {
    std::uint64_t k[8];
  };
  std::vector<std::uint64_t> symkey_;  // [t][colour][point]

  std::uint64_t sym_stone(int t, int color, int p) const {
    return symkey_[(static_cast<std::size_t>(t) * 2 + static_cast<std::size_t>(color)) * kMaxPoints + static_cast<std::size_t>(p)];
  }
  void init_keys(const Position& pos, SymKeys& keys) const {
    for (int t = 0; t < 8; ++t) keys.k[t] = 0;
    for (int p = pos.stride + 1; p < pos.npoints - pos.stride; ++p) {
      const int c = pos.color[p];
      if (c == kBlack || c == kWhite)
        for (int t = 0; t < sym_.count; ++t) keys.k[t] ^= sym_stone(t, c - 1, p);
    }
  }
  void add_stone(SymKeys& keys, int color, int p) const {
    for (int t = 0; t < sym_.count; ++t) keys.k[t] ^= sym_stone(t, color, p);
  }

  // Canonical key of a table-eligible position, and the symmetry that produced it.
  std::uint64_t canonical(const Position& pos, const SymKeys& keys, int& which) const {
    std::uint64_t best = keys.k[0];
    which = 0;
    for (int t = 1; t < sym_.count; ++t)
      if (keys.k[t] < best) best = keys.k[t], which = t;
    best ^= pos.to_move ? 0x9E3779B97F4A7C15ull : 0;
    best ^= static_cast<std::uint64_t>(pos.passes) * 0xC2B2AE3D27D4EB4Full;
    best ^= (static_cast<std::uint64_t>(pos.captures[0]) << 40) ^ (static_cast<std::uint64_t>(pos.captures[1]) << 50);
    return best | 1;  // 0 marks an empty slot
  }

  void store(std::uint64_t key, int lower, int upper, int best, std::uint32_t work) {
    *tt_.slot(key) = Entry{key, static_cast<std::int8_t>(lower), static_cast<std::int8_t>(upper),
                           static_cast<std::uint16_t>(best), work};
  }

  // Value of a finished game for the side to move.
  static int terminal_value(const Position& pos) {
    const int me = pos.to_move;
    for (int s : {me ^ 1, me})
      if (pos.target[s] && pos.captures[s] >= pos.target[s]) return s == me ? 1 : -1;
    if (pos.passes >= 2) {
      const int d = pos.captures[me] - pos.captures[me ^ 1];
      return d > 0 ? 1 : d < 0 ? -1 : 0;
    }
    return -1;  // no legal move with passing forbidden
  }

  static constexpr int kKillerBonus = 10;
  struct Cand {
    int point;  // 0 = pass
    std::int64_t score;
  };

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
      if (pos.color[p] != c || pos.head[p] != p || !in_atari(pos, p)) continue;
      const int lib = atari_point(pos, p);
      if (pos.captures[me ^ 1] + captured_by(pos, lib, opp) >= pos.target[me ^ 1]) t.libs[t.n++] = lib;
    }
  }

  // A legal, non-passing move that the pruning keeps (it does not lose on the spot); `sz` is what
  // it captures.
  static bool kept(const Position& pos, const Threats& t, int p, int sz) {
    if (!t.exact_prune || sz > 0) return true;
    const int me = pos.to_move, c = me + 1;
    if (t.n) {
      bool extends = false;
      for (int i = 0; i < t.n; ++i) extends |= t.libs[i] == p;
      if (!extends) return false;  // the opponent captures to its target next move
    }
    return !(pos.target[me ^ 1] && self_atari(pos, p, c) &&
             pos.captures[me ^ 1] + chain_size_after(pos, p, c) >= pos.target[me ^ 1]);
  }


  // Distinct liberties (up to `limit`) of the chain a stone of colour c at empty p would form,
  // not counting the point `gone` (about to be filled by the other side).
  static int libs_after_without(const Position& b, int p, int c, int gone, int limit) {
    int libs[4];
    int n = 0;
    auto add = [&](int q) {
      if (q == gone) return false;
      for (int i = 0; i < n; ++i)
        if (libs[i] == q) return false;
      libs[n++] = q;
      return n >= limit;
    };
    const int nb[4] = {p - 1, p + 1, p - b.stride, p + b.stride};
    for (int q : nb)
      if (b.color[q] == kEmpty && add(q)) return n;
    int heads[4], nh = 0;
    for (int q : nb) {
      if (b.color[q] != c) continue;
      const int h = b.head[q];
      bool dup = false;
      for (int i = 0; i < nh; ++i) dup |= heads[i] == h;
      if (dup) continue;
      heads[nh++] = h;
      int s = h;
      do {
        for (int t : {s - 1, s + 1, s - b.stride, s + b.stride})
          if (t != p && b.color[t] == kEmpty && add(t)) return n;
        s = b.next[s];
      } while (s != h);
    }
    return n;
  }

  // In forced defence (a chain of the mover's would be captured to the target next move): is
  // there no move at all that avoids it? Then the node is a loss without a search.
  static bool no_defence(const Position& pos, const Threats& t) {
    if (pos.pass_allowed && pos.passes) return false;  // a pass would end the game by the count
    const int c = pos.to_move + 1, opp = 3 - c;
    for (int i = 0; i < t.n; ++i) {
      const int p = t.libs[i];
      if (is_legal(pos, p) && kept(pos, t, p, captured_by(pos, p, c))) return false;
    }
    const int end = pos.npoints - pos.stride;
    for (int p = pos.stride + 1; p < end; ++p)
      if (pos.color[p] == opp && pos.head[p] == p && in_atari(pos, p) && is_legal(pos, atari_point(pos, p)))
        return false;  // a capture changes the board: leave it to the search
    return true;
  }

  // Liberties of every chain of the current node, found in one pass over the empty points:
  // the count (capped at 3) and the first two, by chain head.
  struct ChainLibs {
    std::uint8_t n[kMaxPoints];
    std::uint16_t l[kMaxPoints][2];
  };
  ChainLibs cl_;
  int heads_[kMaxPoints];  // every chain's head, in the order found
  int nheads_ = 0;

  void compute_libs(const Position& pos) {
    const int end = pos.npoints - pos.stride;
    nheads_ = 0;
    for (int p = pos.stride + 1; p < end; ++p) cl_.n[p] = 0;
    for (int p = pos.stride + 1; p < end; ++p) {
      if (pos.color[p] != kEmpty) continue;
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
        if (k == 0) heads_[nheads_++] = h;
        if (k < 2) cl_.l[h][k] = static_cast<std::uint16_t>(p);
        if (k < 3) ++k;
      }
    }
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
      const bool ladder_ends = libs_after_without(pos, tb[i], opp, a, 2) < 2;
      if (!ladder_ends && other < 0) continue;
      if (!is_legal(pos, a) || captured_by(pos, a, c) || libs_after(pos, a, c, 2) < 2) continue;
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
        int budget = kLadderBudget;
        if (ladder_step(pos, chains[i][k], chains[i][k ^ 1], kLadderDepth, budget)) return chains[i][k];
      }
    return -1;
  }
  static constexpr int kLadderBudget = 48, kLadderDepth = 12;

  static bool any_in_atari(const Position& pos, int color) {
    const int end = pos.npoints - pos.stride;
    for (int p = pos.stride + 1; p < end; ++p)
      if (pos.color[p] == color && pos.head[p] == p && in_atari(pos, p)) return true;
    return false;
  }

  // The side to move ataris a chain with the two liberties a and b at a: does that win?
  bool ladder_step(Position& pos, int a, int b, int depth, int& budget) {
    if (--budget < 0 || depth == 0) return false;
    const int c = pos.to_move + 1;
    if (!is_legal(pos, a) || captured_by(pos, a, c) || libs_after(pos, a, c, 2) < 2) return false;
    const Move ma{static_cast<std::uint16_t>(a)};
    Undo ua;
    capgo::play(pos, ma, ua);
    bool win = true;  // unless extending at b escapes (anything else lets the chain be taken)
    if (is_legal(pos, b)) {
      const Move mb{static_cast<std::uint16_t>(b)};
      Undo ub;
      capgo::play(pos, mb, ub);
      int l[3];
      const int n = chain_libs(pos, pos.head[b], l, 3);
      if (n >= 3 || any_in_atari(pos, c)) win = false;  // out, or a counter-atari: give up
      else if (n == 2 && oyin::capgo_immediate_win(pos) < 0)
        win = ladder_step(pos, l[0], l[1], depth - 1, budget) || ladder_step(pos, l[1], l[0], depth - 1, budget);
      capgo::undo(pos, mb, ub);
    }
    capgo::undo(pos, ma, ua);
    return win;
  }

  // Moves worth searching, scored (the caller picks them best first); `skip` is a move already
  // searched. Returns how many.
  int candidates(const Position& pos, const Threats& t, const Zone* zone, Cand* out, int tt_best, int ply, int skip) {
    int n = 0;
    const int me = pos.to_move, c = me + 1, opp = 3 - c;
    const int end = pos.npoints - pos.stride;
    auto consider = [&](int p) {
      if (p == skip || pos.color[p] != kEmpty || (zone && !zone->has(p)) || !legal(pos, p)) return;
      const int sz = captured_by(pos, p, c);
      if (!kept(pos, t, p, sz)) return;
      // Tactics first (table move, captures, ataris, liberties), the cut-off history breaks ties.
      std::int64_t score = 0;
      if (p == tt_best) score += 1 << 20;
      if (p == killers_[ply][0] || p == killers_[ply][1]) score += kKillerBonus;
      score += sz * 1000;
      if (sz == 0) {
        int libs = 9;
        for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride}) {
          if (pos.color[q] == opp) libs = std::min<int>(libs, cl_.n[pos.head[q]]);
          else if (pos.color[q] == c && cl_.n[pos.head[q]] <= 2) score += 120;  // air for a short chain
        }
        if (libs == 2) score += 500;  // atari: the reply is forced
        else if (libs == 3) score += 150;
        score += libs_after(pos, p, c, 4) * 30;
      }
      const int x = pos.x_of(p), y = pos.y_of(p);
      score += std::min(std::min(x, y), std::min(pos.size - 1 - x, pos.size - 1 - y)) * 10;
      score = (score << 24) + static_cast<std::int64_t>(std::min<std::uint64_t>(history_[me][p], (1u << 24) - 1));
      out[n++] = {p, score};
    };
    if (t.n && t.exact_prune) {
      // Forced defence: only extending a threatened chain or capturing can avoid the loss.
      int pts[32], np = 0;
      auto add = [&](int p) {
        for (int i = 0; i < np; ++i)
          if (pts[i] == p) return;
        pts[np++] = p;
      };
      for (int i = 0; i < t.n; ++i) add(t.libs[i]);
      for (int p = pos.stride + 1; p < end && np < 32; ++p)
        if (pos.color[p] == opp && pos.head[p] == p && in_atari(pos, p)) add(atari_point(pos, p));
      for (int i = 0; i < np; ++i) consider(pts[i]);
    } else {
      for (int p = pos.stride + 1; p < end; ++p) consider(p);
    }
    if (pos.pass_allowed && skip != 0 && (!zone || pos.passes)) out[n++] = {0, tt_best == 0 ? (std::int64_t{1} << 50) : -(std::int64_t{1} << 40)};
    return n;
  }

  // Moves the lazy picker hands out best first (a cut-off usually comes after one or two, so a
  // full sort would be wasted); ties keep the board order.
  static int pick(Cand* c, int from, int n) {
    int b = from;
    for (int i = from + 1; i < n; ++i)
      if (c[i].score > c[b].score) b = i;
    std::swap(c[from], c[b]);
    return c[from].point;
  }

  static constexpr int kMaxCands = kMaxSize * kMaxSize + 1;
  // One candidate array per ply, made when the search first gets that deep; the addresses stay
  // put while deeper plies are added.
  std::vector<std::unique_ptr<Cand[]>> cand_buf_;
  Cand* buffer(int ply) {
    while (cand_buf_.size() <= static_cast<std::size_t>(ply)) cand_buf_.push_back(std::make_unique<Cand[]>(kMaxCands));
    return cand_buf_[static_cast<std::size_t>(ply)].get();
  }

  // The value of one move for the side to move.
  int child_value(Position& pos, const SymKeys& keys, int point, int alpha, int beta, int ply) {
    const Move m{static_cast<std::uint16_t>(point)};
    SymKeys child = keys;
    if (point) add_stone(child, pos.to_move, point);
    Undo u;
    capgo::play(pos, m, u);
    int reply;
    const int v = -search(pos, child, -beta, -alpha, reply, ply + 1);
    capgo::undo(pos, m, u);
    return v;
  }

  int search(Position& pos, const SymKeys& keys, int alpha, int beta, int& best_point, int ply) {
    ++nodes_;
    best_point = -1;
    if ((nodes_ & 4095) == 0) check_limits();
    if (aborted_) return 0;
    if (is_over(pos)) return terminal_value(pos);
    // The table entry is fetched from memory while the tactics below run.
    const bool use_tt = pos.last_capture == 0;
    std::uint64_t key = 0;
    int sym = 0;
    if (use_tt) {
      key = canonical(pos, keys, sym);
      tt_.prefetch(key);
    }
    if (const int w = oyin::capgo_immediate_win(pos); w >= 0) {
      best_point = w;
      return 1;
    }
    Threats threats;
    find_threats(pos, threats);
    compute_libs(pos);
    if (threats.exact_prune && opt_.threat_pruning) {
      if (threats.n) {
        if (no_defence(pos, threats)) {
          ++threat_cuts_;
          return -1;
        }
      } else if (const int w = win_in_two(pos, pos.to_move, nullptr); w >= 0) {
        best_point = w;
        ++threat_cuts_;
        return 1;
      } else if (const int l = ladder_win(pos); l >= 0) {
        best_point = l;
        ++threat_cuts_;
        return 1;
      }
    }
    int tt_best = -1;
    int old_lower = -1, old_upper = 1;
    if (use_tt) {
      if (const Entry* e = tt_.probe(key)) {
        tt_best = e->best ? sym_.inv[sym][e->best] : 0;
        if (e->lower >= beta || e->lower == e->upper) {
          best_point = tt_best;
          return e->lower;
        }
        if (e->upper <= alpha) {
          best_point = tt_best;
          return e->upper;
        }
        alpha = std::max<int>(alpha, e->lower);
        beta = std::min<int>(beta, e->upper);
        old_lower = e->lower;
        old_upper = e->upper;
      }
    }
    // The opponent's unanswerable ataris: only moves in their zone can matter.
    Zone zone_buf;
    const Zone* zone = nullptr;
    if (threats.exact_prune && !threats.n && opt_.threat_pruning) {
      zone_buf.fill();
      if (win_in_two(pos, pos.to_move ^ 1, &zone_buf) > 0) {
        zone = &zone_buf;
        ++threat_cuts_;
      }
    }
    const int alpha_s = alpha, beta_s = beta;
    const std::uint64_t nodes_before = nodes_;
    const int kply = std::min(ply, kMaxPly);
    int best = -1;  // every pruned move loses; with nothing searched the value is a loss
    // Returns true on a cut-off.
    auto record = [&](int point, int v) {
      if (v > best || best_point < 0) best_point = point;
      best = std::max(best, v);
      alpha = std::max(alpha, best);
      if (alpha < beta) return false;
      if (point) {
        history_[pos.to_move][point] += nodes_ - nodes_before;
        if (killers_[kply][0] != point) {
          killers_[kply][1] = killers_[kply][0];
          killers_[kply][0] = point;
        }
      }
      return true;
    };
    bool cut = false;
    int first = -1;
    // The table's move first, before any move generation: it often ends the node alone.
    if (tt_best > 0 ? pos.color[tt_best] == kEmpty && (!zone || zone->has(tt_best)) && is_legal(pos, tt_best) &&
                          kept(pos, threats, tt_best, captured_by(pos, tt_best, pos.to_move + 1))
                    : tt_best == 0 && pos.pass_allowed && (!zone || pos.passes)) {
      first = tt_best;
      const int v = child_value(pos, keys, tt_best, alpha, beta, ply);
      if (aborted_) return 0;
      cut = record(tt_best, v);
    }
    if (!cut) {
      Cand* cands = buffer(ply);
      if (first >= 0) compute_libs(pos);  // the child's search overwrote them
      const int n = candidates(pos, threats, zone, cands, tt_best, kply, first);
      for (int i = 0; i < n; ++i) {
        const int point = pick(cands, i, n);
        const int v = child_value(pos, keys, point, alpha, beta, ply);
        if (aborted_) return 0;
        if (record(point, v)) break;
      }
    }
    if (best_point < 0) {
      // Every legal move was pruned as an immediate loss: name one of them.
      for (int p = pos.stride + 1; p < pos.npoints - pos.stride && best_point < 0; ++p)
        if (pos.color[p] == kEmpty && is_legal(pos, p)) best_point = p;
    }
    if (use_tt) {
      // Fail-soft bounds from the window actually searched, merged with what was known.
      const int lower = std::max(old_lower, best > alpha_s ? best : -1);
      const int upper = std::min(old_upper, best < beta_s ? best : 1);
      const std::uint64_t spent = nodes_ - nodes_before;
      const int canon_best = best_point > 0 ? sym_.map[sym][static_cast<std::size_t>(best_point)] : 0;
      store(key, lower, upper, canon_best, static_cast<std::uint32_t>(std::min<std::uint64_t>(spent, 0xFFFFFFFFu)));
    }
    return best;
  }

  friend ThreatInfo capgo::threat_info(const Position& pos);
  ThreatInfo threats_of(const Position& pos) {
    ThreatInfo info;
    Threats t;
    find_threats(pos, t);
    if (!t.exact_prune || t.n || is_over(pos) || oyin::capgo_immediate_win(pos) >= 0) return info;
    compute_libs(pos);
    info.win_in_two = win_in_two(pos, pos.to_move, nullptr);
    Position scratch = pos;
    info.ladder = ladder_win(scratch);
    Zone z;
    z.fill();
    info.opponent_threats = win_in_two(pos, pos.to_move ^ 1, &z);
    if (info.opponent_threats)
      for (int p = pos.stride + 1; p < pos.npoints - pos.stride; ++p)
        if (pos.color[p] == kEmpty && z.has(p)) info.zone.push_back(p);
    return info;
  }

  // ---- Proof-number search (df-pn) -------------------------------------------------------------
  // Used where every capture ends the game (both sides one capture from the target, passing
  // forbidden): there are no draws, no capture inside the tree and so no repetition, and every
  // position is a table entry. Proof and disproof numbers are for the side to move (negamax
  // form): pn = min over moves of the child's dn, dn = sum of the children's pn.
  static constexpr std::uint32_t kInf = 1u << 30;
  Table<PnEntry> pn_;
  struct PnPair {
    std::uint32_t pn, dn;
  };

 public:
  static bool dfpn_applies(const Position& pos) {
    return !pos.pass_allowed && pos.last_capture == 0 && pos.target[0] && pos.target[1] &&
           pos.target[0] == pos.captures[0] + 1 && pos.target[1] == pos.captures[1] + 1;
  }

 private:
  // The value of a node decided by the tactics alone (+1 win, -1 loss for the side to move, 0
  // not decided); when not decided, `zone` may be narrowed to the moves that can matter.
  int settle(Position& pos, Threats& threats, Zone& zone, bool& zoned) {
    zoned = false;
    if (is_over(pos)) return terminal_value(pos);
    if (oyin::capgo_immediate_win(pos) >= 0) return 1;
    find_threats(pos, threats);
    compute_libs(pos);
    if (!opt_.threat_pruning) return 0;
    if (threats.n) return no_defence(pos, threats) ? (++threat_cuts_, -1) : 0;
    if (win_in_two(pos, pos.to_move, nullptr) >= 0) return ++threat_cuts_, 1;
    if (ladder_win(pos) >= 0) return ++threat_cuts_, 1;
    zone.fill();
    zoned = win_in_two(pos, pos.to_move ^ 1, &zone) > 0;
    return 0;
  }

  PnPair mid(Position& pos, const SymKeys& keys, std::uint32_t thpn, std::uint32_t thdn, int ply) {
    ++nodes_;
    if ((nodes_ & 4095) == 0) check_limits();
    if (aborted_) return {1, 1};
    int sym = 0;
    const std::uint64_t key = canonical(pos, keys, sym);
    int tt_best = -1;
    if (const PnEntry* e = pn_.probe(key)) {
      if (e->pn >= thpn || e->dn >= thdn) return {e->pn, e->dn};
      tt_best = e->best ? sym_.inv[sym][e->best] : -1;
    }
    const std::uint64_t nodes_before = nodes_;
    Threats threats;
    Zone zone;
    bool zoned;
    const int v = settle(pos, threats, zone, zoned);
    if (v) {
      const PnPair r = v > 0 ? PnPair{0, kInf} : PnPair{kInf, 0};
      *pn_.slot(key) = PnEntry{key, r.pn, r.dn, 1, 0};
      return r;
    }
    Cand* cands = buffer(ply);
    const int n = candidates(pos, threats, zoned ? &zone : nullptr, cands, tt_best, std::min(ply, kMaxPly), -1);
    if (n == 0) {
      *pn_.slot(key) = PnEntry{key, kInf, 0, 1, 0};
      return {kInf, 0};
    }
    // The children in move order, with their keys and their numbers from the table.
    std::uint64_t ck[kMaxCands];
    std::uint32_t cpn[kMaxCands], cdn[kMaxCands];
    for (int i = 0; i < n; ++i) {
      pick(cands, i, n);
      SymKeys child = keys;
      add_stone(child, pos.to_move, cands[i].point);
      pos.to_move ^= 1;
      int t;
      ck[i] = canonical(pos, child, t);
      pos.to_move ^= 1;
      pn_.prefetch(ck[i]);
    }
    for (int i = 0; i < n; ++i) {
      const PnEntry* e = pn_.probe(ck[i]);
      // Unexplored children by move order: the first looks easiest to prove a win with.
      cpn[i] = e ? e->pn : 1;
      cdn[i] = e ? e->dn : 1 + 4 * static_cast<std::uint32_t>(i);
    }
    PnPair r{0, 0};
    int best_i = 0;
    for (;;) {
      std::uint32_t pn = kInf, second = kInf;
      std::uint64_t dn = 0;
      for (int i = 0; i < n; ++i) {
        if (cdn[i] < pn) {
          second = pn;
          pn = cdn[i];
          best_i = i;
        } else if (cdn[i] < second) {
          second = cdn[i];
        }
        dn += cpn[i];
      }
      r = {pn, pn == 0 ? kInf : static_cast<std::uint32_t>(std::min<std::uint64_t>(dn, kInf - 1))};
      if (pn == kInf) r.dn = 0;
      if (ply == 0) {
        progress_.proof = r.pn;
        progress_.disproof = r.dn;
        progress_.root_move = move_to_text(pos, Move{static_cast<std::uint16_t>(cands[best_i].point)});
      }
      if (r.pn >= thpn || r.dn >= thdn) break;
      // The best child may work until its dn passes the second best's (by a quarter, so the
      // search does not flip between two close children) or until this node's dn would pass
      // its threshold.
      const std::uint64_t c_thpn = std::uint64_t{thdn} - r.dn + cpn[best_i];
      const std::uint64_t c_thdn = std::min<std::uint64_t>(thpn, second >= kInf ? kInf : second + 1 + second / 4);
      const Move m{static_cast<std::uint16_t>(cands[best_i].point)};
      SymKeys child = keys;
      add_stone(child, pos.to_move, m.point);
      Undo u;
      capgo::play(pos, m, u);
      const PnPair c = mid(pos, child, static_cast<std::uint32_t>(std::min<std::uint64_t>(c_thpn, kInf)),
                           static_cast<std::uint32_t>(c_thdn), ply + 1);
      capgo::undo(pos, m, u);
      if (aborted_) return {1, 1};
      cpn[best_i] = c.pn;
      cdn[best_i] = c.dn;
    }
    const int canon_best = sym_.map[sym][static_cast<std::size_t>(cands[best_i].point)];
    *pn_.slot(key) = PnEntry{key, r.pn, r.dn, static_cast<std::uint32_t>(std::min<std::uint64_t>(nodes_ - nodes_before, 0xFFFFFFFFu)),
                             static_cast<std::uint16_t>(canon_best)};
    return r;
  }

  int root_dfpn(Position& pos, int& best_point) {
    SymKeys keys;
    init_keys(pos, keys);
    progress_.root_moves = 0;
    const PnPair r = mid(pos, keys, kInf, kInf, 0);
    if (aborted_) return 0;
    // The winning move: a child the opponent cannot win from (or, in a loss, any legal one).
    for (int p = pos.stride + 1; p < pos.npoints - pos.stride && best_point < 0; ++p) {
      if (pos.color[p] != kEmpty || !is_legal(pos, p)) continue;
      if (r.pn != 0) {
        best_point = p;
        break;
      }
      if (captured_by(pos, p, pos.to_move + 1)) {
        best_point = p;  // the immediate win
        break;
      }
      SymKeys child = keys;
      add_stone(child, pos.to_move, p);
      Undo u;
      capgo::play(pos, Move{static_cast<std::uint16_t>(p)}, u);
      int t;
      const PnEntry* e = pn_.probe(canonical(pos, child, t));
      const bool lost_for_them = (e && e->dn == 0) || (is_over(pos) && terminal_value(pos) < 0);
      capgo::undo(pos, Move{static_cast<std::uint16_t>(p)}, u);
      if (lost_for_them) best_point = p;
    }
    return r.pn == 0 ? 1 : -1;
  }

  int root_search(Position& pos, int& best_point) {
    ++nodes_;
    if (is_over(pos)) return terminal_value(pos);
    if (const int w = oyin::capgo_immediate_win(pos); w >= 0) {
      best_point = w;
      return 1;
    }
    Threats threats;
    find_threats(pos, threats);
    Cand* cands = buffer(0);
    compute_libs(pos);
    const int n = candidates(pos, threats, nullptr, cands, -1, 0, -1);
    // Root moves that are symmetric to an earlier one lead to the same value.
    std::vector<std::uint64_t> seen;
    std::vector<int> pending;
    SymKeys keys;
    init_keys(pos, keys);
    for (int i = 0; i < n; ++i) {
      const int point = pick(cands, i, n);
      if (point && !captured_by(pos, point, pos.to_move + 1)) {
        SymKeys child = keys;
        add_stone(child, pos.to_move, point);
        const Move m{static_cast<std::uint16_t>(point)};
        Undo u;
        capgo::play(pos, m, u);
        int t;
        const std::uint64_t k = canonical(pos, child, t);
        capgo::undo(pos, m, u);
        if (std::find(seen.begin(), seen.end(), k) != seen.end()) continue;
        seen.push_back(k);
      }
      pending.push_back(point);
    }
    int best = -1, alpha = -1;
    progress_.root_moves = static_cast<int>(pending.size());
    for (std::size_t i = 0; i < pending.size() && best < 1; ++i) {
      const int point = pending[i];
      const Move m{static_cast<std::uint16_t>(point)};
      progress_.root_index = static_cast<int>(i + 1);
      progress_.root_move = move_to_text(pos, m);
      SymKeys child = keys;
      if (point) add_stone(child, pos.to_move, point);
      Undo u;
      capgo::play(pos, m, u);
      int reply;
      const int v = -search(pos, child, -1, -alpha, reply, 1);
      capgo::undo(pos, m, u);
      if (aborted_) return 0;
      if (v > best || best_point < 0) best_point = point;
      best = std::max(best, v);
      alpha = std::max(alpha, best);
    }
    if (best_point < 0)
      for (int p = pos.stride + 1; p < pos.npoints - pos.stride && best_point < 0; ++p)
        if (pos.color[p] == kEmpty && is_legal(pos, p)) best_point = p;
    return best;
  }
};

}  // namespace

ThreatInfo threat_info(const Position& pos) {
  SolverOptions opt;
  opt.memory_gb = 0;
  Solver s(pos, opt);
  return s.threats_of(pos);
}

SolveResult solve_position(const Position& pos, const SolverOptions& opt) {
  Solver s(pos, opt);
  return s.run(pos);
}

Result<SolveResult> solve(const SolverOptions& opt) {
  auto rules = CaptureGo::parse_rules(opt.rules_text);
  if (!rules) return make_error(rules.error());
  Position pos = CaptureGo::start_position(*rules);
  if (!opt.position.empty()) {
    auto p = parse_position(opt.position, *rules);
    if (!p) return make_error(p.error());
    pos = *p;
  }
  if (is_over(pos)) return make_error("the game is already over in this position");
  if (opt.method == SolverMethod::ProofNumber && !Solver::dfpn_applies(pos))
    return make_error("proof-number search needs target 1 for both sides, passing forbidden and no capture yet");
  return solve_position(pos, opt);
}

}  // namespace oyin::capgo
