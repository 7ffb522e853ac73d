#pragma once
// The alpha-beta search, written once as a template over a game's traits (search/game_hooks.h
// lists what a game provides). No virtual calls below run(): every game gets its own copy.
//
// Iterative deepening, principal-variation search with aspiration windows, a shared
// transposition table, move ordering (hash move, gains, killers, history), late-move
// reductions, check extension and quiescence when the game offers them, proven-result scores
// with distance, MultiPV, limits by depth / nodes / time / stop, and lazy SMP: helper threads
// search the same tree and share the table; the main thread alone decides and reports. With
// one thread the search is deterministic: a node limit gives the same move and node count.
#include <algorithm>
#include <array>
#include <cmath>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "search/game_hooks.h"
#include "search/tt.h"

namespace oyin::search {

constexpr int kInfinite = 32000;
constexpr int kWinScore = 30000;               // a win right now; a win in p plies is kWinScore - p
constexpr int kWinBound = kWinScore - 1000;    // |score| >= this: a proven result
constexpr int kMaxPly = 120;

inline bool is_proven(int score) { return score >= kWinBound || score <= -kWinBound; }
// Plies to the end for a proven score (positive: the side to move wins).
inline int plies_to_end(int score) { return score > 0 ? kWinScore - score : -(kWinScore + score); }

struct Config {
  int max_depth = kMaxPly - 1;
  std::uint64_t max_nodes = 0;  // 0 = none
  int soft_ms = 0;              // do not start a new iteration after about half of this
  int hard_ms = 0;              // stop the search at this point (0 = none)
  int multipv = 1;
  int threads = 1;
  const std::atomic<bool>* external_stop = nullptr;
};

template <class Move>
struct RootLine {
  Move move{};
  int score = -kInfinite;
  int prev_score = -kInfinite;
  int depth = 0;
  int seldepth = 0;
  std::vector<Move> pv;
};

template <class Move>
struct SearchOutput {
  std::vector<RootLine<Move>> lines;  // best first; the first `multipv` are searched exactly
  std::uint64_t nodes = 0;
  int depth = 0;
  int time_ms = 0;
};

template <class Move>
struct Iteration {  // one line of one completed iteration, for `info` output
  int depth = 0, seldepth = 0, multipv = 1, score = 0, time_ms = 0;
  std::uint64_t nodes = 0;
  std::vector<Move> pv;
};

template <SearchableGame G>
class AlphaBeta {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;
  using Line = RootLine<Move>;
  using InfoFn = std::function<void(const Iteration<Move>&)>;

  AlphaBeta(TranspositionTable& tt, const typename G::EvalParams& params) : tt_(tt), params_(params) {
    if constexpr (HasSearchMargins<G>) {
      if (const auto m = G::search_margins(params_)) margins_ = {m->delta, m->futility, m->aspiration};
    }
  }

  // `history` holds the hashes of the positions before the root, oldest first (repetitions).
  SearchOutput<Move> run(const Position& root, const std::vector<std::uint64_t>& history, const Config& cfg,
                         const InfoFn& on_info) {
    cfg_ = cfg;
    cfg_.threads = std::max(1, cfg.threads);
    cfg_.max_depth = std::clamp(cfg.max_depth, 1, kMaxPly - 1);
    start_ = std::chrono::steady_clock::now();
    stop_.store(false);
    tt_.new_search();
    SearchOutput<Move> out;
    if (G::status(root).over()) return out;

    std::vector<std::unique_ptr<Worker>> workers;
    for (int i = 0; i < cfg_.threads; ++i) {
      workers.push_back(std::make_unique<Worker>());
      Worker& w = *workers.back();
      w.id = i;
      w.keys.assign(history.begin(), history.end());
      w.keys.push_back(G::hash(root));
      MoveList moves;
      G::generate_moves(root, moves);
      for (const Move& m : moves) {
        Line l;
        l.move = m;
        w.lines.push_back(l);
      }
    }
    if (workers[0]->lines.empty()) return out;  // no move although the game is not over
    workers_ = &workers;
    cfg_.multipv = std::clamp(cfg.multipv, 1, static_cast<int>(workers[0]->lines.size()));
    std::vector<std::thread> helpers;
    for (int i = 1; i < cfg_.threads; ++i)
      helpers.emplace_back([&, i] { iterate(*workers[i], root, nullptr); });
    iterate(*workers[0], root, &on_info);
    stop_.store(true);
    for (auto& t : helpers) t.join();

    Worker& main = *workers[0];
    out.lines = main.best_lines;
    out.depth = main.completed_depth;
    for (auto& w : workers) out.nodes += w->nodes.load(std::memory_order_relaxed);
    out.time_ms = elapsed_ms();
    workers_ = nullptr;
    return out;
  }

