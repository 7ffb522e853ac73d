#include "search/capgo/playout.h"

#include <cstring>

#include "search/capgo/tactics.h"

namespace oyin::capgo {

using namespace tactics;

void FastBoard::init(const Position& pos) {
  size = pos.size;
  stride = pos.stride;
  npoints = pos.npoints;
  target[0] = pos.target[0];
  target[1] = pos.target[1];
  captures[0] = pos.captures[0];
  captures[1] = pos.captures[1];
  to_move = pos.to_move;
  passes = pos.passes;
  pass_allowed = pos.pass_allowed;
  ko = 0;
  last = 0;
  winner = -1;
  const auto n = static_cast<std::size_t>(npoints);
  std::memcpy(color.data(), pos.color.data(), n);
  std::memcpy(head.data(), pos.head.data(), n * sizeof(std::uint16_t));
  std::memcpy(next.data(), pos.next.data(), n * sizeof(std::uint16_t));
  std::memcpy(chain.data(), pos.chain.data(), n * sizeof(Chain));
  nempty = 0;
  natari = 0;
  track_atari = true;
  for (int p = stride + 1; p < npoints - stride; ++p) {
    if (color[p] == kEmpty) add_empty(p);
    else if ((color[p] == kBlack || color[p] == kWhite) && head[p] == p && in_atari(*this, p)) note_atari(p);
  }
  for (int s = 0; s < 2; ++s)
    if (target[s] && captures[s] >= target[s]) winner = s;
  if (winner < 0 && passes >= 2) winner = count_winner();
}

void FastBoard::add_empty(int p) {
  empty_at[p] = static_cast<std::uint16_t>(nempty);
  empty[nempty++] = static_cast<std::uint16_t>(p);
}

void FastBoard::remove_empty(int p) {
  const int i = empty_at[p];
  const int moved = empty[--nempty];
  empty[i] = static_cast<std::uint16_t>(moved);
  empty_at[moved] = static_cast<std::uint16_t>(i);
}

void FastBoard::note_atari(int h) {
  for (int i = 0; i < natari; ++i)
    if (atari[i] == h) return;
  if (natari < static_cast<int>(atari.size())) atari[natari++] = static_cast<std::uint16_t>(h);
}

bool FastBoard::legal(int p) const {
  if (p == ko) return false;
  const int c = to_move + 1;
  for (int q : {p - 1, p + 1, p - stride, p + stride}) {
    const int col = color[q];
    if (col == kEmpty) return true;
    if (col == kBorder) continue;
    if ((col == c) != in_atari(*this, head[q])) return true;
  }
  return false;
}

int FastBoard::remove_chain(int h) {
  const int n = chain[h].stones;
  int s = h;
  do {
    color[s] = kEmpty;
    add_empty(s);
    for (int t : {s - 1, s + 1, s - stride, s + stride})
      if (color[t] == kBlack || color[t] == kWhite) add_lib(chain[head[t]], s);
    s = next[s];
  } while (s != h);
  return n;
}

void FastBoard::play(int p) {
  const int c = to_move + 1;
  const int opp = 3 - c;
  remove_empty(p);
  color[p] = static_cast<std::uint8_t>(c);
  head[p] = next[p] = static_cast<std::uint16_t>(p);
  chain[p] = Chain{0, 1, 0, 0, 0};
  const int nb[4] = {p - 1, p + 1, p - stride, p + stride};
  for (int q : nb) {
    const int col = color[q];
    if (col == kEmpty) add_lib(chain[p], q);
    else if (col != kBorder) remove_lib(chain[head[q]], p);
  }
  for (int q : nb) {
    if (color[q] != c || head[q] == head[p]) continue;
    int a = head[p], b = head[q];
    if (chain[a].stones < chain[b].stones) std::swap(a, b);
    int s = b;
    do {
      head[s] = static_cast<std::uint16_t>(a);
      s = next[s];
    } while (s != b);
    std::swap(next[a], next[b]);
    chain[a].libs += chain[b].libs;
    chain[a].stones += chain[b].stones;
    chain[a].lib_sum += chain[b].lib_sum;
    chain[a].lib_sq += chain[b].lib_sq;
  }
  int captured = 0, cap_point = 0;
  for (int q : nb)
    if (color[q] == opp && chain[head[q]].libs == 0) {
      cap_point = q;
      captured += remove_chain(head[q]);
    }
  captures[to_move] += captured;
  const int h = head[p];
  ko = (captured == 1 && chain[h].stones == 1 && chain[h].libs == 1) ? cap_point : 0;
  if (track_atari) {
    for (int q : nb)
      if (color[q] == opp && in_atari(*this, head[q])) note_atari(head[q]);
    if (in_atari(*this, h)) note_atari(h);
  }
  last = p;
  passes = 0;
  if (target[to_move] && captures[to_move] >= target[to_move]) winner = to_move;
  to_move ^= 1;
}

void FastBoard::pass() {
  passes += 1;
  to_move ^= 1;
  ko = 0;
  last = 0;
  if (passes >= 2) winner = count_winner();
}

namespace {

// Uniform random over the empty points, starting anywhere and wrapping around.
template <class Accept>
int scan_empties(const FastBoard& b, Rng& rng, Accept&& accept) {
  const int n = b.nempty;
  if (n == 0) return 0;
  const int start = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
  for (int i = start; i < n; ++i)
    if (accept(b.empty[i])) return b.empty[i];
  for (int i = 0; i < start; ++i)
    if (accept(b.empty[i])) return b.empty[i];
  return 0;
}

int light_move(FastBoard& b, Rng& rng) {
  const int c = b.to_move + 1;
  if (int p = scan_empties(b, rng, [&](int q) { return b.legal(q) && !own_eye(b, q, c); })) return p;
  if (b.pass_allowed) return 0;
  if (int p = scan_empties(b, rng, [&](int q) { return b.legal(q); })) return p;
  return -1;
}

int full_move(FastBoard& b, Rng& rng) {
  const int me = b.to_move, c = me + 1, opp = 3 - c;
  int cap = 0, cap_size = 0;
  int threats[8], nthreats = 0;
  for (int i = 0; i < b.natari;) {
    const int h = b.atari[i];
    const int col = b.color[h];
    if ((col != kBlack && col != kWhite) || b.head[h] != h || !in_atari(b, h)) {
      b.atari[i] = b.atari[--b.natari];
      continue;
    }
    ++i;
    const int lib = atari_point(b, h);
    if (col == opp) {
      if (lib == b.ko) continue;
      const int sz = captured_by(b, lib, c);
      if (b.target[me] && b.captures[me] + sz >= b.target[me]) return lib;
      if (sz > cap_size) cap = lib, cap_size = sz;
    } else if (nthreats < 8) {
      threats[nthreats++] = h;
    }
  }
  // Save the threatened chains whose capture would hand the opponent the game (or any, when
  // there is no target: then stones are the count).
  for (int t = 0; t < nthreats; ++t) {
    const int h = threats[t];
    const int lib = atari_point(b, h);
    const int loss = captured_by(b, lib, opp);
    if (b.target[me ^ 1] && b.captures[me ^ 1] + loss < b.target[me ^ 1] && loss < 3) continue;
    int s = h;
    do {
      for (int q : {s - 1, s + 1, s - b.stride, s + b.stride})
        if (b.color[q] == opp && in_atari(b, b.head[q])) {
          const int l = atari_point(b, b.head[q]);
          if (l != b.ko) return l;
        }
      s = b.next[s];
    } while (s != h);
    if (b.legal(lib) && (captured_by(b, lib, c) > 0 || libs_after(b, lib, c, 2) >= 2)) return lib;
  }
  if (cap) return cap;
  // Pressure: atari the chain the opponent just played, when it has two liberties.
  if (b.last && b.color[b.last] == opp && (rng.next() & 1)) {
    int libs[3];
    const int n = chain_libs(b, b.head[b.last], libs, 3);
    if (n == 2) {
      const int first = static_cast<int>(rng.next() & 1);
      for (int k = 0; k < 2; ++k) {
        const int q = libs[(first + k) & 1];
        if (b.legal(q) && !self_atari(b, q, c)) return q;
      }
    }
  }
  int fallback = 0;
  if (int p = scan_empties(b, rng, [&](int q) {
        if (!b.legal(q) || own_eye(b, q, c)) return false;
        if (self_atari(b, q, c)) {
          if (!fallback) fallback = q;
          return false;
        }
        return true;
      }))
    return p;
  if (b.pass_allowed) return 0;
  if (fallback) return fallback;
  if (int p = scan_empties(b, rng, [&](int q) { return b.legal(q); })) return p;
  return -1;
}

}  // namespace

int policy_move(FastBoard& b, Policy policy, Rng& rng) {
  // Two passes end the game on the count: pass into a won count.
  if (b.passes == 1 && b.pass_allowed && b.captures[b.to_move] > b.captures[b.to_move ^ 1]) return 0;
  return policy == Policy::Light ? light_move(b, rng) : full_move(b, rng);
}

int playout(FastBoard& b, Policy policy, Rng& rng, int max_moves) {
  b.track_atari = policy == Policy::Full;
  for (int n = 0; b.winner < 0; ++n) {
    if (n >= max_moves) return b.count_winner();
    const int m = policy_move(b, policy, rng);
    if (m < 0) b.lose_on_no_move();
    else if (m == 0) b.pass();
    else b.play(m);
  }
  return b.winner;
}

}  // namespace oyin::capgo
