#include "games/tojmot/movegen.h"

namespace oyin::tojmot {

namespace {

// One bit per cell (89), in two words: the browser's WebAssembly has no 128-bit integers, and an
// unsigned __int128 shifted by a variable count is a library call there (docs/wasm.md "Speed").
struct Mask {
  std::uint64_t lo = 0, hi = 0;
  constexpr Mask operator&(Mask o) const { return {lo & o.lo, hi & o.hi}; }
  constexpr Mask& operator|=(Mask o) {
    lo |= o.lo;
    hi |= o.hi;
    return *this;
  }
  constexpr explicit operator bool() const { return (lo | hi) != 0; }
};
constexpr Mask bit(int c) { return c < 64 ? Mask{std::uint64_t{1} << c, 0} : Mask{0, std::uint64_t{1} << (c - 64)}; }
constexpr Mask kAll{~std::uint64_t{0}, ~std::uint64_t{0}};

bool romans_left(const Position& p, int side) {
  const auto& k = p.kinds[side];
  return k[kRomanII] | k[kRomanIII] | k[kRomanIV] | k[kRomanV] | k[kRomanVI] | k[kRomanVIII] | k[kRomanIX] |
         k[kRomanX];
}

bool ray_slider(int kind, int dir) {
  return kind == kSeven || (is_vertex_dir(dir) ? kind == kFour : kind == kEight);
}

// Can a piece of `side` (not its 1) end a move on `to`? Enemy zones never; its own zone only
// when own_pieces_in_zone is on.
bool may_land(const Position& p, int side, int to) {
  const int z = geometry().zone[to];
  return z < 0 || (z == side && p.rules.own_pieces_in_zone);
}

// What makes a move legal for the side to move besides its pattern.
struct Guard {
  int checkers = 0;
  Mask evasions = kAll;  // with one checker: capture it or block its ray
  Mask pinned;
  int pins = 0;
  std::uint8_t pin_cell[8]{};
  Mask pin_line[8]{};
  Mask allowed(int cell) const {
    if (!(pinned & bit(cell))) return evasions;
    for (int i = 0; i < pins; ++i)
      if (pin_cell[i] == cell) return evasions & pin_line[i];
    return evasions;
  }
};

Guard guard(const Position& p) {
  const Geometry& g = geometry();
  const int s = p.side, o = s ^ 1, k = p.one[s];
  const auto& ek = p.kinds[o];
  Guard gd;
  Mask evasions;
  auto hit = [&](int c) {
    ++gd.checkers;
    evasions = bit(c);
  };
  auto scan = [&](const Targets& t, int kind) {
    for (int c : t)
      if (p.board[c] == make_piece(kind, o)) hit(c);
  };
  for (int c : g.step8[k]) {
    const Piece q = p.board[c];
    if (q != kEmpty && colour_of(q) == o && (kind_of(q) == kNine || kind_of(q) == kOne)) hit(c);
  }
  if (ek[kTwo]) scan(g.vertex[k], kTwo);
  if (ek[kThree]) scan(g.leap3[k], kThree);
  if (ek[kFive]) scan(g.leap5[k], kFive);
  if (ek[kSix]) {
    scan(g.leap6[k], kSix);
    if (p.rules.piece6_both) scan(g.leap6b[k], kSix);
  }
  if (romans_left(p, o))
    for (int c : g.forward[s][k]) {
      const Piece q = p.board[c];
      if (q != kEmpty && colour_of(q) == o && is_roman(kind_of(q))) hit(c);
    }
  const bool vertex_sliders = ek[kFour] || ek[kSeven], edge_sliders = ek[kEight] || ek[kSeven];
  for (int d = 0; d < 8; ++d) {
    if (!(is_vertex_dir(d) ? vertex_sliders : edge_sliders)) continue;
    Mask line;
    int own = kNoCell;
    for (int c : g.ray[k][d]) {
      line |= bit(c);
      const Piece q = p.board[c];
      if (q == kEmpty) continue;
      if (colour_of(q) == s) {
        if (own != kNoCell) break;
        own = c;
        continue;
      }
      if (ray_slider(kind_of(q), d)) {
        if (own == kNoCell) {
          ++gd.checkers;
          evasions = line;
        } else {
          gd.pinned |= bit(own);
          gd.pin_cell[gd.pins] = static_cast<std::uint8_t>(own);
          gd.pin_line[gd.pins++] = line;
        }
      }
      break;
    }
  }
  if (gd.checkers == 1) gd.evasions = evasions;
  else if (gd.checkers > 1) gd.evasions = Mask{};
  return gd;
}

// Pushes the moves of the non-1 piece on `c` whose targets are in `allowed`.
void piece_moves(const Position& p, int c, Mask allowed, MoveList& list) {
  const Geometry& g = geometry();
  const int s = p.side;
  const int kind = kind_of(p.board[c]);
  auto target_ok = [&](int t) {
    const Piece q = p.board[t];
    if (q != kEmpty && (colour_of(q) == s || kind_of(q) == kOne)) return false;
    return (allowed & bit(t)) && may_land(p, s, t);
  };
  auto add = [&](int t) { list.push(Move{static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(t), 0}); };
  auto steps = [&](const Targets& ts) {
    for (int t : ts)
      if (target_ok(t)) add(t);
  };
  auto slide = [&](int d0, int d1) {
    for (int d = d0; d < d1; ++d)
      for (int t : g.ray[c][d]) {
        if (target_ok(t)) add(t);
        if (p.board[t] != kEmpty) break;
      }
  };
  switch (kind) {
    case kNine: steps(g.step8[c]); break;
    case kTwo: steps(g.vertex[c]); break;
    case kThree: steps(g.leap3[c]); break;
    case kFive: steps(g.leap5[c]); break;
    case kSix:
      steps(g.leap6[c]);
      if (p.rules.piece6_both) steps(g.leap6b[c]);
      break;
    case kFour: slide(0, 4); break;
    case kEight: slide(4, 8); break;
    case kSeven: slide(0, 8); break;
    default:  // Romans and X
      for (int t : g.forward[s][c]) {
        if (!target_ok(t)) continue;
        if (!g.promotes[s][t]) add(t);
        else if (kind == kRomanX)
          for (int v = kTwo; v <= kNine; ++v)
            list.push(Move{static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(t), static_cast<std::uint8_t>(v)});
        else
          list.push(Move{static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(t),
                         static_cast<std::uint8_t>(roman_value(kind))});
      }
  }
}

void one_moves(const Position& p, bool check_safety, MoveList& list) {
  const Geometry& g = geometry();
  const int s = p.side, o = s ^ 1, k = p.one[s];
  for (int t : g.step8[k]) {
    const Piece q = p.board[t];
    if (q != kEmpty && (colour_of(q) == s || kind_of(q) == kOne)) continue;
    if (g.zone[t] == o) continue;
    if (check_safety && attacked(p, t, o, k)) continue;
    list.push(Move{static_cast<std::uint8_t>(k), static_cast<std::uint8_t>(t), 0});
  }
}

}  // namespace

bool attacked(const Position& p, int cell, int by, int ignore) {
  const Geometry& g = geometry();
  const auto& ek = p.kinds[by];
  auto any = [&](const Targets& t, int kind) {
    for (int c : t)
      if (p.board[c] == make_piece(kind, by)) return true;
    return false;
  };
  for (int c : g.step8[cell]) {
    const Piece q = p.board[c];
    if (q != kEmpty && colour_of(q) == by && (kind_of(q) == kNine || kind_of(q) == kOne)) return true;
  }
  if (ek[kTwo] && any(g.vertex[cell], kTwo)) return true;
  if (ek[kThree] && any(g.leap3[cell], kThree)) return true;
  if (ek[kFive] && any(g.leap5[cell], kFive)) return true;
  if (ek[kSix] && (any(g.leap6[cell], kSix) || (p.rules.piece6_both && any(g.leap6b[cell], kSix)))) return true;
  if (romans_left(p, by))
    for (int c : g.forward[by ^ 1][cell]) {
      const Piece q = p.board[c];
      if (q != kEmpty && colour_of(q) == by && is_roman(kind_of(q))) return true;
    }
  const bool vertex_sliders = ek[kFour] || ek[kSeven], edge_sliders = ek[kEight] || ek[kSeven];
  for (int d = 0; d < 8; ++d) {
    if (!(is_vertex_dir(d) ? vertex_sliders : edge_sliders)) continue;
    for (int c : g.ray[cell][d]) {
      const Piece q = p.board[c];
      if (q == kEmpty || c == ignore) continue;
      if (colour_of(q) == by && ray_slider(kind_of(q), d)) return true;
      break;
    }
  }
  return false;
}

bool in_check(const Position& p) { return attacked(p, p.one[p.side], p.side ^ 1); }

void generate_moves(const Position& p, MoveList& list) {
  const Guard gd = guard(p);
  one_moves(p, true, list);
  if (gd.checkers > 1) return;
  const int s = p.side;
  for (int i = 0; i < p.count[s]; ++i) {
    const int c = p.list[s][i];
    if (kind_of(p.board[c]) == kOne) continue;
    piece_moves(p, c, gd.allowed(c), list);
  }
}

void generate_piece_moves(const Position& p, int cell, MoveList& list) {
  const Piece q = p.board[cell];
  if (q == kEmpty || colour_of(q) != p.side) return;
  if (kind_of(q) == kOne) one_moves(p, false, list);
  else piece_moves(p, cell, kAll, list);
}

int count_moves(const Position& p) {
  MoveList list;
  generate_moves(p, list);
  return static_cast<int>(list.size());
}

// Stops at the first legal move: status() is asked at every node of a search.
bool has_moves(const Position& p) {
  MoveList list;
  one_moves(p, true, list);
  if (!list.empty()) return true;
  const Guard gd = guard(p);
  if (gd.checkers > 1) return false;
  const int s = p.side;
  for (int i = 0; i < p.count[s]; ++i) {
    const int c = p.list[s][i];
    if (kind_of(p.board[c]) == kOne) continue;
    piece_moves(p, c, gd.allowed(c), list);
    if (!list.empty()) return true;
  }
  return false;
}

int repetitions(const Position& p) {
  int n = 1;
  const int h = static_cast<int>(p.history.size());
  const int back = std::min<int>(p.clock, h);
  for (int i = 2; i <= back; i += 2)
    if (p.history[h - i] == p.key) ++n;
  return n;
}

bool bare_ones(const Position& p) { return p.count[0] == 1 && p.count[1] == 1; }

GameStatus status(const Position& p) {
  if (!has_moves(p)) {
    if (in_check(p)) return GameStatus::win(other(p.side_to_move()), "mate", "mate");
    return GameStatus::draw("stalemate (pot)", "stalemate");
  }
  if (bare_ones(p)) return GameStatus::draw("bare 1 against bare 1", "bare_ones");
  if (p.rules.threefold && repetitions(p) >= 3) return GameStatus::draw("threefold repetition", "threefold");
  if (p.rules.fifty_move && p.clock >= 100)
    return GameStatus::draw("100 plies without a capture or a Roman move", "fifty_move");
  return GameStatus::ongoing();
}

}  // namespace oyin::tojmot
