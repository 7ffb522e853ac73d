#pragma once
// The entries of the capture Go solver's two tables (solver_table.h): alpha-beta's bounds and
// proof-number search's numbers, with the packing of a move and a node count into a few bits.
#include <algorithm>
#include <bit>
#include <cstdint>

#include "games/capgo/board.h"

namespace oyin::capgo::solver {

// Alpha-beta over win / draw / loss: the bounds known for the side to move.
struct Entry {
  std::uint64_t key;
  std::int8_t lower, upper;
  std::uint16_t best;  // in the canonical orientation; 0 = none / pass
  std::uint32_t work;  // nodes spent below, the replacement priority
};

// Proof-number search entry: proof and disproof numbers for the side to move. 16 bytes, four
// to a 64-byte bucket: a probe is one cache line. The numbers are kept in 24 bits (the search's
// infinity, kInf, is the largest): the one-run 6x6 solve's root never passes 500,000.
// Smaller entries are a smaller table for the same search: on this VM the first touch of memory
// costs 3.5 s of system time a GB. With 20-byte entries (32-bit numbers, three to a bucket) the
// one-run 6x6 solve took 479.0 M nodes and 929.8 s CPU in 14 GB (52.3 s of it system time),
// 511.2 M in 8 GB; with these, 462.7 M nodes and 836.0 s CPU in 8 GB.
constexpr int kPnBits = 24, kBestBits = 10, kWorkBits = 6;
struct PnEntry {
  std::uint64_t key;
  std::uint64_t pn : kPnBits, dn : kPnBits;
  std::uint64_t best : kBestBits;  // in the canonical orientation, with the flag kUnzoned
  std::uint64_t work : kWorkBits;  // nodes spent below (compressed, see pack_work), the replacement priority
};
static_assert(sizeof(PnEntry) == 16);
// The most a PnEntry holds: proof-number search's infinity.
constexpr std::uint32_t kInf = (1u << kPnBits) - 1;

// PnEntry::best holds a point below 512 (kMaxPoints); its top bit marks an open node whose
// expansion found no zone (the opponent had no win in two), so a later expansion of the same
// position need not read that again: the zone depends on the position alone.
constexpr std::uint16_t kPointBits = 0x1FF, kUnzoned = kPointBits + 1;
static_assert(kMaxPoints <= kPointBits + 1 && (kPointBits | kUnzoned) < (1u << kBestBits));
// The entry's move (0 = none) and its flag, packed and read back. Only open nodes carry the
// flag: a proved node is never expanded again.
inline std::uint16_t pack_best(int canon_point, bool zoned, std::uint32_t pn, std::uint32_t dn) {
  return static_cast<std::uint16_t>(canon_point | (zoned || !pn || !dn ? 0 : kUnzoned));
}
inline int best_point(const PnEntry& e) { return static_cast<int>(e.best & kPointBits); }

// A node count in 6 bits, in order: exact below 2, then in half powers of two (2, 3, 4, 6, 8,
// 12...). Only its order counts (which entry a full bucket gives up).
inline std::uint16_t pack_work(std::uint64_t w) {
  if (w < 2) return static_cast<std::uint16_t>(w);
  const int b = static_cast<int>(std::bit_width(w));
  return static_cast<std::uint16_t>(std::min((1 << kWorkBits) - 1, 2 * b - 2 + static_cast<int>((w >> (b - 2)) & 1)));
}

// Proof and disproof numbers of a node, for its side to move.
struct PnPair {
  std::uint32_t pn, dn;
};

}  // namespace oyin::capgo::solver
