#include "games/togyz/notation.h"

#include <cctype>

#include "core/text.h"

namespace oyin::togyz {

namespace {

std::string digit(int global_pit) { return std::string(1, static_cast<char>('1' + global_pit % 9)); }

}  // namespace

std::string move_to_text(const Position& p, Move m) {
  Position q = p;
  const MoveEffect e = make_move<false>(q, m);
  return std::to_string(m.pit + 1) + digit(e.landing) + (e.tuzdyk ? "x" : "");
}

std::string record_move_text(const Position& p, Move m) {
  Position q = p;
  const MoveEffect e = make_move<false>(q, m);
  std::string s = std::to_string(m.pit + 1) + digit(e.landing);
  if (e.tuzdyk) s += "X";
  else if (e.captured) {
    s += '(';
    s += std::to_string(q.kazan[p.side]);
    s += ')';
  }
  return s;
}

Result<Move> parse_move(const Position& p, std::string_view text) {
  const std::string_view t = trim(text);
  auto bad = [&](const std::string& why) {
    return make_error("bad move '" + std::string(t) + "': " + why);
  };
  if (t.empty()) return make_error("empty move");
  if (t[0] < '1' || t[0] > '9') return bad("expected a pit number 1..9 first");
  const Move m{static_cast<std::uint8_t>(t[0] - '1')};
  if (p.pits[p.side * 9 + m.pit] == 0) return bad("pit " + std::string(1, t[0]) + " is empty");
  Position q = p;
  const MoveEffect e = make_move<false>(q, m);
  std::size_t i = 1;
  if (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) {
    if (t[i] == '0') return bad("pit numbers are 1..9");
    if (t[i] - '1' != e.landing % 9)
      return bad("the last stone lands in pit " + digit(e.landing) + ", not " + std::string(1, t[i]));
    ++i;
  }
  bool marked = false;
  if (i < t.size() && (t[i] == 'x' || t[i] == 'X')) {
    marked = true;
    ++i;
  }
  if (marked && !e.tuzdyk) return bad("it does not make a tuzdyk");
  if (i < t.size() && t[i] == '(') {
    const auto close = t.find(')', i);
    if (close == std::string_view::npos) return bad("unclosed '('");
    const auto total = parse_int(t.substr(i + 1, close - i - 1));
    if (!total) return bad("expected a kazan total in brackets");
    if (*total != q.kazan[p.side])
      return bad("kazan total after it is " + std::to_string(q.kazan[p.side]) + ", not " +
                 std::to_string(*total));
    i = close + 1;
  }
  if (i != t.size()) return bad("unexpected '" + std::string(t.substr(i)) + "'");
  return m;
}

// ---------------------------------------------------------------- FEN

std::string to_fen(const Position& p) {
  auto row = [&](int side, bool reversed) {
    std::string out;
    int run = 0;
    auto flush = [&] {
      if (run) {
        if (!out.empty()) out += ',';
        out += std::to_string(run);
        run = 0;
      }
    };
    for (int k = 0; k < 9; ++k) {
      const int i = side * 9 + (reversed ? 8 - k : k);
      if (p.tuzdyk_owner(i) >= 0) {
        flush();
        if (!out.empty()) out += ',';
        out += 't';
      } else if (p.pits[i] == 0) {
        ++run;
      } else {
        flush();
        if (!out.empty()) out += ',';
        out += std::to_string(p.pits[i]) + "S";
      }
    }
    flush();
    return out;
  };
  return row(1, true) + "/" + row(0, false) + " " + std::to_string(p.kazan[0]) + " " +
         std::to_string(p.kazan[1]) + " " + (p.side == 0 ? "S" : "N") + " " +
         std::to_string(p.move_number);
}

Result<Position> validate(Position p) {
  int total = p.kazan[0] + p.kazan[1];
  for (int i = 0; i < kPits; ++i) total += p.pits[i];
  if (total != kStones)
    return make_error("impossible position: " + std::to_string(total) + " stones instead of 162");
  for (int s = 0; s < 2; ++s) {
    const int tz = p.tuzdyk[s];
    if (tz == kNoTuzdyk) continue;
    if (tz / 9 == s) return make_error("impossible position: a tuzdyk on its owner's own row");
    if (tz % 9 == 8) return make_error("impossible position: a tuzdyk on pit 9");
    if (p.pits[tz] != 0) return make_error("impossible position: stones in a tuzdyk");
  }
  if (p.tuzdyk[0] != kNoTuzdyk && p.tuzdyk[1] != kNoTuzdyk && p.tuzdyk[0] % 9 == p.tuzdyk[1] % 9)
    return make_error("impossible position: both tuzdyks have the number " +
                      std::to_string(p.tuzdyk[0] % 9 + 1));
  if (p.move_number < 1) return make_error("move number must be at least 1");
  p.key = compute_hash(p);
  return p;
}

Result<Position> parse_fen(std::string_view fen) {
  const auto fields = split_ws(fen);
  auto bad = [&](const std::string& why) { return make_error("bad FEN: " + why); };
  if (fields.size() != 5)
    return bad("expected 5 fields '<black pits>/<white pits> <white kazan> <black kazan> S|N <move>', got " +
               std::to_string(fields.size()));
  const auto rows = split(fields[0], '/');
  if (rows.size() != 2) return bad("expected two rows separated by '/'");
  Position p;
  for (int r = 0; r < 2; ++r) {
    const int side = r == 0 ? 1 : 0;  // Black's row first, written from pit 9 down to pit 1
    int k = 0;
    for (std::string_view item : split(rows[r], ',')) {
      item = trim(item);
      const std::string row_name = side == 1 ? "black" : "white";
      if (item.empty()) return bad("empty entry in the " + row_name + " row");
      auto put = [&](int count, bool tuz) -> bool {
        if (k >= 9) return false;
        const int i = side * 9 + (side == 1 ? 8 - k : k);
        if (tuz) {
          const int owner = 1 - side;
          if (p.tuzdyk[owner] != kNoTuzdyk) return false;
          p.tuzdyk[owner] = static_cast<std::int8_t>(i);
        } else {
          p.pits[i] = static_cast<std::uint8_t>(count);
        }
        ++k;
        return true;
      };
      if (item == "t" || item == "T") {
        const int owner = 1 - side;
        if (p.tuzdyk[owner] != kNoTuzdyk)
          return make_error(std::string("impossible position: two tuzdyks for ") +
                            (owner == 0 ? "White" : "Black"));
        if (!put(0, true)) return bad("more than 9 pits in the " + row_name + " row");
      } else if (item.back() == 'S' || item.back() == 's') {
        const auto n = parse_int(item.substr(0, item.size() - 1));
        if (!n || *n < 0 || *n > kStones) return bad("bad pit '" + std::string(item) + "'");
        if (!put(static_cast<int>(*n), false)) return bad("more than 9 pits in the " + row_name + " row");
      } else {
        const auto n = parse_int(item);
        if (!n || *n < 1 || *n > 9) return bad("bad entry '" + std::string(item) + "' (want <n>S, t or a run of empty pits 1..9)");
        for (int j = 0; j < *n; ++j)
          if (!put(0, false)) return bad("more than 9 pits in the " + row_name + " row");
      }
    }
    if (k != 9)
      return bad("the " + std::string(side == 1 ? "black" : "white") + " row has " + std::to_string(k) +
                 " pits, not 9");
  }
  const auto wk = parse_int(fields[1]);
  const auto bk = parse_int(fields[2]);
  if (!wk || *wk < 0 || *wk > kStones) return bad("bad white kazan '" + std::string(fields[1]) + "'");
  if (!bk || *bk < 0 || *bk > kStones) return bad("bad black kazan '" + std::string(fields[2]) + "'");
  p.kazan = {static_cast<std::uint8_t>(*wk), static_cast<std::uint8_t>(*bk)};
  if (fields[3] == "S" || fields[3] == "s" || fields[3] == "w") p.side = 0;
  else if (fields[3] == "N" || fields[3] == "n" || fields[3] == "b") p.side = 1;
  else return bad("side to move must be S (White) or N (Black), got '" + std::string(fields[3]) + "'");
  const auto mn = parse_int(fields[4]);
  if (!mn || *mn < 1 || *mn > 9999) return bad("bad move number '" + std::string(fields[4]) + "'");
  p.move_number = static_cast<std::uint16_t>(*mn);
  return validate(p);
}

}  // namespace oyin::togyz
