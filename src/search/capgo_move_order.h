#pragma once
// Scored moves of the capture Go solver (search/capgo_solver.cpp) handed out best first.
//
// The order of equal scores is part of the search (it decides which of two equal children df-pn
// tries first, and the disproof numbers new children start with), so it is fixed here once:
// the order of pick(), a selection sort whose swaps move the front move back to where the best
// one stood. order_all() gives exactly that order for the whole list at a sort's cost.
#include <algorithm>
#include <cstdint>

#include "games/capgo/board.h"

namespace oyin::capgo {

struct Cand {
  int point;  // 0 = pass
  std::int64_t score;
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

// c[0..n) in the order pick(c, 0, n), pick(c, 1, n), ... leaves it. Equal scores come out in
// the order of the places they hold when their turn comes, and moving the front move back
// into the place just emptied is all that changes those places; so the moves are sorted by
// score and each run of equal scores by its current places. Up to 24 moves (most lists) the
// selection itself is cheaper.
inline void order_all(Cand* c, int n) {
  if (n <= 24) {
    for (int i = 0; i + 1 < n; ++i) {
      int b = i;
      std::int64_t bs = c[i].score;
      for (int j = i + 1; j < n; ++j)
        if (c[j].score > bs) b = j, bs = c[j].score;
      std::swap(c[i], c[b]);
    }
    return;
  }
  constexpr int kMax = kMaxSize * kMaxSize + 1;
  int by_score[kMax], place[kMax], at[kMax];
  Cand out[kMax];
  for (int i = 0; i < n; ++i) by_score[i] = place[i] = at[i] = i;
  std::sort(by_score, by_score + n, [&](int a, int b) { return c[a].score > c[b].score; });
  int i = 0;
  for (int g = 0; g < n;) {
    int e = g + 1;
    while (e < n && c[by_score[e]].score == c[by_score[g]].score) ++e;
    if (e - g > 1) std::sort(by_score + g, by_score + e, [&](int a, int b) { return place[a] < place[b]; });
    for (; g < e; ++g, ++i) {
      const int x = by_score[g], b = place[x], front = at[i];
      at[b] = front;
      place[front] = b;
      at[i] = x;
      place[x] = i;
      out[i] = c[x];
    }
  }
  std::copy(out, out + n, c);
}

}  // namespace oyin::capgo
