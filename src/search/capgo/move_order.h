#pragma once
// Scored moves of the capture Go solver (search/capgo/solver.cpp) handed out best first.
//
// The order of equal scores is part of the search (it decides which of two equal children df-pn
// tries first, and the disproof numbers new children start with), so it is fixed here once:
// the order of pick(), a selection sort whose swaps move the front move back to where the best
// one stood. order_all() gives exactly that order for the whole list, cheaply.
#include <algorithm>
#include <cstdint>

#include "games/capgo/board.h"

namespace oyin::capgo {

struct Cand {
  int point;  // 0 = pass
  std::int64_t score;
  int libs = 4;  // liberties of the chain the stone makes, up to 4 (captures: 4)
};

// The best of c[from..n) (the first of equal ones) moved to c[from]: lazily, for searches that
// usually stop after a move or two.
inline int pick(Cand* c, int from, int n) {
  int b = from;
  for (int i = from + 1; i < n; ++i)
    if (c[i].score > c[b].score) b = i;
  std::swap(c[from], c[b]);
  return c[from].point;
}

// c[0..n) in the order pick(c, 0, n), pick(c, 1, n), ... leaves it, at a fraction of the cost:
// the same selection sort on keys that put the score and the place in one integer (score * 512
// + 511 - place, so the larger key is the higher score or, of equal ones, the earlier place).
// A step then needs only the largest key, with no branch that guesses wrong, and the front move
// swapped back gets the key of its new place. Scores must lie within +-2^53 (the solver's do).
inline void order_all(Cand* c, int n) {
  constexpr int kMax = kMaxSize * kMaxSize + 1;
  static_assert(kMax <= 512);
  std::int64_t key[kMax];
  for (int i = 0; i < n; ++i) key[i] = c[i].score * 512 + (511 - i);
  for (int i = 0; i + 1 < n; ++i) {
    std::int64_t best = key[i];
    for (int j = i + 1; j < n; ++j) best = std::max(best, key[j]);
    const int b = 511 - static_cast<int>(best & 511);
    if (b == i) continue;
    std::swap(c[i], c[b]);
    key[b] = c[b].score * 512 + (511 - b);
  }
}

}  // namespace oyin::capgo
