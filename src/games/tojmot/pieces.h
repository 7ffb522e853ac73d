#pragma once
// Tojmot piece kinds and their text (rules: ../shared/rules/tojmot.md, "Pieces").
// A piece on the board is one byte: kind * 2 + colour (0 White, 1 Black); 0 is an empty cell.
#include <cstdint>
#include <string_view>

namespace oyin::tojmot {

enum Kind : std::uint8_t {
  kEmptyKind = 0,
  // Arabic numerals 1..9 have their own value as kind.
  kOne = 1, kTwo, kThree, kFour, kFive, kSix, kSeven, kEight, kNine,
  // Romans (there is no VII) and the X.
  kRomanII = 10, kRomanIII, kRomanIV, kRomanV, kRomanVI, kRomanVIII, kRomanIX, kRomanX,
  kKinds = 18
};

using Piece = std::uint8_t;
constexpr Piece kEmpty = 0;
constexpr Piece make_piece(int kind, int colour) { return static_cast<Piece>(kind * 2 + colour); }
constexpr int kind_of(Piece p) { return p >> 1; }
constexpr int colour_of(Piece p) { return p & 1; }
constexpr int kPieceCodes = kKinds * 2;

// Romans and the X move alike: one edge step diagonally forward.
constexpr bool is_roman(int kind) { return kind >= kRomanII; }
// The Arabic piece a Roman turns into on promotion (the X chooses, so it has none).
constexpr int roman_value(int kind) {
  constexpr std::uint8_t v[kKinds] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 4, 5, 6, 8, 9, 0};
  return v[kind];
}
// The Roman of an Arabic value, or kEmptyKind (for 1 and 7, which have none).
constexpr int roman_of_value(int value) {
  constexpr std::uint8_t r[10] = {0, 0, kRomanII, kRomanIII, kRomanIV, kRomanV, kRomanVI, 0, kRomanVIII, kRomanIX};
  return r[value];
}

constexpr std::string_view kind_name(int kind) {
  constexpr std::string_view names[kKinds] = {"",   "1",   "2",   "3",  "4", "5",  "6",    "7",  "8",
                                              "9",  "II",  "III", "IV", "V", "VI", "VIII", "IX", "X"};
  return names[kind];
}

// Kind from its text ("7", "VIII", "x" in any case), or kEmptyKind.
int kind_from_name(std::string_view text);

}  // namespace oyin::tojmot
