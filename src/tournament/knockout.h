#pragma once
// Knockout (single elimination): a bracket seeded 1 against n by start number (the standard order,
// so the top seeds meet as late as possible), byes to the top seeds when n is not a power of 2.
// A match is one game; if it is drawn, a second game with colours swapped; if still level, decider
// games with a shorter clock (the server picks it: KnockoutGame::decider) until one is won,
// colours alternating. A pairing's `round` is its bracket round; a match's games are the pairings
// of that round between its two players, in the order given.
#include <vector>

#include "tournament/types.h"

namespace oyin::tournament {

// The seeds in bracket order for a bracket of `size` (a power of 2): 1 8 4 5 2 7 3 6 for 8.
std::vector<int> seeding_order(int size);

struct KnockoutMatch {
  int round = 0;                // 1: the first round; rounds() the final
  int index = 0;                // 0-based place in its round, top of the bracket first
  int a = 0, b = 0;             // start numbers: a the higher seed; 0 when a bye or not known yet
  std::vector<Pairing> games;   // its games so far
  double a_score = 0, b_score = 0;
  int winner = 0;               // 0 while undecided
  bool bye() const { return round == 1 && (a == 0) != (b == 0); }
};

struct KnockoutGame {
  int round = 0;
  int match = 0;          // KnockoutMatch::index
  int game_in_match = 0;  // 1, 2, then the deciders 3, 4, ...
  bool decider = false;   // game 3 on: played with the shorter clock
  int white = 0, black = 0;
};

struct Bracket {
  int size = 0;                                    // a power of 2, at least 2
  std::vector<std::vector<KnockoutMatch>> rounds;  // rounds[r - 1]: the matches of round r
  int winner = 0;                                  // 0 while the tournament goes on
};

// The bracket for display, with every match's players and results so far.
Bracket knockout_bracket(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played);

// The games that can start now: one for each match whose two players are known, that is not
// decided and has no game under way.
std::vector<KnockoutGame> knockout_next_games(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played);

// Who won their match in round `round` (byes included), in bracket order.
std::vector<int> knockout_advanced(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played, int round);

// The tournament's winner, 0 while it goes on.
int knockout_winner(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played);

}  // namespace oyin::tournament
