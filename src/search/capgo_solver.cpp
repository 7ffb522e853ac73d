#include "search/capgo_solver.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
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

class Solver {
 public:
  Solver(const Position& root, const SolverOptions& opt) : opt_(opt), t0_(std::chrono::steady_clock::now()) {
    std::uint64_t entries = 1024;  // at least a few buckets of 4
    const double bytes = std::max(0.001, opt.memory_gb) * 1024.0 * 1024.0 * 1024.0;
    while (static_cast<double>(entries * 2 * sizeof(Entry)) <= bytes && entries < (1ull << 34)) entries *= 2;
    // calloc: the kernel hands out zeroed pages as they are first touched, so a big table costs
    // nothing until it fills.
    tt_.reset(static_cast<Entry*>(std::calloc(entries, sizeof(Entry))));
    if (!tt_) {
      entries = 1 << 16;
      tt_.reset(static_cast<Entry*>(std::calloc(entries, sizeof(Entry))));
    }
    tt_size_ = entries;
    mask_ = entries - 1;
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
    r.tt_bytes = tt_size_ * sizeof(Entry);
    int best = -1;
    const int v = root_search(pos, best);
    r.nodes = nodes_;
    r.seconds = elapsed();
    r.tt_used = used_;
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
  struct Free {
    void operator()(Entry* e) const { std::free(e); }
  };
  std::unique_ptr<Entry[], Free> tt_;
  std::uint64_t tt_size_ = 0;
  std::uint64_t history_[2][kMaxPoints] = {};
  std::uint8_t chain_libs_[kMaxPoints] = {};
  static constexpr int kMaxPly = 800;
  int killers_[kMaxPly + 1][2] = {};
  std::uint64_t mask_ = 0, used_ = 0, nodes_ = 0;
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
      progress_.tt_used = used_;
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

  Entry* probe(std::uint64_t key) {
    Entry* bucket = &tt_[key & mask_ & ~3ull];
    for (int i = 0; i < 4; ++i)
      if (bucket[i].key == key) return &bucket[i];
    return nullptr;
  }

  void store(std::uint64_t key, int lower, int upper, int best, std::uint32_t work) {
    Entry* bucket = &tt_[key & mask_ & ~3ull];
    Entry* slot = nullptr;
    for (int i = 0; i < 4; ++i)
      if (bucket[i].key == key) slot = &bucket[i];
    if (!slot) {
      for (int i = 0; i < 4 && !slot; ++i)
        if (bucket[i].key == 0) slot = &bucket[i], ++used_;
      if (!slot) {
        slot = &bucket[0];
        for (int i = 1; i < 4; ++i)
          if (bucket[i].work < slot->work) slot = &bucket[i];
      }
    }
    *slot = Entry{key, static_cast<std::int8_t>(lower), static_cast<std::int8_t>(upper),
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

  // Moves worth searching, best first; `pruned_loss` is set when some legal move was dropped
  // because it loses at once.
  void candidates(const Position& pos, std::vector<Cand>& out, bool& any_legal, int tt_best, int ply) {
    out.clear();
    any_legal = false;
    const int me = pos.to_move, c = me + 1, opp = 3 - c;
    const bool exact_prune = pos.last_capture == 0;  // see the file comment: no repetition possible
    int threat_libs[16], nthreat = 0;
    const int end = pos.npoints - pos.stride;
    if (pos.target[me ^ 1]) {
      for (int p = pos.stride + 1; p < end && nthreat < 16; ++p) {
        if (pos.color[p] != c || pos.head[p] != p || !in_atari(pos, p)) continue;
        const int lib = atari_point(pos, p);
        if (pos.captures[me ^ 1] + captured_by(pos, lib, opp) >= pos.target[me ^ 1]) threat_libs[nthreat++] = lib;
      }
    }
    // Liberties (up to 3) of every chain, once per node rather than once per move.
    for (int p = pos.stride + 1; p < end; ++p)
      if ((pos.color[p] == kBlack || pos.color[p] == kWhite) && pos.head[p] == p) {
        int l[3];
        chain_libs_[p] = static_cast<std::uint8_t>(chain_libs(pos, p, l, 3));
      }
    for (int p = pos.stride + 1; p < end; ++p) {
      if (pos.color[p] != kEmpty || !is_legal(pos, p)) continue;
      any_legal = true;
      const int sz = captured_by(pos, p, c);
      if (exact_prune && sz == 0) {
        if (nthreat) {
          bool extends = false;
          for (int i = 0; i < nthreat; ++i) extends |= threat_libs[i] == p;
          if (!extends) continue;  // the opponent captures to its target next move
        }
        if (pos.target[me ^ 1] && self_atari(pos, p, c) &&
            pos.captures[me ^ 1] + chain_size_after(pos, p, c) >= pos.target[me ^ 1])
          continue;  // self-atari that hands over the target
      }
      // Tactics first (table move, captures, ataris, liberties), the cut-off history breaks ties.
      std::int64_t score = 0;
      if (p == tt_best) score += 1 << 20;
      if (p == killers_[ply][0] || p == killers_[ply][1]) score += kKillerBonus;
      score += sz * 1000;
      if (sz == 0) {
        int libs = 9;
        for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride}) {
          if (pos.color[q] == opp) libs = std::min<int>(libs, chain_libs_[pos.head[q]]);
          else if (pos.color[q] == c && chain_libs_[pos.head[q]] <= 2) score += 120;  // air for a short chain
        }
        if (libs == 2) score += 500;  // atari: the reply is forced
        else if (libs == 3) score += 150;
        score += libs_after(pos, p, c, 4) * 30;
      }
      const int x = pos.x_of(p), y = pos.y_of(p);
      score += std::min(std::min(x, y), std::min(pos.size - 1 - x, pos.size - 1 - y)) * 10;
      score = (score << 24) + static_cast<std::int64_t>(std::min<std::uint64_t>(history_[me][p], (1u << 24) - 1));
      out.push_back({p, score});
    }
    if (pos.pass_allowed) {
      any_legal = true;
      out.push_back({0, tt_best == 0 ? (std::int64_t{1} << 50) : -(std::int64_t{1} << 40)});
    }
    std::stable_sort(out.begin(), out.end(), [](const Cand& a, const Cand& b) { return a.score > b.score; });
  }

  int search(Position& pos, const SymKeys& keys, int alpha, int beta, int& best_point, int ply) {
    ++nodes_;
    ply = std::min(ply, kMaxPly);
    best_point = -1;
    if ((nodes_ & 4095) == 0) check_limits();
    if (aborted_) return 0;
    if (is_over(pos)) return terminal_value(pos);
    if (const int w = oyin::capgo_immediate_win(pos); w >= 0) {
      best_point = w;
      return 1;
    }
    const bool use_tt = pos.last_capture == 0;
    std::uint64_t key = 0;
    int sym = 0, tt_best = -1;
    int old_lower = -1, old_upper = 1;
    if (use_tt) {
      key = canonical(pos, keys, sym);
      if (const Entry* e = probe(key)) {
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
    const int alpha_s = alpha, beta_s = beta;
    const std::uint64_t nodes_before = nodes_;
    std::vector<Cand> cands;
    bool any_legal = false;
    candidates(pos, cands, any_legal, tt_best, ply);
    int best = -1;  // every pruned move loses; with nothing searched the value is a loss
    // Enhanced transposition cut-off: a child already known to be bad enough for the opponent
    // ends this node without searching anything.
    if (use_tt && cands.size() > 1) {
      // Keys first with prefetches, then the probes: the cache misses overlap.
      std::uint64_t ck[kMaxSize * kMaxSize + 1];
      const std::size_t n = cands.size();
      for (std::size_t i = 0; i < n; ++i) {
        const int cp = cands[i].point;
        ck[i] = 0;
        if (cp && captured_by(pos, cp, pos.to_move + 1)) continue;  // leaves the table
        SymKeys child = keys;
        if (cp) add_stone(child, pos.to_move, cp);
        const std::uint8_t passes = pos.passes;
        pos.to_move ^= 1;
        pos.passes = cp ? 0 : static_cast<std::uint8_t>(passes + 1);
        int t;
        ck[i] = canonical(pos, child, t);
        pos.to_move ^= 1;
        pos.passes = passes;
        __builtin_prefetch(&tt_[ck[i] & mask_ & ~3ull]);
      }
      for (std::size_t i = 0; i < n; ++i) {
        if (!ck[i]) continue;
        if (const Entry* e = probe(ck[i]); e && -e->upper >= beta) {
          best_point = cands[i].point;
          return -e->upper;
        }
      }
    }
    for (const Cand& cand : cands) {
      const Move m{static_cast<std::uint16_t>(cand.point)};
      SymKeys child = keys;
      if (cand.point) add_stone(child, pos.to_move, cand.point);
      Undo u;
      capgo::play(pos, m, u);
      int reply;
      const int v = -search(pos, child, -beta, -alpha, reply, ply + 1);
      capgo::undo(pos, m, u);
      if (aborted_) return 0;
      if (v > best || best_point < 0) {
        if (v > best || best_point < 0) best_point = cand.point;
        best = std::max(best, v);
      }
      if (best > alpha) alpha = best;
      if (alpha >= beta) {
        if (cand.point) {
          history_[pos.to_move][cand.point] += nodes_ - nodes_before;
          if (killers_[ply][0] != cand.point) {
            killers_[ply][1] = killers_[ply][0];
            killers_[ply][0] = cand.point;
          }
        }
        break;
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

  int root_search(Position& pos, int& best_point) {
    ++nodes_;
    if (is_over(pos)) return terminal_value(pos);
    if (const int w = oyin::capgo_immediate_win(pos); w >= 0) {
      best_point = w;
      return 1;
    }
    std::vector<Cand> cands;
    bool any_legal = false;
    candidates(pos, cands, any_legal, -1, 0);
    // Root moves that are symmetric to an earlier one lead to the same value.
    std::vector<std::uint64_t> seen;
    int best = -1, alpha = -1;
    SymKeys keys;
    init_keys(pos, keys);
    progress_.root_moves = static_cast<int>(cands.size());
    for (std::size_t i = 0; i < cands.size(); ++i) {
      const Move m{static_cast<std::uint16_t>(cands[i].point)};
      progress_.root_index = static_cast<int>(i + 1);
      progress_.root_move = move_to_text(pos, m);
      SymKeys child = keys;
      if (cands[i].point) add_stone(child, pos.to_move, cands[i].point);
      Undo u;
      capgo::play(pos, m, u);
      if (pos.last_capture == 0) {
        int t;
        const std::uint64_t k = canonical(pos, child, t);
        if (std::find(seen.begin(), seen.end(), k) != seen.end()) {
          capgo::undo(pos, m, u);
          continue;
        }
        seen.push_back(k);
      }
      int reply;
      const int v = -search(pos, child, -1, -alpha, reply, 1);
      capgo::undo(pos, m, u);
      if (aborted_) return 0;
      if (v > best || best_point < 0) best_point = cands[i].point;
      best = std::max(best, v);
      alpha = std::max(alpha, best);
      if (best == 1) break;
    }
    if (best_point < 0)
      for (int p = pos.stride + 1; p < pos.npoints - pos.stride && best_point < 0; ++p)
        if (pos.color[p] == kEmpty && is_legal(pos, p)) best_point = p;
    return best;
  }
};

}  // namespace

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
  return solve_position(pos, opt);
}

}  // namespace oyin::capgo
