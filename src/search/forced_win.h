#pragma once
// Exact, bounded AND-OR search for puzzles: can the side to move (the attacker) win within n of
// its own moves whatever the other side does? Every legal move of both sides is searched (no
// evaluation, no pruning beyond "one winning move is enough" and "one refutation is enough"), so
// a yes is a proof and a no a disproof; "win" is the game's own status() (Tojmot mate, the
// capture target, the kazan or atsyrau) or, when a goal is given, also a position the goal
// accepts once the defender has replied (Togyz "win 10 stones", Tojmot "win material": what the
// attacker won must survive the defender's answer). A table of attacker positions keeps what was
// already proved (wins within k also win within more; fails within k also fail within fewer).
//
// The table is keyed by G::hash, so it assumes what a position can still do depends on the
// position alone within a puzzle's few plies: true for Togyz Kumalak; for Tojmot while
// repetitions (three times: 8 plies) and the 100-ply clock cannot come into play; for capture Go
// while no stone has been captured (superko), i.e. for target 1, where the first capture ends
// the game. The puzzle declarations (registry/*/puzzles.cpp) choose positions that keep
// this true.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <unordered_map>
#include <vector>

#include "core/game.h"
#include "core/result.h"

namespace oyin::search {

// A goal short of the game's end, judged on a position with the attacker to move (after the
// defender's reply); empty: the game's own win only.
template <GameTraits G>
using GoalTest = std::function<bool(const typename G::Position& now)>;

template <GameTraits G>
class ForcedWin {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  // node_limit 0 = none. When it is reached every answer is "no" and aborted() is true.
  ForcedWin(Side attacker, std::uint64_t node_limit, GoalTest<G> goal = {})
      : attacker_(attacker), limit_(node_limit), goal_(std::move(goal)) {}

  bool aborted() const { return aborted_; }
  std::uint64_t nodes() const { return nodes_; }
  Side attacker() const { return attacker_; }

  // Attacker to move: does some move win within n attacker moves?
  bool wins_within(Position& pos, int n) {
    if (n <= 0 || stop()) return false;
    const std::uint64_t key = G::hash(pos);
    auto it = table_.find(key);
    if (it != table_.end()) {
      if (it->second.win_at && it->second.win_at <= n) return true;
      if (it->second.fail_at >= n) return false;
    }
    typename G::MoveList moves;
    G::generate_moves(pos, moves);
    std::vector<Move> order(moves.begin(), moves.end());
    if (it != table_.end() && it->second.has_best) {
      auto b = std::find(order.begin(), order.end(), it->second.best);
      if (b != order.end()) std::rotate(order.begin(), b, b + 1);
    }
    for (const Move& m : order) {
      if (move_wins(pos, m, n)) {
        if (aborted_) return false;
        Entry& e = table_[key];
        if (!e.win_at || e.win_at > n) e.win_at = static_cast<std::int8_t>(n);
        e.best = m;
        e.has_best = true;
        return true;
      }
      if (aborted_) return false;
    }
    Entry& e = table_[key];
    e.fail_at = static_cast<std::int8_t>(std::max<int>(e.fail_at, n));
    return false;
  }

  // Attacker to move: does m win within n attacker moves (m being the first)?
  bool move_wins(Position& pos, Move m, int n) {
    if (stop()) return false;
    typename G::Undo u;
    G::play(pos, m, u);
    bool win;
    const GameStatus st = G::status(pos);
    if (st.over()) win = attacker_wins(st);
    else if (n <= 1 && !goal_) win = false;
    else win = all_replies_lose(pos, n - 1);
    G::undo(pos, m, u);
    return win && !aborted_;
  }

  // Defender to move, game not over: does every reply let the attacker win within n?
  bool all_replies_lose(Position& pos, int n) {
    typename G::MoveList replies;
    G::generate_moves(pos, replies);
    std::vector<Move> order(replies.begin(), replies.end());
    // The reply that refuted the last attempt at this depth often refutes this one too.
    Refutation& r = refutations_[std::min<std::size_t>(static_cast<std::size_t>(n), kMaxDepth)];
    if (r.valid) {
      auto b = std::find(order.begin(), order.end(), r.move);
      if (b != order.end()) std::rotate(order.begin(), b, b + 1);
    }
    for (const Move& d : order) {
      if (!reply_loses(pos, d, n)) {
        r = {d, true};
        return false;
      }
    }
    return true;
  }

