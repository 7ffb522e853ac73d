#pragma once
// The 89-cell diamond board of Tojmot, computed once into tables (rules: "Board").
// Cells are indexed 0..88 in the canonical order of the position string: by row, then column.
// Directions 0..3 are the vertex steps (0,+2) (0,-2) (+2,0) (-2,0); 4..7 the edge steps
// (+1,+1) (+1,-1) (-1,+1) (-1,-1).
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace oyin::tojmot {

constexpr int kCells = 89;
constexpr int kNoCell = -1;
constexpr int kWidth = 14;   // columns A..N, x = 1..14
constexpr int kHeight = 17;  // rows 1..17
constexpr int kMaxRay = 16;

struct Targets {
  std::uint8_t n = 0;
  std::array<std::uint8_t, 8> cell{};
  const std::uint8_t* begin() const { return cell.data(); }
  const std::uint8_t* end() const { return cell.data() + n; }
};

struct Ray {
  std::uint8_t n = 0;
  std::array<std::uint8_t, kMaxRay> cell{};  // in order, moving away from the start
  const std::uint8_t* begin() const { return cell.data(); }
  const std::uint8_t* end() const { return cell.data() + n; }
};

struct Geometry {
  std::array<std::array<std::int8_t, kHeight + 1>, kWidth + 1> at{};  // [x][y] -> cell or -1
  std::array<std::uint8_t, kCells> x{}, y{};
  std::array<std::uint8_t, kCells> colour{};  // row parity: 1 on odd rows, 0 on even rows
  // zone[c]: 0 when c is in White's zone (G1 F2 H2), 1 in Black's (G17 F16 H16), -1 otherwise.
  std::array<std::int8_t, kCells> zone{};
  // promotes[side][c]: a Roman/X of `side` arriving on c promotes (the opponent's X start cells).
  std::array<std::array<bool, kCells>, 2> promotes{};
  std::array<Targets, kCells> step8;    // the 1 and the 9
  std::array<Targets, kCells> vertex;   // the 2
  std::array<Targets, kCells> leap3;    // (+-1,+-3) (+-3,+-1)
  std::array<Targets, kCells> leap5;    // (+-2,+-2)
  std::array<Targets, kCells> leap6;    // (+-2,+-4)
  std::array<Targets, kCells> leap6b;   // (+-4,+-2), with piece6_both
  std::array<std::array<Targets, kCells>, 2> forward;  // Romans/X of a side: (+-1,+1) White, (+-1,-1) Black
  std::array<std::array<Ray, 8>, kCells> ray;
};

const Geometry& geometry();

inline int cell_at(int x, int y) {
  if (x < 1 || x > kWidth || y < 1 || y > kHeight) return kNoCell;
  return geometry().at[x][y];
}
std::string cell_name(int cell);        // "G1"
std::string cell_name_lower(int cell);  // "g1"
// "G1", "g1", "L14": the cell index, or kNoCell when the text names no cell of the board.
int parse_cell(std::string_view text);

constexpr bool is_vertex_dir(int d) { return d < 4; }

}  // namespace oyin::tojmot