 private:
  static constexpr int kHistorySize = 4096;
  static constexpr std::size_t kMoveCap = sizeof(MoveList) / sizeof(Move);  // at least the list's capacity
  struct Worker {
    int id = 0;
    std::atomic<std::uint64_t> nodes{0};
    std::uint64_t local_nodes = 0;
    int seldepth = 0;
    int completed_depth = 0;
    bool can_stop = false;
    std::vector<Line> lines, best_lines;
    std::vector<std::uint64_t> keys;  // positions on the path (for repetitions)
    Move killers[kMaxPly + 1][2]{};
    bool killer_set[kMaxPly + 1][2]{};
    int history[2][kHistorySize]{};
    Move pv[kMaxPly + 1][kMaxPly + 1]{};
    int pv_len[kMaxPly + 1]{};
  };

  // ---------------------------------------------------------------- iterative deepening
  void iterate(Worker& w, const Position& root, const InfoFn* on_info) {
    Position pos = root;
    const int first_depth = 1 + (w.id > 0 ? w.id % 2 : 0);
    for (int depth = first_depth; depth <= cfg_.max_depth; ++depth) {
      w.can_stop = depth > 1;  // depth 1 always completes: there is always a move to play
      for (auto& l : w.lines) l.prev_score = l.score;
      for (int pv_idx = 0; pv_idx < cfg_.multipv; ++pv_idx) {
        w.seldepth = 0;
        // Step 1. Aspiration window around the previous score of this line.
        int delta = margins_.aspiration, alpha = -kInfinite, beta = kInfinite;
        const int prev = w.lines[pv_idx].prev_score;
        if (depth >= 4 && !is_proven(prev) && prev > -kInfinite) {
          alpha = std::max(prev - delta, -kInfinite);
          beta = std::min(prev + delta, kInfinite);
        }
        while (true) {
          const int score = search_root(w, pos, alpha, beta, depth, pv_idx);
          if (stopped(w)) break;
          std::stable_sort(w.lines.begin() + pv_idx, w.lines.end(),
                           [](const Line& a, const Line& b) { return a.score > b.score; });
          if (score <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = std::max(score - delta, -kInfinite);
          } else if (score >= beta) {
            beta = std::min(score + delta, kInfinite);
          } else {
            break;
          }
          delta += delta / 2 + 10;
        }
        if (stopped(w)) break;
      }
      if (stopped(w)) break;
      // The lines are searched one after the other; order them before they are shown.
      std::stable_sort(w.lines.begin(), w.lines.begin() + cfg_.multipv,
                       [](const Line& a, const Line& b) { return a.score > b.score; });
      w.completed_depth = depth;
      w.best_lines = w.lines;
      if (on_info && *on_info) {
        for (int k = 0; k < cfg_.multipv; ++k) {
          Iteration<Move> it;
          it.depth = depth;
          it.seldepth = w.lines[k].seldepth;
          it.multipv = k + 1;
          it.score = w.lines[k].score;
          it.pv = w.lines[k].pv;
          it.nodes = total_nodes();
          it.time_ms = elapsed_ms();
          (*on_info)(it);
        }
      }
      if (w.id != 0) continue;
      // Step 2. Time: an iteration costs several times the previous one; do not start one
      // that cannot finish.
      if (cfg_.soft_ms && elapsed_ms() * 2 > cfg_.soft_ms) break;
      if (is_proven(w.lines[0].score) && cfg_.multipv == 1 && depth > plies_abs(w.lines[0].score) + 2) break;
    }
    w.nodes.store(w.local_nodes, std::memory_order_relaxed);
    if (w.id == 0) stop_.store(true);
  }

