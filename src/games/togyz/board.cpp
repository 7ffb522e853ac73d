#include "games/togyz/board.h"

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
  // a single stone moves on to the next pit instead.
  p.pits[from] = 0;
  if (n == 1) {
    eff.landing = (from + 1) % kPits;
    p.pits[eff.landing] += 1;
  } else {
    if (const int laps = n / kPits)
      for (auto& c : p.pits) c = static_cast<std::uint8_t>(c + laps);
    const int rest = n % kPits;
    for (int j = 0, i = from; j < rest; ++j, i = (i + 1 == kPits ? 0 : i + 1)) ++p.pits[i];
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
    if (p.kazan[s] >= kWinKazan) return GameStatus::win(static_cast<Side>(s), "kazan over 81");
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
  if (final_kazan[0] == final_kazan[1]) return GameStatus::draw("atsyrau, 81:81");
  return GameStatus::win(final_kazan[0] > final_kazan[1] ? Side::First : Side::Second, "atsyrau");
}

int count_moves(const Position& p) {
  if (p.kazan[0] >= kWinKazan || p.kazan[1] >= kWinKazan) return 0;
  int n = 0;
  const int base = p.side * 9;
  for (int i = 0; i < 9; ++i) n += p.pits[base + i] != 0;
  return n;  // 0 means atsyrau: no children either
}

int count_replies(const Position& p, Move m) {
  Position q = p;
  make_move<false>(q, m);
  return count_moves(q);
}

}  // namespace oyin::togyz
