#include "search/capgo/solver.h"

#include <pthread.h>
#ifdef __SSE4_2__
#include <nmmintrin.h>
#endif

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <functional>
#include <limits>
#include <memory>
#include <new>
#include <vector>

#include "games/capgo/game.h"
#include "search/capgo/move_order.h"
#include "search/capgo/solver_table.h"
#include "search/capgo/table_file.h"
#include "search/capgo/tactics.h"
#include "search/capgo/threats.h"
#include "search/capgo/mcts_engine.h"

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

// Proof-number search entry: proof and disproof numbers for the side to move. 16 bytes, four
// to a 64-byte bucket: a probe is one cache line. The numbers are kept in 24 bits (the search's
// infinity, Solver::kInf, is the largest): the one-run 6x6 solve's root never passes 500,000.
// Smaller entries are a smaller table for the same search: on this VM the first touch of memory
// costs 3.5 s of system time a GB. With 20-byte entries (32-bit numbers, three to a bucket) the
// one-run 6x6 solve took 479.0 M nodes and 929.8 s CPU in 14 GB (52.3 s of it system time),
// 511.2 M in 8 GB; with these, 462.7 M nodes and 836.0 s CPU in 8 GB.
constexpr int kPnBits = 24, kBestBits = 10, kWorkBits = 6;
struct PnEntry {
  std::uint64_t key;
  std::uint64_t pn : kPnBits, dn : kPnBits;
  std::uint64_t best : kBestBits;  // in the canonical orientation, with the flag kUnzoned
  std::uint64_t work : kWorkBits;  // nodes spent below (compressed, see pack_work), the replacement priority
};
static_assert(sizeof(PnEntry) == 16);
// PnEntry::best holds a point below 512 (kMaxPoints); its top bit marks an open node whose
// expansion found no zone (the opponent had no win in two), so a later expansion of the same
// position need not read that again: the zone depends on the position alone.
constexpr std::uint16_t kPointBits = 0x1FF, kUnzoned = kPointBits + 1;
static_assert(kMaxPoints <= kPointBits + 1 && (kPointBits | kUnzoned) < (1u << kBestBits));
// The entry's move (0 = none) and its flag, packed and read back. Only open nodes carry the
// flag: a proved node is never expanded again.
std::uint16_t pack_best(int canon_point, bool zoned, std::uint32_t pn, std::uint32_t dn) {
  return static_cast<std::uint16_t>(canon_point | (zoned || !pn || !dn ? 0 : kUnzoned));
}
int best_point(const PnEntry& e) { return static_cast<int>(e.best & kPointBits); }

// A node count in 6 bits, in order: exact below 2, then in half powers of two (2, 3, 4, 6, 8,
// 12...). Only its order counts (which entry a full bucket gives up).
std::uint16_t pack_work(std::uint64_t w) {
  if (w < 2) return static_cast<std::uint16_t>(w);
  const int b = static_cast<int>(std::bit_width(w));
  return static_cast<std::uint16_t>(std::min((1 << kWorkBits) - 1, 2 * b - 2 + static_cast<int>((w >> (b - 2)) & 1)));
}

class Solver {
 public:
  Solver(const Position& root, const SolverOptions& opt) : opt_(opt), t0_(std::chrono::steady_clock::now()) {
    sym_.build(root, opt.symmetry);
    for (int p = 0; p < root.npoints; ++p)
      if (root.on_board(p)) {
        const int x = root.x_of(p), y = root.y_of(p);
        edge_[p] = static_cast<std::uint8_t>(std::min(std::min(x, y), std::min(root.size - 1 - x, root.size - 1 - y)));
      }
    symkey_.assign(8 * 2 * kMaxPoints, 0);
    for (int t = 0; t < sym_.count; ++t)
      for (int c = 0; c < 2; ++c)
        for (int p = 0; p < root.npoints; ++p)
          if (root.on_board(p))
            symkey_[sym_index(t, c, p)] = stone_key(c, sym_.map[t][static_cast<std::size_t>(p)]);
  }

  // The records of the known proofs, sorted by hash (the first of equal hashes kept).
  void load_known(const Position& root) {
    for (const auto& c : opt_.known_proofs) known_.insert(known_.end(), c->records.begin(), c->records.end());
    if (known_.empty()) return;
    std::stable_sort(known_.begin(), known_.end(), [](const proof::Record& a, const proof::Record& b) { return a.hash < b.hash; });
    known_.erase(std::unique(known_.begin(), known_.end(),
                             [](const proof::Record& a, const proof::Record& b) { return a.hash == b.hash; }),
                 known_.end());
    kpc_ = std::make_unique<proof::Canonical>(root.size);
  }

  SolveResult run(Position pos) {
    root_side_ = pos.to_move;
    load_known(pos);
    SolveResult r;
    int best = -1;
    // solve() refuses an explicit proof-number search where it does not apply.
    const bool dfpn = opt_.method != SolverMethod::AlphaBeta && dfpn_applies(pos);
    // Only the search that runs gets a table: each is reserved at the full size given.
    if (dfpn) pn_.init(opt_.memory_gb);
    else tt_.init(opt_.memory_gb);
    if (dfpn && !opt_.table_file.empty() && !read_table(pos, r)) {
      r.table_refused = true;
      return r;
    }
    const int v = dfpn ? root_dfpn(pos, best) : root_search(pos, best);
    if (dfpn && !opt_.table_file.empty()) write_table(pos, r);
    r.nodes = nodes_;
    r.seconds = elapsed();
    r.tt_used = dfpn ? pn_.used() : tt_.used();
    r.threat_cuts = threat_cuts_;
    r.simulations = sim_tries_;
    r.simulated = sim_proofs_;
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
    if (opt_.make_proof) {
      if (!dfpn) {
        r.proof_error = "proof certificates come from proof-number search (method auto or pn)";
      } else {
        const auto t = std::chrono::steady_clock::now();
        const std::uint64_t nodes_before = nodes_;
        build_proof(pos, r);
        r.proof_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
        r.proof_nodes = nodes_ - nodes_before;
      }
    }
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
  int root_side_ = 0;  // the side to move at the root (see mid())
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
    std::uint64_t k[8];     // all the stones
    std::uint64_t c[2][8];  // the stones of one colour (for the table region, see canonical())
    void add(const SymKeys& d) {
      for (int t = 0; t < 8; ++t) k[t] ^= d.k[t], c[0][t] ^= d.c[0][t], c[1][t] ^= d.c[1][t];
    }
  };
  // [colour][point][t]: a stone's 8 keys side by side, so adding one is a short vector loop.
  std::vector<std::uint64_t> symkey_;

