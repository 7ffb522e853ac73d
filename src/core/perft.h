#pragma once
// Generic perft: the number of legal move sequences of exactly `depth` plies, where a finished
// game has no children. Games may offer two fast paths, detected at compile time:
//   G::count_moves(pos)          number of children of pos (0 when the game is over)
//   G::count_replies(pos, move)  number of children of the position after `move`, without playing it
//   G::count_grandchildren(pos)  sum of count_replies over all moves of pos
//   G::perft_play(pos, move, u)  play without keeping the hash (undo with G::undo restores it)
//   G::game_over(pos)            cheaper status(pos).over()
//   G::child(pos, move)          the position after move, as a new value (copy-make games)
// A game whose perft ignores its draw rules (Tojmot) declares
//   static constexpr bool perft_ignores_status = true;
// and then only an empty move list ends a line.
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/game.h"

namespace oyin {

template <GameTraits G>
bool perft_stops_at(const typename G::Position& pos) {
  if constexpr (requires { G::perft_ignores_status; }) {
    if constexpr (G::perft_ignores_status) return false;
  }
  if constexpr (requires { G::game_over(pos); }) return G::game_over(pos);
  else return G::status(pos).over();
}

// `stop` (optional) is looked at in every node of depth 3 or more: when it is set the count
// returned is partial, and the caller must say so.
template <GameTraits G>
std::uint64_t perft(typename G::Position& pos, int depth, const std::atomic<bool>* stop = nullptr) {
  if (depth <= 0) return 1;
  if constexpr (requires { G::count_moves(pos); }) {
    if (depth == 1) return G::count_moves(pos);
  }
  if constexpr (requires { G::count_grandchildren(pos); }) {
    if (depth == 2) return G::count_grandchildren(pos);
  }
  if (perft_stops_at<G>(pos)) return 0;
  if (stop && depth >= 3 && stop->load(std::memory_order_relaxed)) return 0;
  typename G::MoveList moves;
  G::generate_moves(pos, moves);
  if constexpr (requires(typename G::Move m) { G::count_replies(pos, m); }) {
    if (depth == 2) {
      std::uint64_t n = 0;
      for (const auto& m : moves) n += G::count_replies(pos, m);
      return n;
    }
  }
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  if constexpr (requires(typename G::Move m) { G::child(pos, m); }) {
    for (const auto& m : moves) {
      typename G::Position c = G::child(pos, m);
      nodes += perft<G>(c, depth - 1, stop);
    }
    return nodes;
  }
  typename G::Undo undo;
  for (const auto& m : moves) {
    if constexpr (requires { G::perft_play(pos, m, undo); }) G::perft_play(pos, m, undo);
    else G::play(pos, m, undo);
    nodes += perft<G>(pos, depth - 1, stop);
    G::undo(pos, m, undo);
  }
  return nodes;
}

struct PerftDivideLine {
  std::string move;
  std::uint64_t nodes;
};

// Splits the root moves over `threads` workers; the per-move counts come back in move order.
template <GameTraits G>
std::vector<PerftDivideLine> perft_divide(const typename G::Position& root, int depth, int threads,
                                          const std::atomic<bool>* stop = nullptr) {
  std::vector<PerftDivideLine> lines;
  if (depth <= 0 || perft_stops_at<G>(root)) return lines;
  typename G::MoveList moves;
  G::generate_moves(root, moves);
  lines.resize(moves.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < moves.size();) {
      typename G::Position pos = root;
      typename G::Undo undo;
      lines[i].move = G::move_to_text(root, moves[i]);
      G::play(pos, moves[i], undo);
      lines[i].nodes = perft<G>(pos, depth - 1, stop);
    }
  };
  threads = std::max(1, threads);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& th : pool) th.join();
  return lines;
}

}  // namespace oyin