  static int plies_abs(int score) { return std::abs(plies_to_end(score)); }

  int search_root(Worker& w, Position& pos, int alpha, int beta, int depth, int pv_idx) {
    int best = -kInfinite;
    w.pv_len[0] = 0;
    for (std::size_t i = pv_idx; i < w.lines.size(); ++i) w.lines[i].score = -kInfinite;
    for (std::size_t i = pv_idx; i < w.lines.size(); ++i) {
      Line& line = w.lines[i];
      typename G::Undo undo;
      G::play(pos, line.move, undo);
      w.keys.push_back(G::hash(pos));
      int score;
      if (i == static_cast<std::size_t>(pv_idx)) {
        score = -search<true>(w, pos, -beta, -alpha, depth - 1, 1);
      } else {
        score = -search<false>(w, pos, -alpha - 1, -alpha, depth - 1, 1);
        if (score > alpha && score < beta) score = -search<true>(w, pos, -beta, -alpha, depth - 1, 1);
      }
      w.keys.pop_back();
      G::undo(pos, line.move, undo);
      if (stopped(w)) return 0;
      if (i == static_cast<std::size_t>(pv_idx) || score > alpha) {
        line.score = score;
        line.depth = depth;
        line.seldepth = w.seldepth;
        line.pv.assign(1, line.move);
        for (int k = 1; k < w.pv_len[1]; ++k) line.pv.push_back(w.pv[1][k]);
      } else {
        line.score = -kInfinite;
      }
      best = std::max(best, score);
      if (score > alpha) {
        alpha = score;
        if (alpha >= beta) break;
      }
    }
    return best;
  }

  // ---------------------------------------------------------------- the tree search
  // The score of passing (a null move), searched 3 plies shallower with a null window at beta.
  int null_move_score(Worker& w, Position& pos, int beta, int depth, int ply) {
    typename G::Undo undo;
    G::play_null(pos, undo);
    w.keys.push_back(G::hash(pos));
    const int s = -search<false>(w, pos, -beta, -beta + 1, depth - 3, ply + 1);
    w.keys.pop_back();
    G::undo_null(pos, undo);
    return s;
  }

  // Each move's place in the order (the hash move, gains, killers, then history) and whether it
  // gains (a noisy move).
  void order_moves(const Worker& w, const Position& pos, const MoveList& moves, const TTHit& hit, int ply, int* order,
                   bool* noisy) const {
    const Move tt_move = move_from_bits<Move>(hit.move);
    const int side = static_cast<int>(G::side_to_move(pos));
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      int gain = 0;
      if constexpr (HasMoveGain<G>) gain = G::move_gain(pos, m);
      noisy[i] = gain > 0;
      if (hit.has_move && m == tt_move) order[i] = 1 << 30;
      else if (gain > 0) order[i] = (1 << 28) + gain;
      else if (w.killer_set[ply][0] && m == w.killers[ply][0]) order[i] = (1 << 27) + 1;
      else if (w.killer_set[ply][1] && m == w.killers[ply][1]) order[i] = 1 << 27;
      else order[i] = w.history[side][history_index(m)];
    }
  }

  // Moves the best-ordered of moves[i..] to place i (a selection sort step, so a cut-off spares
  // ordering the rest).
  static void pick_next(MoveList& moves, int* order, bool* noisy, std::size_t i) {
    std::size_t bi = i;
    for (std::size_t j = i + 1; j < moves.size(); ++j)
      if (order[j] > order[bi]) bi = j;
    std::swap(moves[i], moves[bi]);
    std::swap(order[i], order[bi]);
    std::swap(noisy[i], noisy[bi]);
  }

  // The principal variation at ply: m, then the child's.
  static void update_pv(Worker& w, int ply, Move m) {
    w.pv[ply][ply] = m;
    for (int k = ply + 1; k < w.pv_len[ply + 1]; ++k) w.pv[ply][k] = w.pv[ply + 1][k];
    w.pv_len[ply] = std::max(ply + 1, w.pv_len[ply + 1]);
  }