  // Defender to move: after reply d, does the attacker win within n?
  bool reply_loses(Position& pos, Move d, int n) {
    if (stop()) return false;
    typename G::Undo u;
    G::play(pos, d, u);
    const GameStatus st = G::status(pos);
    const bool lose = st.over() ? attacker_wins(st) : reached(pos) || wins_within(pos, n);
    G::undo(pos, d, u);
    return lose && !aborted_;
  }

  // The goal short of the game's end is met (attacker to move, the game going on).
  bool reached(const Position& pos) const { return goal_ && goal_(pos); }

  // The fewest attacker moves (1..n) that win by force, 0 when none does (or aborted).
  int distance(Position& pos, int n) {
    for (int k = 1; k <= n; ++k) {
      if (wins_within(pos, k)) return k;
      if (aborted_) return 0;
    }
    return 0;
  }

  // Defender to move after a winning attacker move: how many attacker moves the reply d holds
  // out (0: the reply itself ends the game in the attacker's favour), or -1 when the attacker no
  // longer wins within n after it.
  int reply_distance(Position& pos, Move d, int n) {
    typename G::Undo u;
    G::play(pos, d, u);
    const GameStatus st = G::status(pos);
    int dist;
    if (st.over()) dist = attacker_wins(st) ? 0 : -1;
    else if (reached(pos)) dist = 0;
    else {
      dist = distance(pos, n);
      if (dist == 0) dist = -1;
    }
    G::undo(pos, d, u);
    return dist;
  }

  bool attacker_wins(const GameStatus& st) const {
    return st.outcome != Outcome::Draw && st.winner == attacker_;
  }

 private:
  static constexpr std::size_t kMaxDepth = 16;
  struct Entry {
    std::int8_t win_at = 0;   // smallest n proved to win (0: none yet)
    std::int8_t fail_at = 0;  // largest n proved not to win
    bool has_best = false;
    Move best{};
  };
  struct Refutation {
    Move move{};
    bool valid = false;
  };

  bool stop() {
    if (aborted_) return true;
    if (limit_ && ++nodes_ > limit_) aborted_ = true;
    else if (!limit_) ++nodes_;
    return aborted_;
  }

