#pragma once
// Cheap local tactics for capture Go, shared by the playouts, the tree priors and the solver.
// They work on any board with the rules core's chain layout (color, head, next, chain with
// pseudo-liberty count/sum/squares, stride): capgo::Position and the playout FastBoard.
//
// The key fact used everywhere: a chain in atari has all its pseudo-liberties on one point,
// so that point is lib_sum / libs, found in O(1).
#include <cstdint>

#include "games/capgo/board.h"

namespace oyin::capgo::tactics {

template <class B>
inline int atari_point(const B& b, int h) {
  const Chain& c = b.chain[h];
  return static_cast<int>(c.lib_sum / c.libs);
}

template <class B>
inline bool in_atari(const B& b, int h) {
  const Chain& c = b.chain[h];
  return std::uint64_t{c.libs} * c.lib_sq == std::uint64_t{c.lib_sum} * c.lib_sum;
}

// Stones a stone of colour c (1/2) at empty p would capture (distinct chains counted once),
// with `atari(head)` telling which chains are in atari.
template <class B, class Atari>
inline int captured_by_if(const B& b, int p, int c, Atari&& atari) {
  const int opp = 3 - c;
  const int nb[4] = {p - 1, p + 1, p - b.stride, p + b.stride};
  int heads[4], n = 0, total = 0;
  for (int q : nb) {
    if (b.color[q] != opp) continue;
    const int h = b.head[q];
    if (!atari(h)) continue;
    bool dup = false;
    for (int i = 0; i < n; ++i) dup |= heads[i] == h;
    if (dup) continue;
    heads[n++] = h;
    total += b.chain[h].stones;
  }
  return total;
}
template <class B>
inline int captured_by(const B& b, int p, int c) {
  return captured_by_if(b, p, c, [&](int h) { return in_atari(b, h); });
}

// Distinct liberties (up to `limit`) of the chain a stone of colour c at empty p would form,
// captures not counted (callers check captured_by first), and not counting the point `gone`
// (one the other side is about to fill), if given.
template <class B>
int libs_after(const B& b, int p, int c, int limit, int gone = -1) {
  int libs[4];
  int n = 0;
  auto add = [&](int q) {
    if (q == gone) return false;
    for (int i = 0; i < n; ++i)
      if (libs[i] == q) return false;
    libs[n++] = q;
    return n >= limit;
  };
  const int nb[4] = {p - 1, p + 1, p - b.stride, p + b.stride};
  for (int q : nb)
    if (b.color[q] == kEmpty && add(q)) return n;
  int heads[4], nh = 0;
  for (int q : nb) {
    if (b.color[q] != c) continue;
    const int h = b.head[q];
    bool dup = false;
    for (int i = 0; i < nh; ++i) dup |= heads[i] == h;
    if (dup) continue;
    heads[nh++] = h;
    int s = h;
    do {
      for (int t : {s - 1, s + 1, s - b.stride, s + b.stride})
        if (t != p && b.color[t] == kEmpty && add(t)) return n;
      s = b.next[s];
    } while (s != h);
  }
  return n;
}

// Distinct liberties of the chain headed by h, up to `limit` (written to out, which holds limit).
template <class B>
int chain_libs(const B& b, int h, int* out, int limit) {
  int n = 0;
  int s = h;
  do {
    for (int t : {s - 1, s + 1, s - b.stride, s + b.stride}) {
      if (b.color[t] != kEmpty) continue;
      bool dup = false;
      for (int i = 0; i < n; ++i) dup |= out[i] == t;
      if (dup) continue;
      out[n++] = t;
      if (n >= limit) return n;
    }
    s = b.next[s];
  } while (s != h);
  return n;
}

// A stone of colour c at p that captures nothing and leaves its own chain with one liberty.
template <class B>
inline bool self_atari(const B& b, int p, int c) {
  int empties = 0;
  for (int q : {p - 1, p + 1, p - b.stride, p + b.stride}) empties += b.color[q] == kEmpty;
  if (empties >= 2) return false;
  if (captured_by(b, p, c) > 0) return false;
  return libs_after(b, p, c, 2) < 2;
}

// Stones of the new chain (p plus the own chains it joins).
template <class B>
inline int chain_size_after(const B& b, int p, int c) {
  int heads[4], nh = 0, total = 1;
  for (int q : {p - 1, p + 1, p - b.stride, p + b.stride}) {
    if (b.color[q] != c) continue;
    const int h = b.head[q];
    bool dup = false;
    for (int i = 0; i < nh; ++i) dup |= heads[i] == h;
    if (dup) continue;
    heads[nh++] = h;
    total += b.chain[h].stones;
  }
  return total;
}

// Would a stone of colour c at p take a liberty from an opponent chain, and the fewest
// distinct liberties such a chain has now (9 = none adjacent)?
template <class B>
inline int min_adjacent_opp_libs(const B& b, int p, int c) {
  int best = 9;
  for (int q : {p - 1, p + 1, p - b.stride, p + b.stride}) {
    if (b.color[q] != 3 - c) continue;
    const int h = b.head[q];
    if (in_atari(b, h)) return 1;
    int libs[3];
    const int n = chain_libs(b, h, libs, 3);
    if (n < best) best = n;
  }
  return best;
}

// Is p an eye of colour c: every neighbour is an own stone (not in atari) or the edge.
template <class B>
inline bool own_eye(const B& b, int p, int c) {
  for (int q : {p - 1, p + 1, p - b.stride, p + b.stride}) {
    const int col = b.color[q];
    if (col == kBorder) continue;
    if (col != c || in_atari(b, b.head[q])) return false;
  }
  return true;
}

}  // namespace oyin::capgo::tactics
