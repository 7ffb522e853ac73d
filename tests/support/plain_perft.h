#pragma once
// Perft the obvious way (status, generate, play, recurse, undo) with none of core/perft.h's fast
// paths: the reference the fast paths are checked against.
#include <cstdint>

#include "core/game.h"

namespace oyin::testing {

template <GameTraits G>
std::uint64_t plain_perft(typename G::Position& p, int depth) {
  if (depth == 0) return 1;
  if (G::status(p).over()) return 0;
  typename G::MoveList list;
  G::generate_moves(p, list);
  std::uint64_t n = 0;
  for (const auto& m : list) {
    typename G::Undo u;
    G::play(p, m, u);
    n += plain_perft<G>(p, depth - 1);
    G::undo(p, m, u);
  }
  return n;
}

}  // namespace oyin::testing