  Side attacker_;
  std::uint64_t limit_;
  GoalTest<G> goal_;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
  std::unordered_map<std::uint64_t, Entry> table_;
  Refutation refutations_[kMaxDepth + 1];
};

// A puzzle's proof: the solution line (both sides, protocol notation), the goal depth in attacker
// moves, and what it cost.
struct PuzzleLine {
  int moves = 0;
  std::vector<std::string> solution;
  int root_moves = 0;               // legal moves of the attacker at the start
  std::uint64_t nodes = 0;          // the whole proof
  std::uint64_t nodes_to_find = 0;  // until the key move was proved, moves in generation order
};

// How a puzzle picks among equally long defences, from the position before the defence, the
// attacker's move that led to it and the defence: higher first, compared as a pair (the game's
// score of how much the defence resists, then how natural it is: how close it is to the fight).
// Equal pairs keep the first in generation order.
template <GameTraits G>
using DefenceRank = std::function<std::pair<int, int>(const typename G::Position& before, typename G::Move last,
                                                      typename G::Move defence)>;

namespace detail {

// The defender's chosen reply: the longest defence, then the best by `rank` among equals.
template <GameTraits G>
Result<typename G::Move> longest_defence(ForcedWin<G>& fw, typename G::Position& pos, int n, int& held,
                                         const DefenceRank<G>& rank, typename G::Move last) {
  typename G::MoveList replies;
  G::generate_moves(pos, replies);
  int best = -1;
  std::pair<int, int> best_rank{};
  typename G::Move chosen{};
  for (const auto& d : replies) {
    const int dist = fw.reply_distance(pos, d, n);
    if (fw.aborted()) return make_error("node limit reached");
    if (dist < 0) return make_error("the reply " + G::move_to_text(pos, d) + " escapes");
    if (dist < best) continue;
    const std::pair<int, int> r = rank ? rank(pos, last, d) : std::pair<int, int>{};
    if (dist > best || r > best_rank) {
      best = dist;
      chosen = d;
      best_rank = r;
    }
  }
  if (best < 0) return make_error("the defender has no move");
  held = best;
  return chosen;
}

// The attacker's winning moves within n, stopping after `enough` of them.
template <GameTraits G>
std::vector<typename G::Move> winning_moves(ForcedWin<G>& fw, typename G::Position& pos, int n, std::size_t enough,
                                            std::uint64_t* nodes_at_first = nullptr) {
  typename G::MoveList moves;
  G::generate_moves(pos, moves);
  std::vector<typename G::Move> out;
  for (const auto& m : moves) {
    if (fw.move_wins(pos, m, n)) {
      if (out.empty() && nodes_at_first) *nodes_at_first = fw.nodes();
      out.push_back(m);
      if (out.size() >= enough) break;
    }
    if (fw.aborted()) break;
  }
  return out;
}

}  // namespace detail

// Finds the shortest forced win of the side to move within max_moves and checks that it is a
// puzzle: at every attacker move of the line exactly one move wins within the moves left, and
// every defender move is the longest defence, the best by `rank` among equally long ones. Errors
// say why a position is not one.
template <GameTraits G>
Result<PuzzleLine> find_unique_win(typename G::Position pos, int max_moves, std::uint64_t node_limit,
                                   const DefenceRank<G>& rank = {}, const GoalTest<G>& goal = {}) {
  if (G::status(pos).over()) return make_error("the game is over");
  ForcedWin<G> fw(G::side_to_move(pos), node_limit, goal);
  PuzzleLine line;
  {
    typename G::MoveList all;
    G::generate_moves(pos, all);
    line.root_moves = static_cast<int>(all.size());
  }
  const int n = fw.distance(pos, max_moves);
  if (fw.aborted()) return make_error("node limit reached");
  if (n == 0) return make_error("no forced win within " + std::to_string(max_moves) + " moves");
  line.moves = n;
  {  // the effort of finding the key move, from a fresh table
    ForcedWin<G> fresh(G::side_to_move(pos), node_limit, goal);
    detail::winning_moves<G>(fresh, pos, n, 1, &line.nodes_to_find);
  }
  std::vector<typename G::Undo> undos;
  std::vector<typename G::Move> played;
  Result<PuzzleLine> result = line;
  for (int left = n;; ) {
    const auto wins = detail::winning_moves<G>(fw, pos, left, 2);
    if (fw.aborted()) { result = make_error("node limit reached"); break; }
    if (wins.size() != 1) {
      result = make_error(wins.empty() ? "the line loses its win" : "two moves win within " + std::to_string(left) + ": " +
                                         G::move_to_text(pos, wins[0]) + ", " + G::move_to_text(pos, wins[1]));
      break;
    }
    result->solution.push_back(G::move_to_text(pos, wins[0]));
    undos.emplace_back();
    G::play(pos, wins[0], undos.back());
    played.push_back(wins[0]);
    if (G::status(pos).over()) break;
    int held = 0;
    auto d = detail::longest_defence<G>(fw, pos, left - 1, held, rank, wins[0]);
    if (!d) { result = make_error(d.error()); break; }
    result->solution.push_back(G::move_to_text(pos, *d));
    undos.emplace_back();
    G::play(pos, *d, undos.back());
    played.push_back(*d);
    if (G::status(pos).over() || fw.reached(pos)) break;  // the defender's move lost at once (held 0)
    left = held;
  }
  if (result) result->nodes = fw.nodes();
  return result;
}

// A move of the attacker's that may not be the puzzle's: the fewest attacker moves (itself the
// first) in which it wins by force, up to max_moves (0: not within them, or the node limit was
// reached: `aborted`), and when it wins and the game goes on, the defence chosen against it
// (the longest, then the best by `rank`) and how many attacker moves are left after it.
struct MoveProof {
  int wins_in = 0;
  bool aborted = false;
  std::string defence;  // protocol notation; "" when the move ends the game
  int left = 0;
};

template <GameTraits G>
MoveProof prove_move(typename G::Position pos, typename G::Move m, int max_moves, std::uint64_t node_limit,
                     const DefenceRank<G>& rank = {}, const GoalTest<G>& goal = {}) {
  MoveProof out;
  ForcedWin<G> fw(G::side_to_move(pos), node_limit, goal);
  for (int k = 1; k <= max_moves && !out.wins_in; ++k) {
    if (fw.move_wins(pos, m, k)) out.wins_in = k;
    if (fw.aborted()) {
      out.aborted = true;
      out.wins_in = 0;
      return out;
    }
  }
  if (!out.wins_in) return out;
  typename G::Undo u;
  G::play(pos, m, u);
  if (G::status(pos).over()) return out;
  int held = 0;
  auto d = detail::longest_defence<G>(fw, pos, out.wins_in - 1, held, rank, m);
  if (!d) {
    out.aborted = true;
    out.wins_in = 0;
    return out;
  }
  out.defence = G::move_to_text(pos, *d);
  out.left = held;
  return out;
}

// Re-proves a stated puzzle: the solution is legal, the side to move wins in exactly `moves`
// attacker moves, each attacker move of the solution is the only one that wins within the moves
// left, each defender move is the longest defence (the best by `rank` among equals), and the line
// ends with the attacker's win (with a goal: with the defender's answer after which it holds).
// The error names the first move that fails.
template <GameTraits G>
Status verify_unique_win(typename G::Position pos, int moves, const std::vector<std::string>& solution,
                         std::uint64_t node_limit, std::uint64_t* nodes = nullptr, const DefenceRank<G>& rank = {},
                         const GoalTest<G>& goal = {}) {
  if (G::status(pos).over()) return make_error("the game is already over");
  if (moves < 1) return make_error("the goal needs at least one move");
  ForcedWin<G> fw(G::side_to_move(pos), node_limit, goal);
  auto out_of_nodes = [&] { return make_error("the proof needs more than " + std::to_string(node_limit) + " nodes"); };
  if (moves > 1) {
    const bool shorter = fw.wins_within(pos, moves - 1);
    if (fw.aborted()) return out_of_nodes();
    if (shorter) return make_error("the goal is reached in fewer than " + std::to_string(moves) + " moves");
  }
  std::vector<typename G::Undo> undos(solution.size());
  int left = moves;
  typename G::Move last{};
  for (std::size_t i = 0; i < solution.size(); ++i) {
    const std::string label = "move " + std::to_string(i + 1) + " (" + solution[i] + ")";
    auto m = G::parse_move(pos, solution[i]);
    if (!m) return make_error(label + " is not legal: " + m.error());
    if (i % 2 == 0) {
      if (!fw.move_wins(pos, *m, left)) {
        if (fw.aborted()) return out_of_nodes();
        return make_error(label + " does not reach the goal within " + std::to_string(left) + " moves");
      }
      typename G::MoveList all;
      G::generate_moves(pos, all);
      for (const auto& other : all) {
        if (other == *m) continue;
        if (fw.move_wins(pos, other, left))
          return make_error(label + " is not the only move that reaches the goal within " + std::to_string(left) +
                            " moves: " + G::move_to_text(pos, other) + " does too");
        if (fw.aborted()) return out_of_nodes();
      }
      G::play(pos, *m, undos[i]);
      last = *m;
      if (G::status(pos).over()) {
        if (i + 1 != solution.size()) return make_error(label + " ends the game but the solution goes on");
        if (nodes) *nodes = fw.nodes();
        return Ok{};
      }
      if (i + 1 == solution.size()) return make_error("the solution ends before the goal is reached");
    } else {
      int held = 0;
      auto chosen = detail::longest_defence<G>(fw, pos, left - 1, held, rank, last);
      if (!chosen) return fw.aborted() ? out_of_nodes() : make_error(label + ": " + chosen.error());
      const int mine = fw.reply_distance(pos, *m, left - 1);
      if (mine != held)
        return make_error(label + " is not the longest defence: " + G::move_to_text(pos, *chosen) + " holds out " +
                          std::to_string(held) + " moves, it " + std::to_string(std::max(mine, 0)));
      if (!(*chosen == *m))
        return make_error(label + " is not the chosen one of the equally long defences: " +
                          G::move_to_text(pos, *chosen) + " is (the most resisting, then the most natural)");
      G::play(pos, *m, undos[i]);
      if (G::status(pos).over() || fw.reached(pos)) {  // every reply lost at once, or the goal holds (held 0)
        if (i + 1 != solution.size()) return make_error(label + " ends the game but the solution goes on");
        if (nodes) *nodes = fw.nodes();
        return Ok{};
      }
      if (i + 1 == solution.size()) return make_error("the solution ends before the goal is reached");
      left = held;
    }
  }
  return make_error("the solution is empty");
}

}  // namespace oyin::search
