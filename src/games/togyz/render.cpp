// Terminal drawing of a Togyz Kumalak board: Black's row on top numbered 9..1 (from Black's left
// as seen from across the table), White's row below numbered 1..9, kazans beside, tuzdyks marked.
#include <string>

#include "games/togyz/game.h"

namespace oyin::togyz {

std::string render(const Position& p, const Move* last, bool color) {
  const std::string bold = color ? "\033[1m" : "", dim = color ? "\033[2m" : "",
                    hi = color ? "\033[7m" : "", reset = color ? "\033[0m" : "";
  // The last move was made by the side not to move now: highlight the pit it was sown from.
  const int last_from = last ? (1 - p.side) * 9 + last->pit : -1;
  auto cell = [&](int i) {
    std::string body;
    if (p.tuzdyk_owner(i) >= 0) body = "  X ";
    else {
      const std::string n = std::to_string(p.pits[i]);
      body = std::string(4 - n.size() - 1, ' ') + n + " ";
    }
    if (i == last_from) return hi + body + reset;
    if (p.tuzdyk_owner(i) >= 0) return bold + body + reset;
    return body;
  };
  std::string out;
  out += dim + "          9    8    7    6    5    4    3    2    1" + reset + "\n";
  out += "        +----+----+----+----+----+----+----+----+----+\n";
  out += "  Black |";
  for (int k = 8; k >= 0; --k) out += cell(9 + k) + "|";
  out += "  kazan " + bold + std::to_string(p.kazan[1]) + reset + (p.side == 1 ? "  <- to move" : "") + "\n";
  out += "        +----+----+----+----+----+----+----+----+----+\n";
  out += "  White |";
  for (int k = 0; k < 9; ++k) out += cell(k) + "|";
  out += "  kazan " + bold + std::to_string(p.kazan[0]) + reset + (p.side == 0 ? "  <- to move" : "") + "\n";
  out += "        +----+----+----+----+----+----+----+----+----+\n";
  out += dim + "          1    2    3    4    5    6    7    8    9" + reset + "\n";
  std::string tz;
  for (int s = 0; s < 2; ++s)
    if (p.tuzdyk[s] >= 0)
      tz += std::string(tz.empty() ? "" : ", ") + (s == 0 ? "White" : "Black") + " has a tuzdyk on " +
            (s == 0 ? "Black" : "White") + "'s pit " + std::to_string(p.tuzdyk[s] % 9 + 1);
  if (!tz.empty()) out += "  (X = tuzdyk: " + tz + ")\n";
  return out;
}

}  // namespace oyin::togyz