  template <bool PvNode>
  int search(Worker& w, Position& pos, int alpha, int beta, int depth, int ply) {
    w.pv_len[ply] = ply;
    if (depth <= 0) return qsearch(w, pos, alpha, beta, ply);
    if (count_node(w)) return 0;
    w.seldepth = std::max(w.seldepth, ply);

    // Step 1. The end of the game and draws by rule.
    const GameStatus st = G::status(pos);
    if (st.over()) return final_score(st, pos, ply);
    if (is_rule_draw(w, pos)) return 0;
    if (ply >= kMaxPly - 1) return evaluate(pos);

    // Step 2. What the result can still be, and mate-distance pruning.
    int lo = -1, hi = 1;
    if constexpr (HasResultBounds<G>) G::result_bounds(pos, lo, hi);
    alpha = std::max(alpha, -kWinScore + ply);
    beta = std::min(beta, kWinScore - ply - 1);
    if (alpha >= beta) return alpha;
    if ((lo >= 0 && beta <= 0) || (hi <= 0 && alpha >= 0)) return 0;  // the result bounds settle the window

    // Step 3. Transposition table.
    const std::uint64_t key = G::hash(pos);
    const TTHit hit = tt_.probe(key);
    if (!PvNode && hit.found && hit.depth >= depth) {
      const int s = from_tt(hit.score, ply);
      if (hit.bound == Bound::Exact || (hit.bound == Bound::Lower && s >= beta) ||
          (hit.bound == Bound::Upper && s <= alpha))
        return s;
    }
    bool in_check = false;
    if constexpr (HasInCheck<G>) in_check = G::in_check(pos);
    bool exact = false;
    if constexpr (HasExactEndgame<G>) exact = G::exact_endgame(pos);

    // Step 4. Reverse futility: far above beta near the horizon, the static score stands.
    int static_eval = -kInfinite;
    if (!in_check && !exact) static_eval = evaluate(pos);
    if (!PvNode && !in_check && !exact && depth <= 3 && !is_proven(beta) && static_eval - margins_.futility * depth >= beta)
      return static_eval;

    // Step 5. Null move (only for games that declare it sound).
    if constexpr (HasNullMove<G>) {
      if (!PvNode && !in_check && !exact && depth >= 3 && !is_proven(beta) && static_eval >= beta) {
        const int s = null_move_score(w, pos, beta, depth, ply);
        if (stopped(w)) return 0;
        if (s >= beta) return is_proven(s) ? beta : s;
      }
    }

    // Step 6. Move ordering: hash move, gains, killers, history.
    MoveList moves;
    G::generate_moves(pos, moves);
    if (moves.empty()) return evaluate(pos);
    int order[kMoveCap];
    bool noisy[kMoveCap];
    const int side = static_cast<int>(G::side_to_move(pos));
    order_moves(w, pos, moves, hit, ply, order, noisy);

    // Step 7. The move loop: PVS with late-move reductions.
    int best = -kInfinite, searched = 0;
    Move best_move{};
    bool have_best = false;
    Move quiets[256];
    int n_quiets = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      pick_next(moves, order, noisy, i);
      const Move m = moves[i];
      const bool quiet = !noisy[i];
      const bool killer = order[i] >= (1 << 27) && order[i] < (1 << 28);
      // Futility: one ply from the horizon a quiet move will not bring a hopeless score back.
      if (!PvNode && depth == 1 && searched > 0 && quiet && !in_check && !exact && !is_proven(alpha) &&
          static_eval + margins_.futility <= alpha)
        continue;

      typename G::Undo undo;
      G::play(pos, m, undo);
      w.keys.push_back(G::hash(pos));
      int ext = 0;
      bool gives_check = false;
      if constexpr (HasInCheck<G>) gives_check = G::in_check(pos);
      if (ply < kMaxPly / 2 && (gives_check || (exact && moves.size() == 1))) ext = 1;
      const int new_depth = depth - 1 + ext;
      int score;
      if (searched == 0) {
        score = -search<PvNode>(w, pos, -beta, -alpha, new_depth, ply + 1);
      } else {
        const int r = depth >= 3 && searched >= (PvNode ? 3 : 2) && !in_check && !gives_check && !exact
                          ? std::clamp(reduction(depth, searched + 1) - (PvNode ? 1 : 0) - (quiet ? 0 : 1) - (killer ? 1 : 0),
                                       0, new_depth - 1)
                          : 0;
        score = -search<false>(w, pos, -alpha - 1, -alpha, new_depth - r, ply + 1);
        if (r && score > alpha) score = -search<false>(w, pos, -alpha - 1, -alpha, new_depth, ply + 1);
        if (PvNode && score > alpha && score < beta) score = -search<true>(w, pos, -beta, -alpha, new_depth, ply + 1);
      }
      w.keys.pop_back();
      G::undo(pos, m, undo);
      if (stopped(w)) return 0;
      ++searched;
      if (score > best) {
        best = score;
        if (score > alpha) {
          best_move = m;
          have_best = true;
          alpha = score;
          if constexpr (PvNode) update_pv(w, ply, m);
          if (alpha >= beta) {
            if (quiet) update_quiet_stats(w, side, ply, depth, m, quiets, n_quiets);
            break;
          }
        }
      }
      if (quiet && n_quiets < 256) quiets[n_quiets++] = m;
    }

