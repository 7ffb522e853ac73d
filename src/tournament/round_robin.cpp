#include "tournament/round_robin.h"

namespace oyin::tournament {

int berger_rounds(int players, bool twice) {
  const int n = players + (players % 2);
  return (n - 1) * (twice ? 2 : 1);
}

std::vector<Pairing> berger_round(int players, int round, bool twice) {
  std::vector<Pairing> out;
  const int n = players + (players % 2);  // n: the fixed player, the dummy when players is odd
  if (n < 2 || round < 1 || round > berger_rounds(players, twice)) return out;
  const int cycle = n - 1;
  const bool second = round > cycle;
  const int r = second ? round - cycle : round;
  // The others sit on a circle of n - 1 places; round r pivots on p = 1 + (r - 1) * n/2 (mod n - 1),
  // who meets n, and the rest pair outwards from p: (p + k, p - k).
  const auto place = [&](int x) { return ((x - 1) % cycle + cycle) % cycle + 1; };
  const int p = place(1 + (r - 1) * (n / 2));
  const auto add = [&](int white, int black) {
    if (second) std::swap(white, black);
    const bool dummy_white = players % 2 && white == n, dummy_black = players % 2 && black == n;
    if (dummy_white) out.push_back({round, black, 0, std::nullopt, false});
    else if (dummy_black) out.push_back({round, white, 0, std::nullopt, false});
    else out.push_back({round, white, black, std::nullopt, false});
  };
  if (r % 2 == 1) add(p, n);
  else add(n, p);
  for (int k = 1; k < n / 2; ++k) add(place(p + k), place(p - k));
  return out;
}

}  // namespace oyin::tournament