  static std::size_t sym_index(int t, int color, int p) {
    return (static_cast<std::size_t>(color) * kMaxPoints + static_cast<std::size_t>(p)) * 8 + static_cast<std::size_t>(t);
  }
  std::uint64_t sym_stone(int t, int color, int p) const { return symkey_[sym_index(t, color, p)]; }
  void init_keys(const Position& pos, SymKeys& keys) const {
    keys = SymKeys{};
    for (int p = pos.stride + 1; p < pos.npoints - pos.stride; ++p) {
      const int c = pos.color[p];
      if (c == kBlack || c == kWhite) add_stone(keys, c - 1, p);
    }
  }
  void add_stone(SymKeys& keys, int color, int p) const {
    for (int t = 0; t < sym_.count; ++t) {
      const std::uint64_t s = sym_stone(t, color, p);
      keys.k[t] ^= s;
      keys.c[color][t] ^= s;
    }
  }

  // Canonical key of a table-eligible position, and the symmetry that produced it. Its top
  // kTableRegionBits name a region of the table by the stones of the side to move alone (Table keeps
  // a region's keys within a window of 2 MB): the children of a node all leave the same stones
  // to the side to move, so the fetches of their entries share one or two pages. The rest is the
  // position's key, mixed: the least of eight keys has small top bits, and as the bucket index
  // they had crowded the bottom of the table (a sixteenth of it held 50 times what another did).
  // On the one-run 6x6 solve the table kept 317 M entries instead of 262 M and the search took
  // 5.8 % fewer nodes; a node cost the same (2.2 us).
  std::uint64_t canonical(const Position& pos, const SymKeys& keys, int& which) const {
    std::uint64_t best = keys.k[0];
    which = 0;
    for (int t = 1; t < sym_.count; ++t)
      if (keys.k[t] < best) best = keys.k[t], which = t;
    return with_region(region(keys, pos.to_move), finish_key(pos, pos.to_move, best));
  }
  // The region bits of a position whose side to move is `to_move`: its stones, seen through
  // the symmetry that gives the least key (so mirror images share it), mixed.
  std::uint64_t region(const SymKeys& keys, int to_move) const {
    std::uint64_t least = keys.c[to_move][0];
    for (int t = 1; t < sym_.count; ++t) least = std::min(least, keys.c[to_move][t]);
    return mix(least ^ (to_move ? 0x5851F42D4C957F2Dull : 0)) & ~kKeyBits;
  }
  static constexpr std::uint64_t kKeyBits = ~std::uint64_t{0} >> kTableRegionBits;
  // A key from the region bits and a position's key (mixed first: the least of eight keys has
  // small top bits, and the bits kept must all count).
  static std::uint64_t with_region(std::uint64_t region_bits, std::uint64_t key) {
    return region_bits | (mix(key) & kKeyBits) | 1;
  }
  // One multiply (splitmix64's finalizer takes two): it runs for every child of every node.
  static std::uint64_t mix(std::uint64_t x) {
    x = (x ^ (x >> 32)) * 0xD6E8FEB86659FD93ull;
    return x ^ (x >> 32);
  }
  static std::uint64_t finish_key(const Position& pos, int to_move, std::uint64_t stones) {
    stones ^= to_move ? 0x9E3779B97F4A7C15ull : 0;
    stones ^= static_cast<std::uint64_t>(pos.passes) * 0xC2B2AE3D27D4EB4Full;
    stones ^= (static_cast<std::uint64_t>(pos.captures[0]) << 40) ^ (static_cast<std::uint64_t>(pos.captures[1]) << 50);
    return stones | 1;  // 0 marks an empty slot
  }
  // canonical() of the position after the side to move puts a stone on p that captures nothing,
  // the other side to move, without making it. `region_bits`: region(keys, pos.to_move ^ 1),
  // the same for every child (the stone is not of the colour it reads).
  std::uint64_t child_key(const Position& pos, const SymKeys& keys, int p, std::uint64_t region_bits) const {
    const std::uint64_t* s = &symkey_[sym_index(0, pos.to_move, p)];
    std::uint64_t best = keys.k[0] ^ s[0];
    if (sym_.count == 8) best = least_of_xor8(keys.k, s);
    return with_region(region_bits, finish_key(pos, pos.to_move ^ 1, best));
  }
  // The least of a[t] ^ b[t] over t < 8: two keys at a time where SSE4.2 compares 64-bit lanes
  // (signed: the top bit is flipped for an unsigned order).
  static std::uint64_t least_of_xor8(const std::uint64_t* a, const std::uint64_t* b) {
#ifdef __SSE4_2__
    const __m128i flip = _mm_set1_epi64x(std::numeric_limits<std::int64_t>::min());
    auto pair = [&](int t) {
      return _mm_xor_si128(_mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + t)),
                                         _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + t))),
                           flip);
    };
    auto least = [](__m128i x, __m128i y) { return _mm_blendv_epi8(x, y, _mm_cmpgt_epi64(x, y)); };
    __m128i m = least(least(pair(0), pair(2)), least(pair(4), pair(6)));
    m = least(m, _mm_unpackhi_epi64(m, m));
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(m)) ^ (std::uint64_t{1} << 63);
#else
    std::uint64_t best = a[0] ^ b[0];
    for (int t = 1; t < 8; ++t) best = std::min(best, a[t] ^ b[t]);
    return best;
