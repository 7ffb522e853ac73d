#include "games/tojmot/geometry.h"

#include <cctype>

#include "games/tojmot/pieces.h"

namespace oyin::tojmot {

namespace {

bool exists(int x, int y) {
  if (x < 1 || x > kWidth || y < 1 || y > kHeight || (x - y) % 2 != 0) return false;
  if (y >= 4 && y <= 14) return true;
  // The spikes: G1 | F2 H2 | E3 G3 I3 and their mirror images on rows 15..17.
  const int d = y <= 3 ? y : kHeight + 1 - y;  // 1, 2, 3 counted from the board's tip
  return x >= 8 - d && x <= 6 + d;
}

Geometry build() {
  Geometry g{};
  for (auto& col : g.at) col.fill(kNoCell);
  int n = 0;
  for (int y = 1; y <= kHeight; ++y)
    for (int x = 1; x <= kWidth; ++x)
      if (exists(x, y)) {
        g.at[x][y] = static_cast<std::int8_t>(n);
        g.x[n] = static_cast<std::uint8_t>(x);
        g.y[n] = static_cast<std::uint8_t>(y);
        g.colour[n] = static_cast<std::uint8_t>(y % 2);
        ++n;
      }
  auto at = [&](int x, int y) -> int {
    if (x < 1 || x > kWidth || y < 1 || y > kHeight) return kNoCell;
    return g.at[x][y];
  };
  auto fill = [&](Targets& t, int c, std::initializer_list<std::pair<int, int>> offsets) {
    for (auto [dx, dy] : offsets) {
      const int to = at(g.x[c] + dx, g.y[c] + dy);
      if (to != kNoCell) t.cell[t.n++] = static_cast<std::uint8_t>(to);
    }
  };
  static constexpr int dirs[8][2] = {{0, 2}, {0, -2}, {2, 0}, {-2, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  for (int c = 0; c < kCells; ++c) {
    g.zone[c] = -1;
    fill(g.step8[c], c, {{0, 2}, {0, -2}, {2, 0}, {-2, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
    fill(g.vertex[c], c, {{0, 2}, {0, -2}, {2, 0}, {-2, 0}});
    fill(g.leap3[c], c, {{1, 3}, {-1, 3}, {1, -3}, {-1, -3}, {3, 1}, {3, -1}, {-3, 1}, {-3, -1}});
    fill(g.leap5[c], c, {{2, 2}, {2, -2}, {-2, 2}, {-2, -2}});
    fill(g.leap6[c], c, {{2, 4}, {-2, 4}, {2, -4}, {-2, -4}});
    fill(g.leap6b[c], c, {{4, 2}, {-4, 2}, {4, -2}, {-4, -2}});
    fill(g.forward[0][c], c, {{-1, 1}, {1, 1}});
    fill(g.forward[1][c], c, {{-1, -1}, {1, -1}});
    for (int d = 0; d < 8; ++d) {
      Ray& r = g.ray[c][d];
      for (int x = g.x[c] + dirs[d][0], y = g.y[c] + dirs[d][1]; at(x, y) != kNoCell;
           x += dirs[d][0], y += dirs[d][1])
        r.cell[r.n++] = static_cast<std::uint8_t>(at(x, y));
    }
  }
  for (auto [x, y] : {std::pair{7, 1}, {6, 2}, {8, 2}}) g.zone[at(x, y)] = 0;
  for (auto [x, y] : {std::pair{7, 17}, {6, 16}, {8, 16}}) g.zone[at(x, y)] = 1;
  g.promotes[0][at(5, 15)] = g.promotes[0][at(9, 15)] = true;
  g.promotes[1][at(5, 3)] = g.promotes[1][at(9, 3)] = true;
  return g;
}

}  // namespace

const Geometry& geometry() {
  static const Geometry g = build();
  return g;
}

// Built before main so threads never race on the first call.
[[maybe_unused]] static const Geometry& geometry_init = geometry();

std::string cell_name(int cell) {
  const Geometry& g = geometry();
  char buf[4] = {static_cast<char>('A' + g.x[cell] - 1), 0, 0, 0};
  const int y = g.y[cell];
  if (y >= 10) {
    buf[1] = static_cast<char>('0' + y / 10);
    buf[2] = static_cast<char>('0' + y % 10);
  } else {
    buf[1] = static_cast<char>('0' + y);
  }
  return std::string(buf);
}

std::string cell_name_lower(int cell) {
  std::string s = cell_name(cell);
  s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  return s;
}

int parse_cell(std::string_view t) {
  if (t.size() < 2 || t.size() > 3) return kNoCell;
  const int x = std::toupper(static_cast<unsigned char>(t[0])) - 'A' + 1;
  int y = 0;
  for (std::size_t i = 1; i < t.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return kNoCell;
    y = y * 10 + (t[i] - '0');
  }
  if (t[1] == '0') return kNoCell;
  return cell_at(x, y);
}

int kind_from_name(std::string_view text) {
  std::string up;
  for (char c : text) up += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (int k = 1; k < kKinds; ++k)
    if (kind_name(k) == up) return k;
  return kEmptyKind;
}

}  // namespace oyin::tojmot
