#include "games/togyz/board.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "core/random.h"

namespace oyin::togyz {

namespace {

struct Keys {
  std::uint64_t pit[kPits][kStones + 1];
  std::uint64_t kazan[2][kStones + 1];
  std::uint64_t tuzdyk[2][kPits + 1];  // [side][pit + 1]; slot 0 = no tuzdyk
  std::uint64_t black_to_move;
};

const Keys& keys() {
  static const Keys k = [] {
    Keys t{};
    std::uint64_t seed = 0x70677A4B756D616CULL;  // fixed: hashes are stable between runs
    for (auto& row : t.pit)
      for (auto& v : row) v = splitmix64(seed);
    for (auto& row : t.kazan)
      for (auto& v : row) v = splitmix64(seed);
    for (auto& row : t.tuzdyk)
      for (auto& v : row) v = splitmix64(seed);
    t.black_to_move = splitmix64(seed);
    return t;
  }();
  return k;
}

// Forces the key table to exist before any thread uses it.
[[maybe_unused]] const Keys& keys_init = keys();

// The 18 pits seen as two 64-bit words and a 16-bit tail (bytes in pit order).
struct PitWords {
  std::uint64_t lo, hi;
  std::uint16_t tail;
};

inline PitWords load_words(const Position& p) {
  PitWords w;
  std::memcpy(&w.lo, p.pits.data(), 8);
  std::memcpy(&w.hi, p.pits.data() + 8, 8);
  std::memcpy(&w.tail, p.pits.data() + 16, 2);
  return w;
}

inline void store_words(Position& p, const PitWords& w) {
  std::memcpy(p.pits.data(), &w.lo, 8);
  std::memcpy(p.pits.data() + 8, &w.hi, 8);
  std::memcpy(p.pits.data() + 16, &w.tail, 2);
}

// One extra stone in each of the `rest` pits from `from` on (cyclically): m[from][rest].
struct SowMask {
  std::uint64_t lo = 0, hi = 0;
  std::uint16_t tail = 0;
};
struct SowMasks {
  SowMask m[kPits][kPits];
};

const SowMasks& sow_masks() {
  static const SowMasks t = [] {
    SowMasks s{};
    for (int from = 0; from < kPits; ++from)
      for (int rest = 0; rest < kPits; ++rest) {
        std::uint8_t bytes[kPits] = {};
        for (int k = 0; k < rest; ++k) bytes[(from + k) % kPits] = 1;
        std::memcpy(&s.m[from][rest].lo, bytes, 8);
        std::memcpy(&s.m[from][rest].hi, bytes + 8, 8);
        std::memcpy(&s.m[from][rest].tail, bytes + 16, 2);
      }
    return s;
  }();
  return t;
}
[[maybe_unused]] const SowMasks& sow_masks_init = sow_masks();

// Bit i set when pit i holds stones.
inline unsigned nonempty_mask(const Position& p) {
  const PitWords w = load_words(p);
  auto bits8 = [](std::uint64_t x) -> unsigned {
    const std::uint64_t hi = (((x & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | x) & 0x8080808080808080ULL;
    return static_cast<unsigned>(((hi >> 7) * 0x0102040810204080ULL) >> 56);
  };
  return bits8(w.lo) | (bits8(w.hi) << 8) | (unsigned(w.tail & 0xFF ? 1 : 0) << 16) |
         (unsigned(w.tail >> 8 ? 1 : 0) << 17);
}

// Whether some pit of `side`'s row holds at least t stones (1 <= t <= 128), without a loop.
inline bool row_has_at_least(const Position& p, int side, int t) {
  const PitWords w = load_words(p);
  const std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  const std::uint64_t add = static_cast<std::uint64_t>(128 - t) * ones;
  // High bit of each byte: set when the pit has >= t stones (or >= 128, which is >= t too).
  auto ge = [&](std::uint64_t x) { return (((x & ~highs) + add) | x) & highs; };
  const std::uint64_t lo = ge(w.lo), hi = ge(w.hi), tail = ge(w.tail) & 0x8080;
  if (side == 0) return lo || (hi & 0x80);
  return (hi & ~0x80ULL) || tail;
}

}  // namespace

int Position::landing(Move m) const {
  const int from = side * 9 + m.pit;
  const int n = pits[from];
  return n == 1 ? (from + 1) % kPits : (from + n - 1) % kPits;
}

std::uint64_t compute_hash(const Position& p) {
  const Keys& k = keys();
  std::uint64_t h = 0;
  for (int i = 0; i < kPits; ++i) h ^= k.pit[i][p.pits[i]];
  for (int s = 0; s < 2; ++s) {
    h ^= k.kazan[s][p.kazan[s]];
    h ^= k.tuzdyk[s][p.tuzdyk[s] + 1];
  }
  if (p.side) h ^= k.black_to_move;
  return h;
}

Position start_position() {
  Position p;
  p.pits.fill(9);
  p.key = compute_hash(p);
  return p;
}

template <bool UpdateHash>
MoveEffect make_move(Position& p, Move m) {
  const Keys& k = keys();
  const int s = p.side;
  const int from = s * 9 + m.pit;
  const int n = p.pits[from];
  const auto before = p.pits;
  const auto kazan_before = p.kazan;
  MoveEffect eff;

  // Sowing n stones over offsets 0..n-1 from the start pit (the first stone goes back into it);
  // a single stone moves on to the next pit instead. Pit counts never exceed 162, so the bytes
  // can be added as whole 64-bit words without carries between pits.
  p.pits[from] = 0;
  if (n == 1) {
    eff.landing = from + 1 == kPits ? 0 : from + 1;
    p.pits[eff.landing] += 1;
  } else {
    const SowMask& add = sow_masks().m[from][n % kPits];
    const std::uint64_t laps = static_cast<std::uint64_t>(n / kPits) * 0x0101010101010101ULL;
    PitWords w = load_words(p);
    w.lo += add.lo + laps;
    w.hi += add.hi + laps;
    w.tail = static_cast<std::uint16_t>(w.tail + add.tail + (laps & 0xFFFF));
    store_words(p, w);
    eff.landing = (from + n - 1) % kPits;
  }
  // Stones that fell into a tuzdyk belong to its owner's kazan (tuzdyk pits are always empty).
  for (int t = 0; t < 2; ++t) {
    const int tz = p.tuzdyk[t];
    if (tz >= 0 && p.pits[tz]) {
      p.kazan[t] = static_cast<std::uint8_t>(p.kazan[t] + p.pits[tz]);
      p.pits[tz] = 0;
    }
  }
  const int l = eff.landing;
  if (l / 9 != s && p.tuzdyk_owner(l) < 0) {
    const int c = p.pits[l];
    if (c % 2 == 0) {
      eff.captured = c;
      p.kazan[s] = static_cast<std::uint8_t>(p.kazan[s] + c);
      p.pits[l] = 0;
    } else if (c == 3 && p.tuzdyk[s] == kNoTuzdyk && l % 9 != 8 &&
               (p.tuzdyk[1 - s] == kNoTuzdyk || p.tuzdyk[1 - s] % 9 != l % 9)) {
      eff.tuzdyk = true;
      if constexpr (UpdateHash) p.key ^= k.tuzdyk[s][0] ^ k.tuzdyk[s][l + 1];
      p.tuzdyk[s] = static_cast<std::int8_t>(l);
      p.kazan[s] = static_cast<std::uint8_t>(p.kazan[s] + 3);
      p.pits[l] = 0;
    }
  }
  if constexpr (UpdateHash) {
    for (int i = 0; i < kPits; ++i)
      if (before[i] != p.pits[i]) p.key ^= k.pit[i][before[i]] ^ k.pit[i][p.pits[i]];
    for (int t = 0; t < 2; ++t)
      if (kazan_before[t] != p.kazan[t]) p.key ^= k.kazan[t][kazan_before[t]] ^ k.kazan[t][p.kazan[t]];
    p.key ^= k.black_to_move;
  }
  if (s == 1) ++p.move_number;
  p.side = static_cast<std::uint8_t>(1 - s);
  return eff;
}

template MoveEffect make_move<true>(Position&, Move);
template MoveEffect make_move<false>(Position&, Move);

GameStatus status(const Position& p) {
  for (int s = 0; s < 2; ++s)
    if (p.kazan[s] >= kWinKazan) return GameStatus::win(static_cast<Side>(s), "kazan over 81", "kazan", p.kazan[0], p.kazan[1]);
  const int mover = p.side;
  int own = 0, other = 0;
  for (int i = 0; i < 9; ++i) {
    own += p.pits[mover * 9 + i];
    other += p.pits[(1 - mover) * 9 + i];
  }
  if (own > 0) return GameStatus::ongoing();
  // Atsyrau: the side to move is empty; the other side sweeps its stones into its own kazan.
  int final_kazan[2] = {p.kazan[0], p.kazan[1]};
  final_kazan[1 - mover] += other;
  if (final_kazan[0] == final_kazan[1]) return GameStatus::draw("atsyrau, 81:81", "atsyrau", final_kazan[0], final_kazan[1]);
  return GameStatus::win(final_kazan[0] > final_kazan[1] ? Side::First : Side::Second, "atsyrau", "atsyrau",
                         final_kazan[0], final_kazan[1]);
}

int count_moves(const Position& p) {
  if (p.kazan[0] >= kWinKazan || p.kazan[1] >= kWinKazan) return 0;
  return std::popcount(nonempty_mask(p) & (0x1FFu << (p.side * 9)));  // 0 = atsyrau: no children
}

namespace {

// Where the stones of a pit with n stones go: every pit gets `laps`, the pits in `partial` one
// more; the last stone lands in `landing`.
struct Reach {
  std::uint32_t partial;
  std::uint32_t reached;       // pits that get at least one stone
  std::uint8_t laps;
  std::uint8_t landing;
  std::uint8_t landing_hits;   // stones the landing pit receives
  std::uint8_t landing_number; // landing % 9
};
struct ReachTable {
  Reach r[kPits][kStones + 1];
};

const ReachTable& reach_table() {
  static const ReachTable t = [] {
    ReachTable rt{};
    for (int from = 0; from < kPits; ++from)
      for (int n = 1; n <= kStones; ++n) {
        Reach& r = rt.r[from][n];
        if (n == 1) {
          r.landing = static_cast<std::uint8_t>((from + 1) % kPits);
          r.partial = r.reached = 1u << r.landing;
        } else {
          r.laps = static_cast<std::uint8_t>(n / kPits);
          r.landing = static_cast<std::uint8_t>((from + n - 1) % kPits);
          for (int k = 0; k < n % kPits; ++k) r.partial |= 1u << ((from + k) % kPits);
          r.reached = r.laps ? (1u << kPits) - 1 : r.partial;
        }
        r.landing_hits = static_cast<std::uint8_t>(n == 1 ? 1 : (n - 1) / kPits + 1);
        r.landing_number = static_cast<std::uint8_t>(r.landing % 9);
      }
    return rt;
  }();
  return t;
}
[[maybe_unused]] const ReachTable& reach_table_init = reach_table();

}  // namespace

int count_replies(const Position& p, Move m) {
  // The children of the position after m are the opponent's non-empty pits, unless a kazan
  // passes 81. All of it follows from which pits the sowing reaches, so m is not played.
  const int s = p.side, o = 1 - s;
  const int from = s * 9 + m.pit;
  const Reach& r = reach_table().r[from][p.pits[from]];
  const unsigned orow = 0x1FFu << (o * 9);
  const unsigned reached = r.laps ? (1u << kPits) - 1 : r.partial;
  auto hits = [&](int j) -> int { return r.laps + ((r.partial >> j) & 1); };
  int kazan_s = p.kazan[s], kazan_o = p.kazan[o];
  unsigned after = nonempty_mask(p) | reached;
  const int tz_s = p.tuzdyk[s], tz_o = p.tuzdyk[o];
  if (tz_s >= 0) {
    kazan_s += hits(tz_s);
    after &= ~(1u << tz_s);
  }
  if (tz_o >= 0) kazan_o += hits(tz_o);
  const int landing = r.landing;
  if ((orow >> landing) & 1 && landing != tz_s) {
    const int c = p.pits[landing] + hits(landing);
    if (c % 2 == 0) {
      kazan_s += c;
      after &= ~(1u << landing);
    } else if (c == 3 && tz_s == kNoTuzdyk && landing % 9 != 8 &&
               (tz_o == kNoTuzdyk || tz_o % 9 != landing % 9)) {
      kazan_s += 3;
      after &= ~(1u << landing);
    }
  }
  if (kazan_s >= kWinKazan || kazan_o >= kWinKazan) return 0;
  return std::popcount(after & orow);
}

std::uint64_t count_grandchildren(const Position& p) {
  if (p.kazan[0] >= kWinKazan || p.kazan[1] >= kWinKazan) return 0;
  const int s = p.side, o = 1 - s;
  const unsigned orow = 0x1FFu << (o * 9);
  const unsigned mask = nonempty_mask(p);
  if ((mask & (0x1FFu << (s * 9))) == 0) return 0;  // atsyrau: the game is over
  const int tz_s = p.tuzdyk[s], tz_o = p.tuzdyk[o];
  const unsigned tzbit_s = tz_s >= 0 ? 1u << tz_s : 0, tzbit_o = tz_o >= 0 ? 1u << tz_o : 0;
  const unsigned open = orow & ~tzbit_s;  // opponent pits that can hold stones
  const unsigned base = mask & open;
  // The mover may make a tuzdyk on pit number k (0-based) of the opponent's row.
  unsigned tuzdyk_ok = tz_s == kNoTuzdyk ? 0xFFu : 0;
  if (tz_o != kNoTuzdyk) tuzdyk_ok &= ~(1u << (tz_o % 9));
  // Unless a kazan could pass 81 in one move, the kazan bookkeeping is skipped: a move adds at
  // most the landing pit plus its hits to the mover and one lap plus one stone to each tuzdyk.
  // A pit with 18+ stones laps the board: then up to 10 hits per pit, else 1.
  const int most_hits = row_has_at_least(p, s, kPits) ? kStones / kPits + 1 : 1;
  const int room = kWinKazan - p.kazan[s] - 2 * most_hits;  // what a capture may add safely
  const bool safe = room > 0 && !row_has_at_least(p, o, room) && p.kazan[o] + most_hits < kWinKazan;
  if (safe) {
    std::uint64_t total = 0;
    for (unsigned own = (mask >> (s * 9)) & 0x1FFu; own; own &= own - 1) {
      const int from = s * 9 + std::countr_zero(own);
      const Reach& r = reach_table().r[from][p.pits[from]];
      const unsigned lbit = 1u << r.landing;
      const unsigned c = p.pits[r.landing] + r.landing_hits;
      const unsigned take = ((lbit & open) != 0) &
                            (((c & 1) == 0) | ((c == 3) & ((tuzdyk_ok >> r.landing_number) & 1)));
      total += static_cast<unsigned>(std::popcount((base | r.reached) & open & ~(lbit & (0u - take))));
    }
    return total;
  }
  const unsigned has_tz_s = tzbit_s != 0, has_tz_o = tzbit_o != 0;
  const unsigned kazan_s0 = p.kazan[s], kazan_o0 = p.kazan[o];
  const ReachTable& table = reach_table();
  std::uint64_t total = 0;
  // Branch-free per move: the data decide too randomly for the branch predictor.
  for (unsigned own = (mask >> (s * 9)) & 0x1FFu; own; own &= own - 1) {
    const int from = s * 9 + std::countr_zero(own);
    const Reach& r = table.r[from][p.pits[from]];
    unsigned after = (base | r.reached) & open;
    const unsigned lbit = 1u << r.landing;
    const unsigned c = p.pits[r.landing] + r.landing_hits;
    const unsigned take = ((lbit & open) != 0) &
                          (((c & 1) == 0) | ((c == 3) & ((tuzdyk_ok >> r.landing_number) & 1)));
    after &= ~(lbit & (0u - take));
    // Kazans after the move: the capture plus what fell into each tuzdyk.
    const unsigned kazan_s = kazan_s0 + take * c + has_tz_s * (r.laps + ((r.partial & tzbit_s) != 0));
    const unsigned kazan_o = kazan_o0 + has_tz_o * (r.laps + ((r.partial & tzbit_o) != 0));
    const unsigned ongoing = (kazan_s < kWinKazan) & (kazan_o < kWinKazan);
    total += static_cast<unsigned>(std::popcount(after)) & (0u - ongoing);
  }
  return total;
}

bool game_over(const Position& p) {
  return p.kazan[0] >= kWinKazan || p.kazan[1] >= kWinKazan ||
         (nonempty_mask(p) & (0x1FFu << (p.side * 9))) == 0;
}

}  // namespace oyin::togyz
