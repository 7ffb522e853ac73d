#pragma once
// A plain fixed-depth alpha-beta (negamax, moves in generation order, evaluation at the
// leaves, no table, no quiescence): the baseline the real search must beat in an SPRT match.
#include <cstdint>

#include "search/alphabeta.h"

namespace oyin::search {

template <SearchableGame G>
int plain_alphabeta(typename G::Position& pos, int depth, int alpha, int beta, int ply,
                    const typename G::EvalParams& params, std::uint64_t& nodes) {
  ++nodes;
  const GameStatus st = G::status(pos);
  if (st.over()) {
    if (st.outcome == Outcome::Draw) return 0;
    return st.winner == G::side_to_move(pos) ? kWinScore - ply : -kWinScore + ply;
  }
  if (depth <= 0) return G::evaluate(pos, params);
  typename G::MoveList moves;
  G::generate_moves(pos, moves);
  int best = -kInfinite;
  for (const auto& m : moves) {
    typename G::Undo u;
    G::play(pos, m, u);
    const int s = -plain_alphabeta<G>(pos, depth - 1, -beta, -alpha, ply + 1, params, nodes);
    G::undo(pos, m, u);
    if (s > best) {
      best = s;
      if (s > alpha) alpha = s;
      if (alpha >= beta) break;
    }
  }
  return best;
}

template <SearchableGame G>
struct PlainResult {
  typename G::Move move{};
  int score = -kInfinite;
  std::uint64_t nodes = 0;
};

template <SearchableGame G>
PlainResult<G> plain_search(typename G::Position pos, int depth, const typename G::EvalParams& params) {
  PlainResult<G> r;
  typename G::MoveList moves;
  G::generate_moves(pos, moves);
  for (const auto& m : moves) {
    typename G::Undo u;
    G::play(pos, m, u);
    const int s = -plain_alphabeta<G>(pos, depth - 1, -kInfinite, -r.score, 1, params, r.nodes);
    G::undo(pos, m, u);
    if (s > r.score) {
      r.score = s;
      r.move = m;
    }
  }
  return r;
}

}  // namespace oyin::search
