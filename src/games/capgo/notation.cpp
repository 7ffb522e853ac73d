#include "games/capgo/notation.h"

#include "core/text.h"

namespace oyin::capgo {

std::string move_to_text(const Position& p, Move m) {
  if (m == kPass) return "pass";
  if (m == kResign) return "resign";
  return point_text(p.x_of(m.point), p.y_of(m.point));
}

std::string illegal_reason(const Position& p, int point, Illegal why) {
  const std::string at = p.on_board(point) ? point_text(p.x_of(point), p.y_of(point)) : "the point";
  switch (why) {
    case Illegal::None: return "";
    case Illegal::Occupied: return at + " is occupied";
    case Illegal::Suicide: return at + " would be suicide (the stone's chain would have no liberty)";
    case Illegal::Superko: return at + " would repeat an earlier position (positional superko)";
    case Illegal::PassForbidden: return "passing is not allowed in these rules (pass=0)";
    case Illegal::GameOver: return "the game is over";
    case Illegal::OffBoard: return at + " is off the board";
  }
  return "illegal move";
}

Result<Move> parse_move(const Position& p, std::string_view text) {
  const std::string t = to_lower(trim(text));
  if (is_over(p)) return make_error("the game is over");
  if (t == "resign") return kResign;
  if (t == "pass") {
    if (!p.pass_allowed) return make_error(illegal_reason(p, 0, Illegal::PassForbidden));
    return kPass;
  }
  auto xy = parse_point(trim(text), p.size);
  if (!xy) return make_error(xy.error());
  const int point = p.index(xy->first, xy->second);
  const Illegal why = check_point(p, point);
  if (why != Illegal::None) return make_error(illegal_reason(p, point, why));
  return Move{static_cast<std::uint16_t>(point)};
}

std::string to_text(const Position& p) {
  std::string out = std::to_string(p.size) + " ";
  for (int y = p.size - 1; y >= 0; --y) {
    for (int x = 0; x < p.size; ++x) {
      const int c = p.color[p.index(x, y)];
      out += c == kBlack ? 'X' : c == kWhite ? 'O' : '.';
    }
    if (y) out += '/';
  }
  out += p.to_move ? " w " : " b ";
  out += std::to_string(p.captures[0]) + " " + std::to_string(p.captures[1]) + " " + std::to_string(p.passes);
  return out;
}

std::string symmetric_identity(const Position& p) {
  const int n = p.size;
  std::string best;
  for (int t = 0; t < 8; ++t) {
    std::string rows;
    rows.reserve(static_cast<std::size_t>(n * (n + 1)));
    for (int y = n - 1; y >= 0; --y) {
      for (int x = 0; x < n; ++x) {
        // Transform t: bit 0 mirrors x, bit 1 mirrors y, bit 2 swaps the axes.
        int u = t & 1 ? n - 1 - x : x, v = t & 2 ? n - 1 - y : y;
        if (t & 4) std::swap(u, v);
        const int c = p.color[p.index(u, v)];
        rows += c == kBlack ? 'X' : c == kWhite ? 'O' : '.';
      }
      rows += '/';
    }
    if (best.empty() || rows < best) best = std::move(rows);
  }
  return std::to_string(n) + " " + best + (p.to_move ? " w " : " b ") + std::to_string(p.captures[0]) + " " +
         std::to_string(p.captures[1]);
}

Result<Position> parse_position(std::string_view text, const Rules& rules) {
  const auto f = split_ws(text);
  if (f.size() != 6)
    return make_error("position text needs 6 fields '<size> <rows> <to-move> <captures by black> <captures by white> "
                      "<passes>', got " + std::to_string(f.size()));
  const auto n = parse_int(f[0]);
  if (!n || *n < kMinSize || *n > kMaxSize) return make_error("position size must be 2..19, not '" + std::string(f[0]) + "'");
  if (*n != rules.size)
    return make_error("position is " + std::string(f[0]) + "x" + std::string(f[0]) + " but the rules say size=" +
                      std::to_string(rules.size));
  const int size = rules.size;
  const auto rows = split(f[1], '/');
  if (static_cast<int>(rows.size()) != size)
    return make_error("position has " + std::to_string(rows.size()) + " rows, expected " + std::to_string(size));
  std::vector<std::uint8_t> stones(static_cast<std::size_t>(size * size), kEmpty);
  for (int r = 0; r < size; ++r) {
    const int y = size - 1 - r;
    if (static_cast<int>(rows[r].size()) != size)
      return make_error("row " + std::to_string(y + 1) + " '" + std::string(rows[r]) + "' must have " +
                        std::to_string(size) + " characters");
    for (int x = 0; x < size; ++x) {
      const char c = rows[r][x];
      std::uint8_t v;
      if (c == 'X' || c == 'x') v = kBlack;
      else if (c == 'O' || c == 'o') v = kWhite;
      else if (c == '.') v = kEmpty;
      else return make_error("row " + std::to_string(y + 1) + ": '" + std::string(1, c) + "' is not X, O or .");
      stones[static_cast<std::size_t>(y * size + x)] = v;
    }
  }
  const std::string side = to_lower(f[2]);
  if (side != "b" && side != "w") return make_error("side to move must be b or w, not '" + std::string(f[2]) + "'");
  const auto cb = parse_int(f[3]), cw = parse_int(f[4]), passes = parse_int(f[5]);
  if (!cb || *cb < 0 || *cb > 65535 || !cw || *cw < 0 || *cw > 65535)
    return make_error("capture counts must be whole numbers from 0, not '" + std::string(f[3]) + "' '" +
                      std::string(f[4]) + "'");
  if (!passes || *passes < 0 || *passes > 2)
    return make_error("consecutive passes must be 0, 1 or 2, not '" + std::string(f[5]) + "'");
  if (*passes && !rules.pass_allowed) return make_error("the position has passes but the rules forbid passing (pass=0)");
  return from_stones(rules, stones, side == "w", static_cast<int>(*cb), static_cast<int>(*cw), static_cast<int>(*passes));
}

}  // namespace oyin::capgo
