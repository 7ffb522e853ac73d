#pragma once
// What the pairing rules work on: players by their start number (1..n, the order of their
// rating when the tournament started) and the games played, with their results. Knows nothing of
// games, the store or the server: the formats are pure functions over these (tests/tournament).
#include <optional>
#include <string>
#include <vector>

namespace oyin::tournament {

struct Entrant {
  int number = 0;      // start number, 1..n (1: the highest rated)
  std::string name;
  int rating = 0;
  bool active = true;  // withdrawn players are not paired again
};

// A pairing: `white` plays first (the side that moves first in the game); `black` 0 is a bye.
struct Pairing {
  int round = 0;
  int white = 0, black = 0;
  // For white: 1, 0.5, 0; nullopt while the game is played. A forfeit is a result with
  // `forfeit` set (the game was not played).
  std::optional<double> result;
  bool forfeit = false;
  bool is_bye() const { return black == 0; }
};

// The formats a tournament can have (standings rank each its own way: docs/tournaments.md).
enum class Format { arena, swiss, round_robin, knockout };

}  // namespace oyin::tournament
