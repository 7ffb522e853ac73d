#pragma once
// A generic "mate in N" suite for any searchable game: positions are drawn from a game-specific
// generator, kept when an independent brute-force search (plain minimax over move sequences, no
// pruning, no table, no evaluation) proves a forced win for the side to move within 1 or 2 of
// its moves, and the engine must then report that win and play a move the brute force confirms.
// Togyz instantiates it in togyz_mate_test.cpp; Tojmot plugs in with its own generator.
#include <gtest/gtest.h>

#include <functional>

#include "search/alphabeta.h"

namespace oyin::testing {

template <class G>
bool brute_force_move_wins(const typename G::Position& pos, typename G::Move m, Side me, int plies);

// True when the side to move can force a win within `plies` plies (odd: 1, 3, ...).
template <class G>
bool brute_force_win(const typename G::Position& pos, int plies) {
  if (plies <= 0) return false;
  const Side me = G::side_to_move(pos);
  typename G::MoveList moves;
  G::generate_moves(pos, moves);
  for (const auto& m : moves) {
    if (brute_force_move_wins<G>(pos, m, me, plies)) return true;
  }
  return false;
}

template <class G>
bool brute_force_move_wins(const typename G::Position& pos, typename G::Move m, Side me, int plies) {
  typename G::Position p = pos;
  typename G::Undo u;
  G::play(p, m, u);
  const GameStatus st = G::status(p);
  if (st.over()) return st.outcome == Outcome::Win && st.winner == me;
  if (plies < 3) return false;
  typename G::MoveList replies;
  G::generate_moves(p, replies);
  for (const auto& r : replies) {
    typename G::Position q = p;
    G::play(q, r, u);
    const GameStatus s2 = G::status(q);
    if (s2.over()) {
      if (!(s2.outcome == Outcome::Win && s2.winner == me)) return false;
      continue;
    }
    if (!brute_force_win<G>(q, plies - 2)) return false;
  }
  return true;
}

struct MateSuiteStats {
  int in_one = 0, in_two = 0;
};

// Draws positions until `want_one` wins-in-1 and `want_two` wins-in-2 (not in 1) are found and
// checks the engine on each: a proven win in at most N moves, and a move that wins by brute force.
template <class G>
MateSuiteStats run_mate_suite(const std::function<typename G::Position()>& draw, int want_one, int want_two,
                              int max_draws) {
  MateSuiteStats st;
  search::TranspositionTable tt(4);
  for (int i = 0; i < max_draws && (st.in_one < want_one || st.in_two < want_two); ++i) {
    const typename G::Position pos = draw();
    if (G::status(pos).over()) continue;
    int n = 0;
    if (brute_force_win<G>(pos, 1)) n = 1;
    else if (brute_force_win<G>(pos, 3)) n = 2;
    if (n == 0 || (n == 1 && st.in_one >= want_one) || (n == 2 && st.in_two >= want_two)) continue;
    (n == 1 ? st.in_one : st.in_two)++;
    tt.clear();
    search::AlphaBeta<G> ab(tt, typename G::EvalParams{});
    search::Config cfg;
    cfg.max_depth = 2 * n + 2;
    const auto out = ab.run(pos, {}, cfg, {});
    const std::string text = G::position_to_text(pos);
    EXPECT_FALSE(out.lines.empty()) << text;
    if (out.lines.empty()) continue;
    const int score = out.lines[0].score;
    EXPECT_GE(score, search::kWinBound) << "win in " << n << " not found: " << text;
    EXPECT_LE(search::plies_to_end(score), 2 * n - 1) << text;
    EXPECT_TRUE(brute_force_move_wins<G>(pos, out.lines[0].move, G::side_to_move(pos), 2 * n - 1))
        << "the move " << G::move_to_text(pos, out.lines[0].move) << " does not win in " << n << ": " << text;
  }
  return st;
}

}  // namespace oyin::testing
