// Terminal drawing of the Tojmot board: the diamond as text rows 17..1 (White at the bottom),
// each cell centred under its column letter, so the diamonds of one row sit between those of
// the rows above and below. Black's pieces are in brackets (and red with colour), the two zones
// in angle brackets, the last move's cells highlighted and named under the board.
#include <string>

#include "games/tojmot/movegen.h"
#include "games/tojmot/notation.h"

namespace oyin::tojmot {

namespace {

constexpr int kPitch = 4;  // characters per column

}  // namespace

std::string render(const Position& p, const Move* last, bool color) {
  const Geometry& g = geometry();
  const std::string reset = color ? "\033[0m" : "", white = color ? "\033[1;97m" : "",
                    black = color ? "\033[1;31m" : "", dim = color ? "\033[2m" : "", hi = color ? "\033[7m" : "";
  const int width = kPitch * (kWidth + 1);
  std::string letters = "     ";
  for (int x = 1; x <= kWidth; ++x) {
    letters += std::string(kPitch - 1, ' ');
    letters += static_cast<char>('A' + x - 1);
  }
  std::string out = dim + letters + reset + "\n";
  for (int y = kHeight; y >= 1; --y) {
    // Cells are placed on a plain line first (to centre them), then colour codes are added.
    std::string line(static_cast<std::size_t>(width + 2), ' ');
    struct Span {
      int at, len;
      std::string styled;
    };
    std::vector<Span> spans;
    for (int x = 1; x <= kWidth; ++x) {
      const int c = cell_at(x, y);
      if (c == kNoCell) continue;
      const Piece q = p.board[c];
      std::string body = q == kEmpty ? "." : std::string(kind_name(kind_of(q)));
      if (q != kEmpty && colour_of(q) == kBlack) body = "(" + body + ")";
      if (g.zone[c] >= 0) body = "<" + body + ">";
      const bool marked = last && (c == last->from || c == last->to);
      std::string style = q == kEmpty ? dim : colour_of(q) == kWhite ? white : black;
      if (marked) style += hi;
      const int len = static_cast<int>(body.size());
      const int at = kPitch * x - (len - 1) / 2;
      line.replace(static_cast<std::size_t>(at), static_cast<std::size_t>(len), body);
      spans.push_back({at, len, style + body + reset});
    }
    std::string styled;
    int pos = 0;
    for (const auto& s : spans) {
      styled += line.substr(static_cast<std::size_t>(pos), static_cast<std::size_t>(s.at - pos)) + s.styled;
      pos = s.at + s.len;
    }
    styled += line.substr(static_cast<std::size_t>(pos));
    const std::string label = (y < 10 ? "  " : " ") + std::to_string(y);
    out += dim + label + reset + " " + styled + dim + label + reset + "\n";
  }
  out += dim + letters + reset + "\n";
  out += "  white pieces: " + white + "7" + reset + ", black pieces: " + black + "(7)" + reset +
         ", <..>: a 1's zone";
  if (last) out += ", last move: " + cell_name(last->from) + "-" + cell_name(last->to);
  out += "\n  " + std::string(p.side == kWhite ? "White" : "Black") + " to move" +
         (in_check(p) ? " (in check)" : "") + ", half-move clock " + std::to_string(p.clock) + "\n";
  return out;
}

}  // namespace oyin::tojmot
