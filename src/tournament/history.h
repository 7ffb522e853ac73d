#pragma once
// Each player's tournament so far, read from the pairings: the Swiss pairing, the standings and
// the TRF writer all start from it.
#include <climits>
#include <map>
#include <optional>
#include <vector>

#include "tournament/types.h"

namespace oyin::tournament {

struct RoundEntry {
  int round = 0;
  int opponent = 0;               // 0: a bye
  int colour = 0;                 // +1 white, -1 black, 0 none (a bye)
  std::optional<double> points;   // nullopt while the game is played
  bool forfeit = false;           // a result without a game
  bool bye() const { return opponent == 0; }
  bool played() const { return opponent != 0 && !forfeit; }  // over the board (or under way)
};

struct History {
  int number = 0;
  double score = 0;               // a game not finished counts 0
  std::vector<RoundEntry> rounds;  // by round, only the rounds the player was paired in
  int byes = 0;
  bool forfeit_win = false;
  const RoundEntry* in_round(int round) const;
};

// Every entrant's history from the pairings of the rounds before `before_round`. A bye is worth
// `bye_points`: 1 in a Swiss (the pairing-allocated bye), 0 in a round robin (the rest round).
std::map<int, History> histories(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played,
                                 int before_round = INT_MAX, double bye_points = 1.0);

// The last round that has a pairing (0 when none).
int last_round(const std::vector<Pairing>& played);

}  // namespace oyin::tournament