#endif
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

  using Threats = ThreatReader::Threats;
  using Zone = ThreatReader::Zone;
  ThreatReader tr_;

  static constexpr int kKillerBonus = 10;
  static constexpr int kAtariBonus = 500;
  // A quiet move's bonus for each chain of its own with two liberties or fewer that it gives air.
  // 60: nine parts of the 6x6 proof (C3 and White's A3, B2, B3, E6, C6, E5, D6, B5 or C4;
  // `--memory 3`) took 55.8 M nodes against 61.3 M with 120, and the one-run 6x6 solve
  // 499,680,224 against 533,776,763 (README, "Solving speed").
  static constexpr int kShortChainAir = 60;
  std::uint8_t edge_[kMaxPoints] = {};  // a point's distance from the nearest edge
  // Moves worth searching, scored (search/capgo/move_order.h hands them out best first); `skip` is a
  // move already searched. Returns how many.
  int candidates(const Position& pos, const Threats& t, const Zone* zone, Cand* out, int tt_best, int ply, int skip) {
    int n = 0;
    const int me = pos.to_move, c = me + 1, opp = 3 - c;
    const int end = pos.npoints - pos.stride;
    // Where no chain of the opponent's is in atari no move captures (always so in proof-number
    // search, whose nodes end at a capture), and where no move is a killer none gets the bonus.
    const bool captures = tr_.any_chain_in_atari(pos, opp);
    const bool killers = killers_[ply][0] || killers_[ply][1];
    // The score of a kept move at p that captures sz stones, with what the reading of a quiet one
    // found (`quiet`: short chains given air, an atari or pressure, the new chain's liberties).
    // Tactics first (table move, captures, ataris, liberties), the cut-off history breaks ties.
    auto emit = [&](int p, int sz, std::int64_t quiet, int libs_after) {
      std::int64_t score = sz == 0 ? quiet : sz * 1000;
      if (p == tt_best) score += 1 << 20;
      if (killers && (p == killers_[ply][0] || p == killers_[ply][1])) score += kKillerBonus;
      score += edge_[p] * 10;
      score = (score << 24) + static_cast<std::int64_t>(std::min<std::uint64_t>(history_[me][p], (1u << 24) - 1));
      out[n++] = {p, score, sz == 0 ? libs_after : 4};
    };
    auto consider = [&](int p) {
      if (p == skip || pos.color[p] != kEmpty || (zone && !zone->has(p)) || !tr_.legal(pos, p)) return;
      const int sz = captures ? tr_.captured_by(pos, p, c) : 0;
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
      emit(p, sz, quiet, libs_after);
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
      for (int p = pos.stride + 1; captures && p < end && np < 32; ++p)
        if (pos.color[p] == opp && pos.head[p] == p && in_atari(pos, p)) add(atari_point(pos, p));
      for (int i = 0; i < np; ++i) consider(pts[i]);
    } else if (ThreatReader::MoveMasks mm; pos.last_capture == 0 && tr_.move_masks(pos, c, mm)) {
      // consider() on every point, read from bit sets: the same moves, scores and order.
      std::uint64_t points = zone ? mm.empty & zone->w[0] : mm.empty;
      if (skip > 0) points &= ~(std::uint64_t{1} << skip);
      for (; points; points &= points - 1) {
        const int p = std::countr_zero(points);
        const std::uint64_t bit = std::uint64_t{1} << p, nb = tr_.around(p);
        if (!(nb & mm.empty) && !(bit & (mm.own_ok | mm.opp1))) continue;  // suicide
        const int sz = captures ? tr_.captured_by(pos, p, c) : 0;
        std::uint64_t air = nb & mm.empty;  // the liberties of the chain the stone makes
        for (std::uint64_t o = nb & mm.own; o; o &= o - 1) air |= tr_.liberties(pos.head[std::countr_zero(o)]);
        const int libs = std::popcount(air & ~bit);
        if (!ThreatReader::kept_if(pos, t, p, sz, [&] { return libs < 2; })) continue;
        // The quiet part, as consider() reads it.
        std::int64_t quiet = kShortChainAir * std::popcount(nb & mm.own_short) + std::min(libs, 4) * 30;
        if (!(bit & mm.opp1)) quiet += bit & mm.opp2 ? kAtariBonus : bit & mm.opp3 ? 150 : 0;
        emit(p, sz, quiet, std::min(libs, 4));
      }
    } else {
      for (int p = pos.stride + 1; p < end; ++p) consider(p);
    }
    if (pos.pass_allowed && skip != 0 && (!zone || pos.passes)) out[n++] = {0, tt_best == 0 ? (std::int64_t{1} << 50) : -(std::int64_t{1} << 40)};
    return n;
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

  // Deeper than this the search gives up ("depth limit") rather than outgrow its stack.
  static constexpr int kDepthLimit = 20000;

  int search(Position& pos, const SymKeys& keys, int alpha, int beta, int& best_point, int ply) {
    ++nodes_;
    best_point = -1;
    if ((nodes_ & 4095) == 0) check_limits();
    if (ply > kDepthLimit) aborted_ = true, why_ = "depth limit";
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
    tr_.find_threats(pos, threats);
    tr_.compute_libs(pos);
    if (threats.exact_prune && opt_.threat_pruning) {
      if (threats.n) {
        if (tr_.no_defence(pos, threats)) {
          ++threat_cuts_;
          return -1;
        }
      } else if (const int w = tr_.win_in_two(pos, pos.to_move, nullptr); w >= 0) {
        best_point = w;
        ++threat_cuts_;
        return 1;
      } else if (const int l = tr_.ladder_win(pos); l >= 0) {
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
      if (tr_.win_in_two(pos, pos.to_move ^ 1, &zone_buf) > 0) {
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
                          tr_.kept(pos, threats, tt_best, captured_by(pos, tt_best, pos.to_move + 1))
                    : tt_best == 0 && pos.pass_allowed && (!zone || pos.passes)) {
      first = tt_best;
      const int v = child_value(pos, keys, tt_best, alpha, beta, ply);
      if (aborted_) return 0;
      cut = record(tt_best, v);
    }
    if (!cut) {
      Cand* cands = buffer(ply);
      if (first >= 0) tr_.compute_libs(pos);  // the child's search overwrote them
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
    tr_.find_threats(pos, t);
    if (!t.exact_prune || t.n || is_over(pos) || oyin::capgo_immediate_win(pos) >= 0) return info;
    tr_.compute_libs(pos);
    info.win_in_two = tr_.win_in_two(pos, pos.to_move, nullptr);
    Position scratch = pos;
    info.ladder = tr_.ladder_win(scratch);
    Zone z;
    z.fill();
    info.opponent_threats = tr_.win_in_two(pos, pos.to_move ^ 1, &z);
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
  static constexpr std::uint32_t kInf = (1u << kPnBits) - 1;  // the most a PnEntry holds
  Table<PnEntry, 4> pn_;

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
  int settle(Position& pos, Threats& threats, Zone& zone, bool& zoned, bool open = false, bool unzoned = false) {
    zoned = false;
    tr_.compute_libs(pos);
    // is_over(), without its look for a legal move where a stone next to an empty point is one
    // (before the first capture nothing can repeat).
    if (!open && (tr_.free_point() && pos.last_capture == 0 ? ended_by_play(pos) : is_over(pos))) return terminal_value(pos);
    // Every capture ends the game here (dfpn_applies) and none can be illegal (no capture has
    // been made, so no position can repeat): a chain of the opponent's in atari is a win.
    if (!open && tr_.any_chain_in_atari(pos, 2 - pos.to_move)) return 1;
    tr_.find_threats_here(pos, threats);
    if (!opt_.threat_pruning) return 0;
    if (!open) {
      // No chain of the opponent's is in atari (above): no capture to look for.
      if (threats.n) return tr_.no_defence(pos, threats, /*captures=*/false) ? (++threat_cuts_, -1) : 0;
      if (tr_.win_in_two(pos, pos.to_move, nullptr) >= 0) return ++threat_cuts_, 1;
      if (tr_.ladder_win(pos) >= 0) return ++threat_cuts_, 1;
    } else if (threats.n || unzoned) {
      return 0;
    }
    zone.fill();
    zoned = tr_.win_in_two(pos, pos.to_move ^ 1, &zone) > 0;
    return 0;
  }

  // A move scored at least an atari's bonus in candidates(): the table move, a capture, an
  // atari, or one that gives air to several short chains at once; the others are quiet.
  static bool forcing(const Cand& c) { return (c.score >> 24) >= kAtariBonus; }

  // The disproof number a new child after a quiet move starts with: about how many replies the
  // opponent will have there (the empty points less a few that are self-atari or pruned), as its
  // first expansion would find. With 1 + 4i alone (the rank step then) every quiet move was
  // expanded once just to learn that it leaves some 20 replies (a third of all node visits).
  // The contact replies to C3 (C4, B5, D6, B4) took 33 % fewer nodes.
  std::uint32_t quiet_reply_estimate(const Position& pos) const {
    return static_cast<std::uint32_t>(std::max(1, tr_.empty_points(pos) - kQuietUnreplied));
  }
  static constexpr int kQuietUnreplied = 4;
  // A new child's disproof number grows by this much a place down the move order (1, 7, 13...):
  // the moves the order puts first are tried first, and the ones after them need a clear reason.
  // With the proof numbers of quiet_proof_estimate(), 6 took 24.5 % fewer nodes than 4 on the
  // one-run 6x6 solve (566,447,435 against 750,404,693) and 8 took 656,757,335; 2 took 42 %
  // more on the parts.
  static constexpr std::uint32_t kRankStep = 6;

  // The proof number a new child after a quiet move starts with where its side to move (the
  // opponent) cannot put a chain in atari (leaves_atari() false): it has no forcing move, so it
  // cannot win soon, yet a quarter of its number of moves, not all of them, does best (a proof
  // there needs only one move to work). With 1 the search took such a child for as easy to win
  // as any and dug into it before the children with ataris: the contact replies to C3 (C4, B5,
  // D6, B4) took 28 % fewer nodes with a quarter (12 % with an eighth, 21 % with a third, and
  // the full number searched more than 1 on other parts).
  std::uint32_t quiet_proof_estimate(const Position& pos) const {
    return static_cast<std::uint32_t>(std::max(1, (tr_.empty_points(pos) - 1 - kQuietUnreplied) / kQuietProofShare));
  }
  static constexpr int kQuietProofShare = 4;

  // The side to move's chains with two liberties or fewer, for leaves_atari(): on boards of up to
  // 64 points the points that are a liberty of every one of them (where a stone joins them all),
  // else their heads.
  struct Shorts {
    bool masks = false;
    std::uint64_t common = 0;
    int heads[8];
    int n = 0;
  };

  // Whether, after the side to move plays the quiet move `cand`, the opponent can put one of its
  // chains in atari: a chain of the mover's with two liberties or fewer that the move does not
  // join, or the chain the move makes has two or fewer (cand.libs).
  bool leaves_atari(const Position& pos, const Cand& cand, const Shorts& s) const {
    const int p = cand.point, c = pos.to_move + 1;
    if (cand.libs <= 2) return true;
    if (s.masks) return !((s.common >> p) & 1);
    const int* shorts = s.heads;
    const int ns = s.n;
    for (int i = 0; i < ns; ++i) {
      bool joins = false;
      for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride}) joins |= pos.color[q] == c && pos.head[q] == shorts[i];
      if (!joins) return true;
    }
    return false;
  }

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

  // A new child's proof number (the numbers of its side to move), as mid() starts it.
  std::uint32_t fresh_pn(const Position& pos, const Cand& c, std::uint32_t quiet_pn, const Shorts& s) const {
    return forcing(c) || leaves_atari(pos, c, s) ? 1 : quiet_pn;
  }

  // The numbers mid() finds for a node (with no table move) whose children are all new, before
  // it searches any of them, without putting the moves in order: pn is the first move's (the
  // numbers of new children only grow down the order, and forcing moves come first), dn the sum
  // over the children (mirror images once: their numbers are equal). Moves the best move (the
  // first of the highest score, as order_all() puts first) to cands[0]. False when a child is in
  // the table.
  bool fresh_numbers(const Position& pos, Cand* cands, const std::uint64_t* ck, int n, std::uint32_t quiet_pn,
                     std::uint32_t quiet_dn, const Shorts& shorts, PnPair& r) {
    int top = 0;
    std::uint64_t dn = 0;
    KeyFilter mirrors;
    for (int i = 0; i < n; ++i) {
      if (pn_.probe(ck[i])) return false;
      if (cands[i].score > cands[top].score) top = i;
      if (!mirrors.repeated(ck[i], ck, i)) dn += fresh_pn(pos, cands[i], quiet_pn, shorts);
    }
    std::swap(cands[0], cands[top]);
    r.pn = forcing(cands[0]) ? 1 : std::max<std::uint32_t>(1, quiet_dn);
    r.dn = static_cast<std::uint32_t>(std::min<std::uint64_t>(dn, kInf - 1));
    return true;
  }

  PnPair mid(Position& pos, const SymKeys& keys, std::uint32_t thpn, std::uint32_t thdn, int ply) {
    ++nodes_;
    if ((nodes_ & 4095) == 0) check_limits();
    if (aborted_) return {1, 1};
    int sym = 0;
    const std::uint64_t key = canonical(pos, keys, sym);
    int tt_best = -1;
    bool open = false;  // an entry of an earlier expansion: the tactics did not settle the node
    bool unzoned = false;  // and that expansion found no zone (see kUnzoned)
    if (const PnEntry* e = pn_.probe(key)) {
      if (e->pn >= thpn || e->dn >= thdn) return {static_cast<std::uint32_t>(e->pn), static_cast<std::uint32_t>(e->dn)};
      const int b = best_point(*e);
      tt_best = b ? sym_.inv[sym][b] : -1;
      open = e->pn && e->dn;
      unzoned = open && (e->best & kUnzoned);
    }
    if (!known_.empty() && !open)
      if (const int p = known_move(pos); p >= 0) {
        *pn_.slot(key) = PnEntry{key, 0, kInf, static_cast<std::uint16_t>(sym_.map[sym][static_cast<std::size_t>(p)]), 1};
        return {0, kInf};
      }
    const std::uint64_t nodes_before = nodes_;
    Threats threats;
    Zone zone;
    bool zoned;
    const int v = settle(pos, threats, zone, zoned, open, unzoned);
    if (v) {
      const PnPair r = v > 0 ? PnPair{0, kInf} : PnPair{kInf, 0};
      *pn_.slot(key) = PnEntry{key, r.pn, r.dn, 0, 1};
      return r;
    }
    // The children's table buckets are fetched before the moves are scored, which takes long
    // enough for most of them to arrive (a probe is a cache miss, and issued all at once the
    // fetches stall on each other). Not in forced defence, where few moves are kept.
    const std::uint64_t child_region = region(keys, pos.to_move ^ 1);
    std::uint64_t early_key[64], empty = 0;
    const bool early = !threats.n && tr_.empty_mask(empty);
    if (early)
      for (std::uint64_t m = zoned ? empty & zone.w[0] : empty; m; m &= m - 1) {
        const int p = std::countr_zero(m);
        early_key[p] = child_key(pos, keys, p, child_region);
        pn_.prefetch(early_key[p]);
      }
    Cand* cands = buffer(ply);
    int n = candidates(pos, threats, zoned ? &zone : nullptr, cands, tt_best, std::min(ply, kMaxPly), -1);
    if (n == 0) {
      *pn_.slot(key) = PnEntry{key, kInf, 0, 0, 1};
      return {kInf, 0};
    }
    // The children in move order, with their keys and their numbers from the table.
    auto key_of = [&](int p) { return early ? early_key[p] : child_key(pos, keys, p, child_region); };
    std::uint64_t ck[kMaxCands];
    std::uint32_t cpn[kMaxCands], cdn[kMaxCands];
    for (int i = 0; i < n; ++i) {
      ck[i] = key_of(cands[i].point);
      if (!early) pn_.prefetch(ck[i]);
    }
    Shorts shorts;
    shorts.masks = tr_.common_short_liberties(pos, pos.to_move + 1, shorts.common);
    if (!shorts.masks) shorts.n = tr_.short_chains(pos, pos.to_move + 1, shorts.heads, 8);
    const std::uint32_t quiet_dn = quiet_reply_estimate(pos);
    const std::uint32_t quiet_pn = quiet_proof_estimate(pos);
    if (PnPair r; tt_best < 0 && fresh_numbers(pos, cands, ck, n, quiet_pn, quiet_dn, shorts, r) &&
                  (r.pn >= thpn || r.dn >= thdn)) {
      // Left at once, as most new nodes are: the move order was not needed.
      const int canon_best = sym_.map[sym][static_cast<std::size_t>(cands[0].point)];
      *pn_.slot(key) = PnEntry{key, r.pn, r.dn, pack_best(canon_best, zoned, r.pn, r.dn), 0};
      return r;
    }
    order_all(cands, n);
    for (int i = 0; i < n; ++i) ck[i] = key_of(cands[i].point);
    {
      // Moves that lead to mirror images of one position are one child (counted once in the
      // sum of the disproof number); the first of equal keys is kept.
      KeyFilter mirrors;
      int m = 0;
      for (int i = 0; i < n; ++i) {
        if (mirrors.repeated(ck[i], ck, m)) continue;
        ck[m] = ck[i];
        cands[m++] = cands[i];
      }
      n = m;
    }
    bool fresh[kMaxCands];
    int shadow = -1;  // a child proved lost for this side: its proof guides the simulations
    for (int i = 0; i < n; ++i) {
      const PnEntry* e = pn_.probe(ck[i]);
      // Unexplored children by move order: the first looks easiest to prove a win with. A quiet
      // move (see quiet_reply_estimate) is not taken for easier than its opponent's replies make it.
      cpn[i] = e ? e->pn : fresh_pn(pos, cands[i], quiet_pn, shorts);
      cdn[i] = e ? e->dn : std::max(1 + kRankStep * static_cast<std::uint32_t>(i), forcing(cands[i]) ? 0 : quiet_dn);
      fresh[i] = !e;
      if (e && e->pn == 0) shadow = i;
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
      // The best child may work until its dn passes the second best's (by a quarter at the
      // nodes of the side to move at the root, by a third at its opponent's, so the search does
      // not flip between two close children) or until this node's dn would pass its threshold.
      // A third at the opponent's nodes: the nine parts (see kShortChainAir) took 50.7 M nodes
      // against 55.8 M (a half 55.6 M, a sixth 60.1 M; a third or a half at the root side's
      // nodes took more), the one-run 6x6 solve 479,015,180 against 499,680,224.
      const std::uint64_t c_thpn = std::uint64_t{thdn} - r.dn + cpn[best_i];
      const std::uint32_t slack = second / (pos.to_move == root_side_ ? 4 : 3);
      const std::uint64_t c_thdn = std::min<std::uint64_t>(thpn, second >= kInf ? kInf : second + 1 + slack);
      const Move m{static_cast<std::uint16_t>(cands[best_i].point)};
      SymKeys child = keys;
      add_stone(child, pos.to_move, m.point);
      if (fresh[best_i] && shadow >= 0 && opt_.simulation) {
        // A new child next to a sibling already lost: the opponent's proof there may win here
        // too, move for move (it is checked on this position, so it proves nothing it should not).
        fresh[best_i] = false;
        SymKeys delta{};
        const int other = cands[shadow].point;
        add_stone(delta, pos.to_move, m.point);
        add_stone(delta, pos.to_move, other);
        std::uint64_t budget = kSimBudget;
        ++sim_tries_;
        const bool won = with_stone(pos, m.point, [&] { return sim_win(pos, child, delta, other, ply + 1, budget); });
        if (aborted_) return {1, 1};
        if (won) {
          ++sim_proofs_;
          cpn[best_i] = 0;
          cdn[best_i] = kInf;
          continue;
        }
      }
      const PnPair c = with_stone(pos, m.point, [&] {
        return mid(pos, child, static_cast<std::uint32_t>(std::min<std::uint64_t>(c_thpn, kInf)), static_cast<std::uint32_t>(c_thdn),
                   ply + 1);
      });
      if (aborted_) return {1, 1};
      cpn[best_i] = c.pn;
      cdn[best_i] = c.dn;
      if (c.pn == 0) shadow = best_i;
    }
    const int canon_best = sym_.map[sym][static_cast<std::size_t>(cands[best_i].point)];
    *pn_.slot(key) = PnEntry{key, r.pn, r.dn, pack_best(canon_best, zoned, r.pn, r.dn), pack_work(nodes_ - nodes_before)};
    return r;
  }

  // ---- Simulation: a proof borrowed from a sibling (Kawano) -------------------------------------
  // The position differs from the sibling's by one stone of the side that moved into both:
  // `delta` turns a key here into the key of the sibling's position after the same moves, and
  // `other` is the point that stone stands on there. The winner plays what the sibling's proof
  // played; every move of the loser is tried. Nothing is taken from the sibling but moves to try,
  // so what this proves is proved; it gives up after `budget` nodes.
  static constexpr std::uint64_t kSimBudget = 256;
  std::uint64_t sim_proofs_ = 0, sim_tries_ = 0;

  // What `f` (given the child's keys) returns with the stone at `p` played, and the move taken back.
  template <class F>
  bool after(Position& pos, const SymKeys& keys, int p, F&& f) {
    SymKeys child = keys;
    add_stone(child, pos.to_move, p);
    return with_stone(pos, p, [&] { return f(child); });
  }

  // The table's verdict for the side to move: 1 proved won, -1 proved lost, 0 open or absent.
  int proved(std::uint64_t key) {
    const PnEntry* e = pn_.probe(key);
    return !e ? 0 : e->pn == 0 ? 1 : e->dn == 0 ? -1 : 0;
  }

  // A node of a simulation, counted: +1 or -1 (for the side to move, and stored) where the tactics
  // settle it, 2 (a failure) when the search is stopped, 0 to go on.
  int sim_node(Position& pos, std::uint64_t key, Threats& threats, Zone& zone, bool& zoned, std::uint64_t& budget) {
    --budget;
    ++nodes_;
    if ((nodes_ & 4095) == 0) check_limits();
    if (aborted_) return 2;
    const int v = settle(pos, threats, zone, zoned);
    if (v) *pn_.slot(key) = v > 0 ? PnEntry{key, 0, kInf, 0, 1} : PnEntry{key, kInf, 0, 0, 1};
    return v;
  }

  bool sim_win(Position& pos, const SymKeys& keys, const SymKeys& delta, int other, int ply, std::uint64_t& budget) {
    if (budget == 0) return false;
    int sym = 0;
    const std::uint64_t key = canonical(pos, keys, sym);
    if (const int t = proved(key)) return t > 0;
    SymKeys there = keys;
    there.add(delta);
    int ssym = 0;
    const PnEntry* se = pn_.probe(canonical(pos, there, ssym));
    if (!se || se->pn != 0 || !best_point(*se)) return false;
    const int p = sym_.inv[ssym][best_point(*se)];
    Threats threats;
    Zone zone;
    bool zoned;
    if (const int v = sim_node(pos, key, threats, zone, zoned, budget)) return v == 1;
    if (pos.color[p] != kEmpty || !is_legal(pos, p)) return false;
    const bool won = after(pos, keys, p, [&](const SymKeys& child) { return sim_loss(pos, child, delta, other, ply + 1, budget); });
    if (won) *pn_.slot(key) = PnEntry{key, 0, kInf, static_cast<std::uint16_t>(sym_.map[sym][static_cast<std::size_t>(p)]), 1};
    return won;
  }

  bool sim_loss(Position& pos, const SymKeys& keys, const SymKeys& delta, int other, int ply, std::uint64_t& budget) {
    if (budget == 0) return false;
    int sym = 0;
    const std::uint64_t key = canonical(pos, keys, sym);
    if (const int t = proved(key)) return t < 0;
    Threats threats;
    Zone zone;
    bool zoned;
    if (const int v = sim_node(pos, key, threats, zone, zoned, budget)) return v == -1;
    Cand* cands = buffer(ply);
    const int n = candidates(pos, threats, zoned ? &zone : nullptr, cands, -1, std::min(ply, kMaxPly), -1);
    for (int i = 0; i < n; ++i) {
      const int p = cands[i].point;
      if (p == other) return false;  // the sibling's stone stands there: no proof to follow
      if (!after(pos, keys, p, [&](const SymKeys& child) { return sim_win(pos, child, delta, other, ply + 1, budget); }))
        return false;
    }
    *pn_.slot(key) = PnEntry{key, kInf, 0, 0, 1};
    return true;
  }

  int root_dfpn(Position& pos, int& best_point) {
    SymKeys keys;
    init_keys(pos, keys);
    progress_.root_moves = 0;
    const PnPair r = mid(pos, keys, kInf, kInf, 0);
    if (aborted_) return 0;
    if (r.pn == 0) {
      // The winning move, also when the tactics decided the root without searching its children.
      best_point = winning_move(pos, 0);
      if (aborted_) return 0;
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
    if (const int k = known_move(pos); k >= 0) return k;
    SymKeys keys;
    init_keys(pos, keys);
    int sym = 0;
    const std::uint64_t key = canonical(pos, keys, sym);
    auto from_table = [&]() -> int {
      const PnEntry* e = pn_.probe(key);
      if (!e || e->pn != 0 || !best_point(*e)) return -1;
      const int p = sym_.inv[sym][best_point(*e)];
      return pos.color[p] == kEmpty && is_legal(pos, p) ? p : -1;
    };
    if (const int p = from_table(); p >= 0) return p;
    Threats threats;
    tr_.find_threats(pos, threats);
    tr_.compute_libs(pos);
    if (opt_.threat_pruning && !threats.n) {
      if (const int w = tr_.win_in_two(pos, pos.to_move, nullptr); w >= 0) return w;
      if (const int l = tr_.ladder_win(pos); l >= 0) return l;
    }
    const PnPair r = mid(pos, keys, kInf, kInf, std::max(ply, 1));
    if (aborted_) return -1;
    if (r.pn == 0)
      if (const int p = from_table(); p >= 0) return p;
    // The node's entry holds no move (it was settled as a whole): prove a child lost instead.
    for (int p = pos.stride + 1; p < pos.npoints - pos.stride; ++p) {
      if (pos.color[p] != kEmpty || !is_legal(pos, p)) continue;
      const Move m{static_cast<std::uint16_t>(p)};
      SymKeys child = keys;
      add_stone(child, pos.to_move, p);
      Undo u;
      capgo::play(pos, m, u);
      const bool lost_for_them = is_over(pos) ? terminal_value(pos) < 0
                                              : mid(pos, child, kInf, kInf, std::max(ply, 1) + 1).dn == 0;
      capgo::undo(pos, m, u);
      if (aborted_) return -1;
      if (lost_for_them) return p;
    }
    return -1;
  }

  // The known proofs' winning move for the side to move (a board point), or -1.
  std::vector<proof::Record> known_;
  std::unique_ptr<proof::Canonical> kpc_;
  int known_move(const Position& pos) const {
    if (known_.empty()) return -1;
    std::uint64_t key[16];
    const int t = kpc_->key(pos, key);
    const std::uint64_t h = proof::Canonical::hash(key, kpc_->words());
    const auto it = std::lower_bound(known_.begin(), known_.end(), h,
                                     [](const proof::Record& r, std::uint64_t v) { return r.hash < v; });
    if (it == known_.end() || it->hash != h || it->move >= pos.size * pos.size) return -1;
    const int p = kpc_->from_canonical(pos, it->move, t);
    return pos.color[p] == kEmpty && is_legal(pos, p) ? p : -1;
  }

  // ---- The table kept in a file between runs (search/capgo/table_file.h) ------------------------------
  TableFileHeader table_header(const Position& root) const {
    TableFileHeader h;
    h.rules = rules_to_text(Rules{root.size, {root.target[0], root.target[1]}, root.pass_allowed, {}});
    h.position = to_text(root);
    h.symmetry = opt_.symmetry;
    h.entry_bytes = sizeof(PnEntry);
    h.bucket_bytes = decltype(pn_)::kBucketBytes;
    return h;
  }

  // Reads the table file if there is one; false (with r.table_error) if it does not fit here.
  bool read_table(const Position& root, SolveResult& r) {
    const std::string& path = opt_.table_file;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return true;  // the first run: written at the end
    auto h = read_table_header(path);
    if (!h) {
      r.table_error = h.error();
      return false;
    }
    const TableFileHeader want = table_header(root);
    auto differs = [&](const char* what, const std::string& file, const std::string& here) {
      r.table_error = "the table in '" + path + "' is for " + what + " " + file + ", not " + here;
      return false;
    };
    if (h->rules != want.rules) return differs("rules", h->rules, want.rules);
    if (h->position != want.position) return differs("the position", h->position, want.position);
    if (h->symmetry != want.symmetry)
      return differs("a search", h->symmetry ? "with symmetry" : "without symmetry", want.symmetry ? "with it" : "without it");
    if (h->entry_bytes != want.entry_bytes || h->bucket_bytes != want.bucket_bytes)
      return differs("another table layout:", std::to_string(h->entry_bytes) + "-byte entries",
                     std::to_string(want.entry_bytes) + "-byte ones (a different oyin)");
    if (h->buckets > pn_.max_buckets()) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "%.3f", std::ceil(static_cast<double>(h->buckets * h->bucket_bytes) / (1024.0 * 1024.0 * 1024.0) * 1000) / 1000);
      r.table_error = "the table in '" + path + "' holds " + buf + " GB: give --memory " + buf + " or more";
      return false;
    }
    std::FILE* f = std::fopen(path.c_str(), "rb");
    const bool ok = f && std::fseek(f, static_cast<long>(h->data_offset), SEEK_SET) == 0 && pn_.read(f, h->buckets, h->used);
    if (f) std::fclose(f);
    if (!ok) {
      r.table_error = "cannot read the table in '" + path + "'";
      return false;
    }
    r.table_read = true;
    r.table_read_entries = h->used;
    r.table_earlier_nodes = h->nodes;
    return true;
  }

  // Writes the table next to the file and then over it, so a failed write loses nothing.
  void write_table(const Position& root, SolveResult& r) {
    const auto t = std::chrono::steady_clock::now();
    TableFileHeader h = table_header(root);
    h.buckets = pn_.buckets();
    h.used = pn_.used();
    h.nodes = r.table_earlier_nodes + nodes_;
    const std::string tmp = opt_.table_file + ".tmp";
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    const std::string head = table_header_text(h);
    bool ok = f && std::fwrite(head.data(), 1, head.size(), f) == head.size() && pn_.write(f);
    if (f) ok = std::fclose(f) == 0 && ok;
    std::error_code ec;
    if (ok) std::filesystem::rename(tmp, opt_.table_file, ec);
    if (!ok || ec) {
      std::filesystem::remove(tmp, ec);
      r.table_error = "cannot write '" + tmp + "'";
      return;
    }
    r.table_written = true;
    r.table_file_bytes = head.size() + h.buckets * h.bucket_bytes;
    r.table_write_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  }

  // ---- Proof certificates (games/capgo/proof.h) -----------------------------------------------
  // After df-pn settled the root, the proof is walked from the root: where the winner is to move,
  // one winning move (from the table, the tactics, or a fresh search where the entry was
  // overwritten); where the loser is to move, every legal move, also those the tactics pruned
  // (their answers are found the same way). Positions are remembered by their exact canonical
  // form, so each is walked once.
  std::unique_ptr<proof::Canonical> pc_;
  std::unique_ptr<proof::KeySet> walked_;
  std::vector<proof::Record> records_;
  int prover_ = 0;
  std::uint64_t walked_count_ = 0;

  void build_proof(Position& root, SolveResult& r) {
    if (auto ok = proof::applies(root); !ok) {
      r.proof_error = ok.error();
      return;
    }
    pc_ = std::make_unique<proof::Canonical>(root.size);
    walked_ = std::make_unique<proof::KeySet>(pc_->words());
    records_.clear();
    prover_ = r.winner;
    progress_.proving = true;
    const bool ok = prove(root, 0);
    progress_.proving = false;
    r.proof_positions = walked_->size();
    if (!ok) {
      r.proof_error = aborted_ ? why_ : "the proof could not be completed (a position was not proved)";
      return;
    }
    if (auto sorted = proof::finish_records(records_); !sorted) {
      r.proof_error = sorted.error();
      return;
    }
    r.proof.rules = Rules{root.size, {root.target[0], root.target[1]}, root.pass_allowed, {}};
    r.proof.position = to_text(root);
    r.proof.winner = prover_;
    r.proof.records = std::move(records_);
    r.has_proof = true;
  }

  bool prove(Position& pos, int ply) {
    if (aborted_) return false;
    if (is_over(pos)) {
      const GameStatus st = status(pos);
      return st.outcome == Outcome::Win && index(st.winner) == prover_;
    }
    std::uint64_t key[16];
    const int sym = pc_->key(pos, key);
    if (walked_->contains(key)) return true;
    if ((++walked_count_ & 255) == 0) {
      progress_.proof_positions = walked_->size();
      progress_.proof_records = records_.size();
      check_limits();
      if (aborted_) return false;
    }
    if (pos.to_move == prover_) {
      if (oyin::capgo_immediate_win(pos) >= 0) return true;  // the checker finds it itself
      const int m = winning_move(pos, ply);
      if (m < 0) return false;
      records_.push_back({proof::Canonical::hash(key, pc_->words()), static_cast<std::uint16_t>(pc_->to_canonical(pos, m, sym))});
      const Move mv{static_cast<std::uint16_t>(m)};
      Undo u;
      capgo::play(pos, mv, u);
      const bool ok = prove(pos, ply + 1);
      capgo::undo(pos, mv, u);
      if (!ok) return false;
    } else {
      MoveList list;
      generate_moves(pos, list);
      for (const Move mv : list) {
        Undo u;
        capgo::play(pos, mv, u);
        const bool ok = prove(pos, ply + 1);
        capgo::undo(pos, mv, u);
        if (!ok) return false;
      }
    }
    walked_->insert(key);
    return true;
  }

  int root_search(Position& pos, int& best_point) {
    ++nodes_;
    if (is_over(pos)) return terminal_value(pos);
    if (const int w = oyin::capgo_immediate_win(pos); w >= 0) {
      best_point = w;
      return 1;
    }
    Threats threats;
    tr_.find_threats(pos, threats);
    Cand* cands = buffer(0);
    tr_.compute_libs(pos);
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

namespace {

// Runs `work` on a thread with a stack of `bytes`: the searches recurse once per move, and on a
// big board a game with captures can be many hundreds of moves deep, with some kilobytes a
// level. Only the pages actually touched are ever backed by memory.
void run_with_stack(std::size_t bytes, const std::function<void()>& work) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, bytes);
  struct Job {
    const std::function<void()>* work;
    std::exception_ptr error;
  } job{&work, nullptr};
  pthread_t thread;
  const int started = pthread_create(
      &thread, &attr,
      [](void* arg) -> void* {
        auto* j = static_cast<Job*>(arg);
        try {
          (*j->work)();
        } catch (...) {
          j->error = std::current_exception();
        }
        return nullptr;
      },
      &job);
  pthread_attr_destroy(&attr);
  if (started != 0) {
    work();  // no thread to be had: the caller's own stack, as before
    return;
  }
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace

SolveResult solve_position(const Position& pos, const SolverOptions& opt) {
  SolveResult result;
  run_with_stack(std::size_t{1} << 30, [&] {
    Solver s(pos, opt);
    result = s.run(pos);
  });
  return result;
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
  if (opt.make_proof) {
    if (opt.method == SolverMethod::AlphaBeta)
      return make_error("proof certificates come from proof-number search (method auto or pn), not alpha-beta");
    if (auto ok = proof::applies(pos); !ok) return make_error(ok.error());
  }
  if (!opt.table_file.empty() && (opt.method == SolverMethod::AlphaBeta || !Solver::dfpn_applies(pos)))
    return make_error("--table keeps the proof-number search's table (target 1 for both sides, passing forbidden, method auto or pn)");
  for (const auto& c : opt.known_proofs)
    if (c->rules.size != rules->size || c->rules.target != rules->target || c->rules.pass_allowed != rules->pass_allowed)
      return make_error("a known proof is for " + rules_to_text(c->rules) + ", not for " + rules_to_text(*rules));
  return solve_position(pos, opt);
}

}  // namespace oyin::capgo
