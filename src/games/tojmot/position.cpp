#include "games/tojmot/position.h"

#include "core/random.h"

namespace oyin::tojmot {

namespace {

struct Keys {
  std::uint64_t piece[kPieceCodes][kCells];
  std::uint64_t black_to_move;
};

const Keys& keys() {
  static const Keys k = [] {
    Keys t{};
    std::uint64_t seed = 0x546F6A6D6F742121ULL;  // fixed: hashes are stable between runs
    for (auto& row : t.piece)
      for (auto& v : row) v = splitmix64(seed);
    t.black_to_move = splitmix64(seed);
    return t;
  }();
  return k;
}

[[maybe_unused]] const Keys& keys_init = keys();

struct Placement {
  const char* cell;
  int kind;
};

// The start position (rules: "Starting position").
constexpr Placement kWhiteStart[] = {
    {"G1", kOne},       {"E3", kRomanX},   {"G3", kSeven},     {"I3", kRomanX},   {"B4", kTwo},
    {"D4", kFive},      {"F4", kEight},    {"H4", kNine},      {"J4", kSix},      {"L4", kFour},
    {"N4", kThree},     {"A5", kRomanII},  {"C5", kRomanV},    {"E5", kRomanVIII}, {"G5", kRomanIX},
    {"I5", kRomanVI},   {"K5", kRomanIV},  {"M5", kRomanIII}};
constexpr Placement kBlackStart[] = {
    {"G17", kOne},      {"E15", kRomanX},  {"G15", kSeven},    {"I15", kRomanX},  {"N14", kTwo},
    {"L14", kFive},     {"J14", kEight},   {"H14", kNine},     {"F14", kSix},     {"D14", kFour},
    {"B14", kThree},    {"M13", kRomanII}, {"K13", kRomanV},   {"I13", kRomanVIII}, {"G13", kRomanIX},
    {"E13", kRomanVI},  {"C13", kRomanIV}, {"A13", kRomanIII}};

}  // namespace

void Position::put(int cell, Piece p) {
  const int s = colour_of(p);
  board[cell] = p;
  slot[cell] = count[s];
  list[s][count[s]++] = static_cast<std::uint8_t>(cell);
  ++kinds[s][kind_of(p)];
  if (kind_of(p) == kOne) one[s] = static_cast<std::uint8_t>(cell);
  key ^= keys().piece[p][cell];
}

Position empty_position(const Rules& rules) {
  Position p;
  p.rules = rules;
  p.key = compute_hash(p);
  return p;
}

Position start_position(const Rules& rules) {
  Position p = empty_position(rules);
  for (const auto& [cell, kind] : kWhiteStart) p.put(parse_cell(cell), make_piece(kind, kWhite));
  for (const auto& [cell, kind] : kBlackStart) p.put(parse_cell(cell), make_piece(kind, kBlack));
  return p;
}

std::uint64_t compute_hash(const Position& p) {
  const Keys& k = keys();
  std::uint64_t h = p.side == kBlack ? k.black_to_move : 0;
  for (int c = 0; c < kCells; ++c)
    if (p.board[c] != kEmpty) h ^= k.piece[p.board[c]][c];
  return h;
}

void play(Position& p, Move m, Undo& u) {
  const Keys& k = keys();
  const int s = p.side, o = s ^ 1;
  const Piece moved = p.board[m.from];
  const Piece captured = p.board[m.to];
  u.moved = moved;
  u.captured = captured;
  u.clock = p.clock;
  u.key = p.key;
  p.history.push_back(p.key);
  if (captured != kEmpty) {
    // Swap the last piece of the list into the captured one's slot; undo reverses it exactly.
    const int sl = p.slot[m.to];
    u.captured_slot = static_cast<std::uint8_t>(sl);
    const std::uint8_t last = p.list[o][--p.count[o]];
    p.list[o][sl] = last;
    p.slot[last] = static_cast<std::uint8_t>(sl);
    --p.kinds[o][kind_of(captured)];
    p.key ^= k.piece[captured][m.to];
  }
  Piece placed = moved;
  if (m.promo) {
    placed = make_piece(m.promo, s);
    --p.kinds[s][kind_of(moved)];
    ++p.kinds[s][m.promo];
  }
  p.board[m.from] = kEmpty;
  p.board[m.to] = placed;
  p.slot[m.to] = p.slot[m.from];
  p.list[s][p.slot[m.to]] = m.to;
  p.key ^= k.piece[moved][m.from] ^ k.piece[placed][m.to] ^ k.black_to_move;
  if (kind_of(moved) == kOne) p.one[s] = m.to;
  p.clock = (captured != kEmpty || is_roman(kind_of(moved))) ? 0 : p.clock + 1;
  if (s == kBlack) ++p.move_number;
  p.side = static_cast<std::uint8_t>(o);
}

void undo(Position& p, Move m, const Undo& u) {
  const int o = p.side, s = o ^ 1;
  p.side = static_cast<std::uint8_t>(s);
  if (s == kBlack) --p.move_number;
  if (m.promo) {
    --p.kinds[s][m.promo];
    ++p.kinds[s][kind_of(u.moved)];
  }
  p.board[m.from] = u.moved;
  p.slot[m.from] = p.slot[m.to];
  p.list[s][p.slot[m.from]] = m.from;
  if (kind_of(u.moved) == kOne) p.one[s] = m.from;
  p.board[m.to] = u.captured;
  if (u.captured != kEmpty) {
    const int sl = u.captured_slot;
    const std::uint8_t displaced = p.list[o][sl];
    p.list[o][p.count[o]] = displaced;
    p.slot[displaced] = p.count[o];
    ++p.count[o];
    p.list[o][sl] = m.to;
    p.slot[m.to] = static_cast<std::uint8_t>(sl);
    ++p.kinds[o][kind_of(u.captured)];
  }
  p.clock = u.clock;
  p.key = u.key;
  p.history.pop_back();
}

void play_null(Position& p, Undo& u) {
  u.clock = p.clock;
  u.key = p.key;
  p.history.push_back(p.key);
  p.key ^= keys().black_to_move;
  p.side ^= 1;
  p.clock = 0;
}

void undo_null(Position& p, const Undo& u) {
  p.side ^= 1;
  p.clock = u.clock;
  p.key = u.key;
  p.history.pop_back();
}

}  // namespace oyin::tojmot
