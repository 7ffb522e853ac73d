#pragma once
// Capture Go settings (../shared/rules/capture-go.md, "Game settings") and GTP coordinates.
// Rules text is "key=value" joined by commas:
//   size=9            board N×N, 2..19
//   target=1          stones to capture to win, both colours; 0 = no target (ordinary Go:
//                     the game then ends only by passes, resignation or lack of moves)
//   target_b, target_w  per-colour targets (handicap)
//   pass=1            1 = passing allowed, 0 = forbidden (a player with no legal move loses)
//   setup=BC4+WD4     starting stones: colour letter and point, joined by '+'
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace oyin::capgo {

constexpr int kMinSize = 2;
constexpr int kMaxSize = 19;

struct SetupStone {
  int color = 0;  // 0 black, 1 white
  int x = 0, y = 0;  // column from the left, row from the bottom, both from 0
  friend bool operator==(const SetupStone&, const SetupStone&) = default;
};

struct Rules {
  int size = 9;
  std::array<int, 2> target{1, 1};  // [black, white]; 0 = none
  bool pass_allowed = true;
  std::vector<SetupStone> setup;
  friend bool operator==(const Rules&, const Rules&) = default;
};

Result<Rules> parse_rules(std::string_view text);
// Canonical text: size, target (or target_b/target_w), pass, then setup when present.
std::string rules_to_text(const Rules& r);

// GTP columns: A..T without I.
char column_letter(int x);
std::string point_text(int x, int y);  // "D4"
// Parses "D4" (any case) for an N×N board; the error names the text and the board.
Result<std::pair<int, int>> parse_point(std::string_view text, int size);

}  // namespace oyin::capgo
