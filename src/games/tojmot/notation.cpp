#include "games/tojmot/notation.h"

#include <cctype>

#include "core/text.h"
#include "games/tojmot/movegen.h"

namespace oyin::tojmot {

namespace {

const char* side_word(int s) { return s == kWhite ? "white" : "black"; }

std::string piece_desc(Piece q) {  // "black 8"
  return std::string(side_word(colour_of(q))) + " " + std::string(kind_name(kind_of(q)));
}

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

// After m: does it give check, and is it mate? Only the state is copied, never the history:
// this runs for every move written or read, and a copy of the history would make replaying a
// long game quadratic.
std::pair<bool, bool> check_and_mate(const Position& p, Move m) {
  Position q(static_cast<const PositionState&>(p));
  Undo u;
  play(q, m, u);
  const bool check = in_check(q);
  return {check, check && count_moves(q) == 0};
}

}  // namespace

std::string move_to_text(const Position&, Move m) {
  std::string s = cell_name_lower(m.from);
  s += cell_name_lower(m.to);
  if (m.promo) {
    s += '=';
    s += kind_name(m.promo);
  }
  return s;
}

std::string record_move_text(const Position& p, Move m) {
  std::string s(kind_name(kind_of(p.board[m.from])));
  s += cell_name(m.from);
  s += is_capture(p, m) ? 'x' : '-';
  s += cell_name(m.to);
  if (m.promo) {
    s += '=';
    s += kind_name(m.promo);
  }
  const auto [check, mate] = check_and_mate(p, m);
  if (mate) s += '#';
  else if (check) s += '+';
  return s;
}

Result<Move> parse_move(const Position& p, std::string_view text) {
  const std::string_view t = trim(text);
  auto bad = [&](const std::string& why) { return make_error("bad move '" + std::string(t) + "': " + why); };
  if (t.empty()) return make_error("empty move");
  const std::string syntax = "expected <from><to>[=piece] like l4l14 or f14e15=9, or a record move like 4L4xL14";
  std::string_view s = t;
  while (!s.empty() && (s.back() == '!' || s.back() == '?')) s.remove_suffix(1);
  char mark = 0;
  if (!s.empty() && (s.back() == '+' || s.back() == '#')) {
    mark = s.back();
    s.remove_suffix(1);
  }
  int promo = 0;
  if (const auto eq = s.find('='); eq != std::string_view::npos) {
    const std::string_view name = s.substr(eq + 1);
    promo = kind_from_name(name);
    if (promo < kTwo || promo > kNine) return bad("'=" + std::string(name) + "': a promotion is to a piece 2..9");
    s = s.substr(0, eq);
  }
  // A record move starts with the piece: an Arabic digit, or Roman letters up to the letter
  // of the from-cell, which is the one just before the first digit.
  std::string_view piece_text;
  if (!s.empty() && is_digit(s[0])) {
    if (s.size() < 2 || !is_alpha(s[1])) return bad(syntax);
    piece_text = s.substr(0, 1);
    s.remove_prefix(1);
  } else {
    const auto d = s.find_first_of("0123456789");
    if (d == std::string_view::npos || d == 0) return bad(syntax);
    piece_text = s.substr(0, d - 1);
    s.remove_prefix(d - 1);
  }
  std::size_t i = 1;
  while (i < s.size() && is_digit(s[i])) ++i;
  const std::string_view from_text = s.substr(0, i);
  char sep = 0;
  if (i < s.size() && (s[i] == '-' || s[i] == 'x' || s[i] == 'X' || s[i] == ':')) sep = s[i++];
  const std::string_view to_text = s.substr(i);
  if (to_text.size() < 2 || !is_alpha(to_text[0])) return bad(syntax);
  for (std::size_t k = 1; k < to_text.size(); ++k)
    if (!is_digit(to_text[k])) return bad(syntax);
  const int from = parse_cell(from_text), to = parse_cell(to_text);
  if (from == kNoCell) return bad("'" + std::string(from_text) + "' is not one of the 89 cells");
  if (to == kNoCell) return bad("'" + std::string(to_text) + "' is not one of the 89 cells");

  const Piece q = p.board[from];
  if (q == kEmpty) return bad("there is no piece on " + cell_name(from));
  if (colour_of(q) != p.side)
    return bad(cell_name(from) + " holds a " + piece_desc(q) + ", and it is " + side_word(p.side) + " to move");
  if (!piece_text.empty()) {
    const int k = kind_from_name(piece_text);
    if (k == kEmptyKind) return bad("unknown piece '" + std::string(piece_text) + "'");
    if (k != kind_of(q))
      return bad("the piece on " + cell_name(from) + " is a " + std::string(kind_name(kind_of(q))) + ", not a " +
                 std::string(kind_name(k)));
  }
  const std::string what = "the " + std::string(kind_name(kind_of(q))) + " on " + cell_name(from);
  MoveList legal;
  generate_moves(p, legal);
  Move found{};
  int candidates = 0, matches = 0;
  bool promotes = false;
  for (const Move& m : legal) {
    if (m.from != from || m.to != to) continue;
    ++candidates;
    promotes = m.promo != 0;
    if (promo && m.promo != promo) continue;
    found = m;
    ++matches;
  }
  if (candidates == 0) {
    MoveList pattern;
    generate_piece_moves(p, from, pattern);
    for (const Move& m : pattern)
      if (m.to == to)
        return bad(kind_of(q) == kOne ? "your 1 would be attacked on " + cell_name(to)
                                      : "it would leave your 1 in check");
    const Piece target = p.board[to];
    if (target != kEmpty && kind_of(target) == kOne && colour_of(target) != p.side)
      return bad("the 1 can never be captured");
    const int zone = geometry().zone[to];
    if (zone >= 0 && zone != p.side)
      return bad(cell_name(to) + " is in " + (zone == kWhite ? "White's" : "Black's") + " zone, which " +
                 side_word(p.side) + " pieces may not enter");
    if (zone == p.side && kind_of(q) != kOne && !p.rules.own_pieces_in_zone)
      return bad(cell_name(to) + " is in your own zone, which own_pieces_in_zone=0 closes to all but the 1");
    return bad(what + " cannot go to " + cell_name(to));
  }
  if (!promotes && promo) return bad("it is not a promotion");
  if (promotes && matches == 0)  // only a Roman can miss: the X may become any of 2..9
    return bad(std::string(kind_name(kind_of(q))) + " promotes to " + std::string(kind_name(roman_value(kind_of(q)))) +
               ", not " + std::string(kind_name(promo)));
  if (matches > 1)
    return bad("the X promotes on " + cell_name(to) + ": say which piece it becomes, e.g. " +
               move_to_text(p, Move{found.from, found.to, kSeven}));
  if (sep) {
    const bool capture = is_capture(p, found);
    if (sep == '-' && capture) return bad("'-' but it captures the " + piece_desc(p.board[to]) + " on " + cell_name(to));
    if (sep != '-' && !capture) return bad("'x' but " + cell_name(to) + " is empty");
  }
  if (mark) {
    const auto [check, mate] = check_and_mate(p, found);
    if (mark == '+' && !check) return bad("'+' but it gives no check");
    if (mark == '#' && !mate) return bad("'#' but it is not mate");
  }
  return found;
}

// ---------------------------------------------------------------- position string

std::string to_text(const Position& p) {
  std::string out = p.side == kWhite ? "w" : "b";
  for (int s = 0; s < 2; ++s) {
    out += s == kWhite ? " W:" : " B:";
    bool first = true;
    for (int c = 0; c < kCells; ++c) {
      const Piece q = p.board[c];
      if (q == kEmpty || colour_of(q) != s) continue;
      if (!first) out += ',';
      first = false;
      out += std::string(kind_name(kind_of(q))) + cell_name(c);
    }
  }
  return out + " " + std::to_string(p.clock) + " " + std::to_string(p.move_number);
}

Result<Position> validate(Position p) {
  const Geometry& g = geometry();
  for (int s = 0; s < 2; ++s) {
    const std::string who = side_word(s);
    const auto& k = p.kinds[s];
    if (k[kOne] == 0) return make_error("impossible position: " + who + " has no 1");
    if (k[kOne] > 1) {
      std::string where;
      for (int c = 0; c < kCells; ++c)
        if (p.board[c] == make_piece(kOne, s)) where += (where.empty() ? "" : " and ") + cell_name(c);
      return make_error("impossible position: " + who + " has two 1s (" + where + ")");
    }
    if (p.count[s] > kMaxPieces)
      return make_error("impossible position: " + who + " has " + std::to_string(p.count[s]) + " pieces, more than 18");
    for (int r = kRomanII; r < kRomanX; ++r)
      if (k[r] > 1)
        return make_error("impossible position: " + who + " has " + std::to_string(k[r]) + " Romans " +
                          std::string(kind_name(r)) + " (there is one)");
    if (k[kRomanX] > 2)
      return make_error("impossible position: " + who + " has " + std::to_string(k[kRomanX]) + " X (there are two)");
    // Each Arabic piece beyond the first of its value came from a promotion: of its own Roman
    // (if that Roman is gone) or of an X.
    int needed_x = 0;
    for (int v = kTwo; v <= kNine; ++v) {
      int extra = k[v] - 1;
      const int roman = roman_of_value(v);
      if (roman && k[roman] == 0) --extra;
      if (extra > 0) needed_x += extra;
    }
    if (needed_x > 2 - k[kRomanX])
      return make_error("impossible position: " + who + " has more promoted pieces than missing Romans and X");
  }
  for (int c = 0; c < kCells; ++c) {
    const Piece q = p.board[c];
    if (q == kEmpty) continue;
    const int s = colour_of(q);
    if (g.zone[c] >= 0 && g.zone[c] != s)
      return make_error("impossible position: " + piece_desc(q) + " on " + cell_name(c) + " is inside " +
                        (s == kWhite ? "Black's" : "White's") + " zone");
    if (g.zone[c] == s && kind_of(q) != kOne && !p.rules.own_pieces_in_zone)
      return make_error("impossible position: " + piece_desc(q) + " on " + cell_name(c) +
                        " is inside its own zone, which own_pieces_in_zone=0 forbids");
    if (is_roman(kind_of(q)) && g.promotes[s][c])
      return make_error("impossible position: " + piece_desc(q) + " on " + cell_name(c) + " should have promoted");
  }
  const int o = p.side ^ 1;
  if (attacked(p, p.one[o], p.side))
    return make_error(std::string("impossible position: ") + side_word(p.side) + " to move, but " + side_word(o) +
                      "'s 1 on " + cell_name(p.one[o]) + " is in check");
  if (p.move_number < 1) return make_error("move number must be at least 1");
  p.key = compute_hash(p);
  p.history.clear();
  return p;
}

Result<Position> parse_position(std::string_view text, const Rules& rules) {
  constexpr std::int64_t kMaxCount = 1'000'000'000;
  const auto fields = split_ws(text);
  auto bad = [](const std::string& why) { return make_error("bad position: " + why); };
  const std::string shape = "expected 'w|b W:<pieces> B:<pieces> [<clock> <move number>]'";
  if (fields.size() != 3 && fields.size() != 5)
    return bad(shape + ", got " + std::to_string(fields.size()) + " fields");
  Position p = empty_position(rules);
  const std::string side = to_lower(fields[0]);
  if (side == "w") p.side = kWhite;
  else if (side == "b") p.side = kBlack;
  else return bad("side to move must be w or b, got '" + std::string(fields[0]) + "'");
  bool seen[2] = {false, false};
  for (int f = 1; f <= 2; ++f) {
    const std::string_view list = fields[f];
    if (list.size() < 2 || list[1] != ':' || (std::toupper(static_cast<unsigned char>(list[0])) != 'W' &&
                                              std::toupper(static_cast<unsigned char>(list[0])) != 'B'))
      return bad(shape + "; '" + std::string(list) + "' is not a piece list");
    const int s = std::toupper(static_cast<unsigned char>(list[0])) == 'W' ? kWhite : kBlack;
    if (seen[s]) return bad(std::string("two ") + side_word(s) + " piece lists");
    seen[s] = true;
    for (std::string_view item : split(list.substr(2), ',', true)) {
      item = trim(item);
      std::size_t d = item.size();
      while (d > 0 && is_digit(item[d - 1])) --d;
      if (d < 2 || d == item.size() || !is_alpha(item[d - 1]))
        return bad("'" + std::string(item) + "' in the " + side_word(s) + " list is not <piece><cell> like 7G3 or VIIIE5");
      const std::string_view piece = item.substr(0, d - 1), cell_text = item.substr(d - 1);
      const int kind = kind_from_name(piece);
      if (kind == kEmptyKind)
        return bad("unknown piece '" + std::string(piece) + "' in '" + std::string(item) +
                   "' (pieces: 1..9, II III IV V VI VIII IX, X)");
      const int c = parse_cell(cell_text);
      if (c == kNoCell)
        return make_error("impossible position: " + std::string(side_word(s)) + " " + std::string(kind_name(kind)) +
                          " on " + std::string(cell_text) + ", which is not one of the 89 cells");
      if (p.board[c] != kEmpty) return make_error("impossible position: two pieces on " + cell_name(c));
      if (p.count[s] >= kMaxPieces)
        return make_error(std::string("impossible position: ") + side_word(s) + " has more than 18 pieces");
      p.put(c, make_piece(kind, s));
    }
  }
  if (fields.size() == 5) {
    const auto clock = parse_int(fields[3]);
    // Generous bounds: with the draw rules off a legal game may run to hundreds of thousands of
    // plies, and the text of any position it reaches must read back.
    if (!clock || *clock < 0 || *clock > kMaxCount) return bad("bad half-move clock '" + std::string(fields[3]) + "'");
    const auto number = parse_int(fields[4]);
    if (!number || *number < 1 || *number > kMaxCount) return bad("bad move number '" + std::string(fields[4]) + "'");
    p.clock = static_cast<std::uint32_t>(*clock);
    p.move_number = static_cast<std::uint32_t>(*number);
  }
  return validate(p);
}

// ---------------------------------------------------------------- rule options

Result<Rules> parse_rules(std::string_view text) {
  auto kv = parse_key_values(text);
  if (!kv) return make_error("bad rules: " + kv.error());
  Rules r;
  for (const auto& [key, value] : *kv) {
    bool* field = key == "own_pieces_in_zone" ? &r.own_pieces_in_zone
                  : key == "piece6_both"      ? &r.piece6_both
                  : key == "threefold"        ? &r.threefold
                  : key == "fifty_move"       ? &r.fifty_move
                                              : nullptr;
    if (!field)
      return make_error("unknown rule option '" + key +
                        "' (Tojmot has own_pieces_in_zone, piece6_both, threefold, fifty_move)");
    const auto b = parse_bool(value);
    if (!b) return make_error("rule option '" + key + "' wants 0/1 or false/true, got '" + value + "'");
    *field = *b;
  }
  return r;
}

std::string rules_to_text(const Rules& r) {
  auto b = [](bool v) { return v ? "1" : "0"; };
  return std::string("own_pieces_in_zone=") + b(r.own_pieces_in_zone) + ",piece6_both=" + b(r.piece6_both) +
         ",threefold=" + b(r.threefold) + ",fifty_move=" + b(r.fifty_move);
}

}  // namespace oyin::tojmot
