#pragma once
// The capture Go solver's table keys: a position's Zobrist key up to the 8 symmetries of the
// square (the least of the 8), kept incrementally down the tree, with the table region the
// stones of the side to move name (solver_table.h).
#ifdef __SSE4_2__
#include <nmmintrin.h>
#endif

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "games/capgo/board.h"
#include "search/capgo/solver_table.h"

namespace oyin::capgo::solver {

// The 8 symmetries of the square as point maps on the padded board, and their inverses.
struct Symmetries {
  int count = 1;
  std::vector<std::uint16_t> map[8];
  std::vector<std::uint16_t> inv[8];

  void build(const Position& pos, bool use) {
    const int n = pos.size;
    count = use ? 8 : 1;
    for (int t = 0; t < count; ++t) {
      map[t].assign(static_cast<std::size_t>(pos.npoints), 0);
      inv[t].assign(static_cast<std::size_t>(pos.npoints), 0);
      for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
          int a = x, b = y;
          if (t & 1) a = n - 1 - a;
          if (t & 2) b = n - 1 - b;
          if (t & 4) std::swap(a, b);
          map[t][static_cast<std::size_t>(pos.index(x, y))] = static_cast<std::uint16_t>(pos.index(a, b));
          inv[t][static_cast<std::size_t>(pos.index(a, b))] = static_cast<std::uint16_t>(pos.index(x, y));
        }
    }
  }
};

// The stones' Zobrist key seen through each symmetry, kept incrementally down the tree (before
// the first capture stones are only added, so a child's keys are the parent's xor one stone).
struct SymKeys {
  std::uint64_t k[8];     // all the stones
  std::uint64_t c[2][8];  // the stones of one colour (for the table region, see canonical())
  void add(const SymKeys& d) {
    for (int t = 0; t < 8; ++t) k[t] ^= d.k[t], c[0][t] ^= d.c[0][t], c[1][t] ^= d.c[1][t];
  }
};

class SymmetryKeys {
 public:
  SymmetryKeys(const Position& root, bool symmetry) {
    sym_.build(root, symmetry);
    symkey_.assign(8 * 2 * kMaxPoints, 0);
    for (int t = 0; t < sym_.count; ++t)
      for (int c = 0; c < 2; ++c)
        for (int p = 0; p < root.npoints; ++p)
          if (root.on_board(p)) symkey_[sym_index(t, c, p)] = stone_key(c, sym_.map[t][static_cast<std::size_t>(p)]);
  }

  // A point seen through symmetry t, and back.
  int to_canonical(int t, int p) const { return sym_.map[t][static_cast<std::size_t>(p)]; }
  int from_canonical(int t, int p) const { return sym_.inv[t][static_cast<std::size_t>(p)]; }

  void init_keys(const Position& pos, SymKeys& keys) const {
    keys = SymKeys{};
    for (int p = pos.stride + 1; p < pos.npoints - pos.stride; ++p) {
      const int c = pos.color[p];
      if (c == kBlack || c == kWhite) add_stone(keys, c - 1, p);
    }
  }
  void add_stone(SymKeys& keys, int color, int p) const {
    for (int t = 0; t < sym_.count; ++t) {
      const std::uint64_t s = sym_stone(t, color, p);
      keys.k[t] ^= s;
      keys.c[color][t] ^= s;
    }
  }
  // The keys of the child after the side to move puts a stone on p.
  SymKeys child(const SymKeys& keys, int color, int p) const {
    SymKeys c = keys;
    add_stone(c, color, p);
    return c;
  }

