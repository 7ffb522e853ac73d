#pragma once
// Arena tournaments, lichess's rules (https://lichess.org/tournament/help, "Arena tournaments"):
// a win is 2 points, a draw 1, a loss 0; after two wins in a row a player is "on fire" and each
// following game scores double (a win 4, a draw 2) until a game is not won; a berserk player (who
// halved their clock) earns 1 extra point for a win when the game had at least 7 moves. Players
// are paired again as soon as they wait, with close scores and ratings, never two who have just
// played each other when another choice exists.
#include <optional>
#include <vector>

#include "tournament/standings.h"
#include "tournament/types.h"

namespace oyin::tournament {

struct ArenaGame {
  int white = 0, black = 0;
  std::optional<double> result;  // for white: 1, 0.5, 0; nullopt while played (scores nothing)
  bool white_berserk = false, black_berserk = false;
  bool long_enough = true;       // at least 7 moves: only then does a berserk win earn its extra point
};

struct ArenaSheetEntry {
  int opponent = 0;
  double result = 0;     // the player's: 1, 0.5, 0
  int points = 0;        // what the game scored, bonus included
  bool doubled = false;  // played on fire
  bool berserk = false;  // the player went berserk
};

struct ArenaScore {
  int number = 0;
  int score = 0;
  bool on_fire = false;                // the last two games were won: the next scores double
  std::vector<ArenaSheetEntry> sheet;  // the finished games in the order given
  int games = 0, wins = 0;
  double performance = 0;  // lichess's tie-break: opponents' mean rating + 500 × (wins - losses) / games
};

// Every entrant's arena score from the games in the order they finished, in entrant order.
std::vector<ArenaScore> arena_scores(const std::vector<Entrant>& entrants, const std::vector<ArenaGame>& games);

// The arena standings: score, then performance, then wins.
std::vector<Standing> arena_standings(const std::vector<Entrant>& entrants, const std::vector<ArenaGame>& games);

// A player waiting for a game.
struct ArenaWaiting {
  int number = 0;
  int score = 0;
  int rating = 0;
  int last_opponent = 0;   // 0: none yet
  int colour_balance = 0;  // whites - blacks so far
  int last_colour = 0;     // +1 white, -1 black, 0 none
};

struct ArenaPair {
  int white = 0, black = 0;
};

// Pairs the waiting players: ranked by score, rating and number, each is paired near their rank
// (the pairing that keeps partners closest in that order), never with their last opponent when
// any other choice exists; with an odd number the one left out is the one whose absence pairs the
// rest best (the lowest ranked on a tie). White goes to the one with the lower colour balance,
// then to the one who had black last, then to the higher ranked.
std::vector<ArenaPair> arena_pairings(const std::vector<ArenaWaiting>& waiting);

// The same for the players `waiting`, their scores, last opponents and colours read from the games.
std::vector<ArenaPair> arena_pairings(const std::vector<Entrant>& entrants, const std::vector<ArenaGame>& games,
                                      const std::vector<int>& waiting);

}  // namespace oyin::tournament