    // Step 8. Store what was learnt.
    const Bound bound = best >= beta ? Bound::Lower : (PvNode && have_best ? Bound::Exact : Bound::Upper);
    tt_.store(key, have_best, have_best ? move_bits(best_move) : 0, to_tt(best, ply), depth, bound);
    return best;
  }

  // Quiescence: stand pat on the evaluation, then only the game's noisy moves (all moves in check).
  int qsearch(Worker& w, Position& pos, int alpha, int beta, int ply, int qply = 0) {
    w.pv_len[ply] = ply;
    if (count_node(w)) return 0;
    w.seldepth = std::max(w.seldepth, ply);
    const GameStatus st = G::status(pos);
    if (st.over()) return final_score(st, pos, ply);
    if (is_rule_draw(w, pos)) return 0;
    bool in_check = false;
    if constexpr (HasInCheck<G>) in_check = G::in_check(pos);
    if (ply >= kMaxPly - 1) return evaluate(pos);
    int best = -kInfinite;
    if (!in_check) {
      best = evaluate(pos);
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
    }
    MoveList moves;
    if (in_check) {
      G::generate_moves(pos, moves);
    } else {
      if constexpr (HasNoisyChecks<G>) G::generate_noisy(pos, moves, qply == 0);
      else if constexpr (HasNoisy<G>) G::generate_noisy(pos, moves);
    }
    int order[kMoveCap];
    for (std::size_t i = 0; i < moves.size(); ++i) {
      order[i] = 0;
      if constexpr (HasMoveGain<G>) order[i] = G::move_gain(pos, moves[i]);
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
      std::size_t bi = i;
      for (std::size_t j = i + 1; j < moves.size(); ++j)
        if (order[j] > order[bi]) bi = j;
      std::swap(moves[i], moves[bi]);
      std::swap(order[i], order[bi]);
      // Delta pruning: even winning this much more cannot lift the score to alpha.
      if constexpr (HasMoveGain<G>)
        if (!in_check && best + order[i] + margins_.delta <= alpha) continue;
      typename G::Undo undo;
      G::play(pos, moves[i], undo);
      w.keys.push_back(G::hash(pos));
      const int score = -qsearch(w, pos, -beta, -alpha, ply + 1, qply + 1);
      w.keys.pop_back();
      G::undo(pos, moves[i], undo);
      if (stopped(w)) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  // ---------------------------------------------------------------- helpers
  int evaluate(const Position& pos) const {
    int e = G::evaluate(pos, params_);
    e = std::clamp(e, -kWinBound + 1, kWinBound - 1);
    if constexpr (HasResultBounds<G>) {
      int lo = -1, hi = 1;
      G::result_bounds(pos, lo, hi);
      if (lo >= 0) e = std::max(e, 0);
      if (hi <= 0) e = std::min(e, 0);
    }
    return e;
  }

  static int final_score(const GameStatus& st, const Position& pos, int ply) {
    if (st.outcome == Outcome::Draw) return 0;
    return st.winner == G::side_to_move(pos) ? kWinScore - ply : -kWinScore + ply;
  }

  bool is_rule_draw(const Worker& w, const Position& pos) const {
    if constexpr (HasHalfmoveClock<G>) {
      const int clock = G::halfmove_clock(pos);
      if (clock >= 100) return true;
      const std::uint64_t key = G::hash(pos);
      // keys.back() is this position; look back over reversible plies of the same side.
      const int n = static_cast<int>(w.keys.size());
      for (int k = n - 3; k >= 0 && k >= n - 1 - clock; k -= 2)
        if (w.keys[k] == key) return true;
      return false;
    } else {
      (void)w;
      (void)pos;
      return false;
    }
  }

  static int to_tt(int s, int ply) { return s >= kWinBound ? s + ply : s <= -kWinBound ? s - ply : s; }
  static int from_tt(int s, int ply) { return s >= kWinBound ? s - ply : s <= -kWinBound ? s + ply : s; }

  // Late-move reductions grow with the log of the depth and of the move's rank.
  static int reduction(int depth, int rank) {
    static const auto table = [] {
      std::array<std::array<int, 64>, kMaxPly + 1> t{};
      for (int d = 1; d <= kMaxPly; ++d)
        for (int m = 1; m < 64; ++m) t[d][m] = static_cast<int>(0.5 + std::log(d) * std::log(m) / 1.9);
      return t;
    }();
    return table[std::min(depth, kMaxPly)][std::min(rank, 63)];
  }

  static int history_index(Move m) {
    std::uint64_t x = move_bits(m) * 0x9E3779B97F4A7C15ULL;
    return static_cast<int>(x >> 52);  // 12 bits
  }

  void update_quiet_stats(Worker& w, int side, int ply, int depth, Move m, const Move* tried, int n) {
    if (!(w.killer_set[ply][0] && w.killers[ply][0] == m)) {
      w.killers[ply][1] = w.killers[ply][0];
      w.killer_set[ply][1] = w.killer_set[ply][0];
      w.killers[ply][0] = m;
      w.killer_set[ply][0] = true;
    }
    const int bonus = std::min(depth * depth, 400);
    auto add = [&](Move x, int b) {
      int& h = w.history[side][history_index(x)];
      h += b - h * std::abs(b) / 16384;  // stays within +-16384
    };
    add(m, bonus);
    for (int i = 0; i < n; ++i) add(tried[i], -bonus);
  }

  // Counts a node; true when the search must stop now.
  bool count_node(Worker& w) {
    if (stopped(w)) return true;  // re-searches after a stop must not count
    ++w.local_nodes;
    if ((w.local_nodes & 255) == 0) w.nodes.store(w.local_nodes, std::memory_order_relaxed);
    if (!w.can_stop) return false;
    if (cfg_.max_nodes && cfg_.threads == 1 && w.local_nodes >= cfg_.max_nodes) stop_.store(true, std::memory_order_relaxed);
    if ((w.local_nodes & 1023) == 0 && w.id == 0) {
      if (cfg_.external_stop && cfg_.external_stop->load(std::memory_order_relaxed)) stop_.store(true);
      if (cfg_.hard_ms && elapsed_ms() >= cfg_.hard_ms) stop_.store(true);
      if (cfg_.max_nodes && cfg_.threads > 1 && total_nodes() >= cfg_.max_nodes) stop_.store(true);
    }
    return stopped(w);
  }
  bool stopped(const Worker& w) const { return w.can_stop && stop_.load(std::memory_order_relaxed); }

  std::uint64_t total_nodes() const {
    std::uint64_t n = 0;
    for (const auto& w : *workers_) n += w->id == 0 ? w->local_nodes : w->nodes.load(std::memory_order_relaxed);
    return n;
  }
  int elapsed_ms() const {
    return static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count());
  }

  TranspositionTable& tt_;
  typename G::EvalParams params_;
  SearchMargins margins_;
  Config cfg_;
  std::chrono::steady_clock::time_point start_;
  std::atomic<bool> stop_{false};
  std::vector<std::unique_ptr<Worker>>* workers_ = nullptr;
};

}  // namespace oyin::search
