#pragma once
// Builds Togyz positions for hand-made rule tests: pits in each owner's numbering 1..9,
// Black's kazan takes whatever makes the total 162.
#include <gtest/gtest.h>

#include <array>

#include "games/togyz/notation.h"

namespace oyin::togyz::testing {

struct Deal {
  std::array<int, 9> white{};  // White's pits 1..9
  std::array<int, 9> black{};  // Black's pits 1..9
  int white_kazan = 0;
  int side = 0;                // 0 White to move, 1 Black
  int white_tuzdyk = 0;        // number 1..8 of Black's pit that is White's tuzdyk, 0 = none
  int black_tuzdyk = 0;        // number of White's pit that is Black's tuzdyk
};

inline Position build(const Deal& s) {
  Position p;
  int board = 0;
  for (int i = 0; i < 9; ++i) {
    p.pits[i] = static_cast<std::uint8_t>(s.white[i]);
    p.pits[9 + i] = static_cast<std::uint8_t>(s.black[i]);
    board += s.white[i] + s.black[i];
  }
  if (s.white_tuzdyk) p.tuzdyk[0] = static_cast<std::int8_t>(9 + s.white_tuzdyk - 1);
  if (s.black_tuzdyk) p.tuzdyk[1] = static_cast<std::int8_t>(s.black_tuzdyk - 1);
  p.kazan[0] = static_cast<std::uint8_t>(s.white_kazan);
  p.kazan[1] = static_cast<std::uint8_t>(kStones - board - s.white_kazan);
  p.side = static_cast<std::uint8_t>(s.side);
  auto v = validate(p);
  EXPECT_TRUE(v.ok()) << v.error();
  return v.ok() ? *v : p;
}

// Plays the move given in standard notation (checked) and returns the new position.
inline Position after(Position p, const std::string& move) {
  auto m = parse_move(p, move);
  EXPECT_TRUE(m.ok()) << m.error();
  if (m.ok()) make_move<true>(p, *m);
  EXPECT_EQ(p.key, compute_hash(p));
  return p;
}

}  // namespace oyin::togyz::testing
