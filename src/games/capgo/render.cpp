// Terminal drawing of a capture Go board: GTP coordinates around the board (columns A..T
// without I, row 1 at the bottom), X for Black, O for White, the last stone in brackets (and
// reversed with colour), then the capture counters against the targets. No blank lines, so
// the same text serves as the GTP showboard answer.
#include <string>

#include "games/capgo/game.h"

namespace oyin::capgo {

std::string render(const Position& p, const Move* last, bool color) {
  const std::string hi = color ? "\033[7m" : "", bold = color ? "\033[1m" : "", reset = color ? "\033[0m" : "";
  const int last_point = last && !(*last == kPass) && !(*last == kResign) ? last->point : -1;
  std::string letters = "   ";
  for (int x = 0; x < p.size; ++x) letters += std::string(" ") + column_letter(x);
  std::string out = letters + "\n";
  for (int y = p.size - 1; y >= 0; --y) {
    const std::string row = std::to_string(y + 1);
    out += std::string(3 - row.size(), ' ') + row;
    for (int x = 0; x < p.size; ++x) {
      const int pt = p.index(x, y);
      const int c = p.color[pt];
      const char ch = c == kBlack ? 'X' : c == kWhite ? 'O' : '.';
      const bool is_last = pt == last_point;
      const bool after_last = x > 0 && p.index(x - 1, y) == last_point;
      out += is_last ? '(' : after_last ? ')' : ' ';
      out += is_last ? hi + ch + reset : std::string(1, ch);
    }
    out += p.index(p.size - 1, y) == last_point ? ")" : " ";
    out += row + "\n";
  }
  out += letters + "\n";
  auto counter = [&](int s) {
    const std::string target = p.target[s] ? " of " + std::to_string(p.target[s]) : " (no target)";
    return std::string(s == 0 ? "Black (X)" : "White (O)") + " captured " + bold + std::to_string(p.captures[s]) +
           reset + target;
  };
  out += "  " + counter(0) + "   " + counter(1) + "\n";
  out += std::string("  ") + (p.to_move ? "White" : "Black") + " to move";
  if (p.passes) out += " (" + std::to_string(p.passes) + (p.passes == 1 ? " pass" : " passes") + " just played)";
  if (!p.pass_allowed) out += ", passing not allowed";
  out += "\n";
  return out;
}

}  // namespace oyin::capgo