  // Canonical key of a table-eligible position, and the symmetry that produced it. Its top
  // kTableRegionBits name a region of the table by the stones of the side to move alone (Table keeps
  // a region's keys within a window of 2 MB): the children of a node all leave the same stones
  // to the side to move, so the fetches of their entries share one or two pages. The rest is the
  // position's key, mixed: the least of eight keys has small top bits, and as the bucket index
  // they had crowded the bottom of the table (a sixteenth of it held 50 times what another did).
  // On the one-run 6x6 solve the table kept 317 M entries instead of 262 M and the search took
  // 5.8 % fewer nodes; a node cost the same (2.2 us).
  std::uint64_t canonical(const Position& pos, const SymKeys& keys, int& which) const {
    std::uint64_t best = keys.k[0];
    which = 0;
    for (int t = 1; t < sym_.count; ++t)
      if (keys.k[t] < best) best = keys.k[t], which = t;
    return with_region(region(keys, pos.to_move), finish_key(pos, pos.to_move, best));
  }
  // The region bits of a position whose side to move is `to_move`: its stones, seen through
  // the symmetry that gives the least key (so mirror images share it), mixed.
  std::uint64_t region(const SymKeys& keys, int to_move) const {
    std::uint64_t least = keys.c[to_move][0];
    for (int t = 1; t < sym_.count; ++t) least = std::min(least, keys.c[to_move][t]);
    return mix(least ^ (to_move ? 0x5851F42D4C957F2Dull : 0)) & ~kKeyBits;
  }
  // canonical() of the position after the side to move puts a stone on p that captures nothing,
  // the other side to move, without making it. `region_bits`: region(keys, pos.to_move ^ 1),
  // the same for every child (the stone is not of the colour it reads).
  std::uint64_t child_key(const Position& pos, const SymKeys& keys, int p, std::uint64_t region_bits) const {
    const std::uint64_t* s = &symkey_[sym_index(0, pos.to_move, p)];
    std::uint64_t best = keys.k[0] ^ s[0];
    if (sym_.count == 8) best = least_of_xor8(keys.k, s);
    return with_region(region_bits, finish_key(pos, pos.to_move ^ 1, best));
  }

 private:
  Symmetries sym_;
  // [colour][point][t]: a stone's 8 keys side by side, so adding one is a short vector loop.
  std::vector<std::uint64_t> symkey_;

  static std::size_t sym_index(int t, int color, int p) {
    return (static_cast<std::size_t>(color) * kMaxPoints + static_cast<std::size_t>(p)) * 8 + static_cast<std::size_t>(t);
  }
  std::uint64_t sym_stone(int t, int color, int p) const { return symkey_[sym_index(t, color, p)]; }

  static constexpr std::uint64_t kKeyBits = ~std::uint64_t{0} >> kTableRegionBits;
  // A key from the region bits and a position's key (mixed first: the least of eight keys has
  // small top bits, and the bits kept must all count).
  static std::uint64_t with_region(std::uint64_t region_bits, std::uint64_t key) {
    return region_bits | (mix(key) & kKeyBits) | 1;
  }
  // One multiply (splitmix64's finalizer takes two): it runs for every child of every node.
  static std::uint64_t mix(std::uint64_t x) {
    x = (x ^ (x >> 32)) * 0xD6E8FEB86659FD93ull;
    return x ^ (x >> 32);
  }
  static std::uint64_t finish_key(const Position& pos, int to_move, std::uint64_t stones) {
    stones ^= to_move ? 0x9E3779B97F4A7C15ull : 0;
    stones ^= static_cast<std::uint64_t>(pos.passes) * 0xC2B2AE3D27D4EB4Full;
    stones ^= (static_cast<std::uint64_t>(pos.captures[0]) << 40) ^ (static_cast<std::uint64_t>(pos.captures[1]) << 50);
    return stones | 1;  // 0 marks an empty slot
  }
  // The least of a[t] ^ b[t] over t < 8: two keys at a time where SSE4.2 compares 64-bit lanes
  // (signed: the top bit is flipped for an unsigned order).
  static std::uint64_t least_of_xor8(const std::uint64_t* a, const std::uint64_t* b) {
#ifdef __SSE4_2__
    const __m128i flip = _mm_set1_epi64x(std::numeric_limits<std::int64_t>::min());
    auto pair = [&](int t) {
      return _mm_xor_si128(_mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + t)),
                                         _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + t))),
                           flip);
    };
    auto least = [](__m128i x, __m128i y) { return _mm_blendv_epi8(x, y, _mm_cmpgt_epi64(x, y)); };
    __m128i m = least(least(pair(0), pair(2)), least(pair(4), pair(6)));
    m = least(m, _mm_unpackhi_epi64(m, m));
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(m)) ^ (std::uint64_t{1} << 63);
#else
    std::uint64_t best = a[0] ^ b[0];
    for (int t = 1; t < 8; ++t) best = std::min(best, a[t] ^ b[t]);
    return best;
#endif
  }
};

}  // namespace oyin::capgo::solver
