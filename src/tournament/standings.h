#pragma once
// Standings: the players ranked by score and the tie-breaks of their format (docs/tournaments.md).
// Swiss and round robin: score, then Buchholz, Buchholz cut 1, Sonneborn-Berger and wins, with the
// unplayed games handled by FIDE's virtual opponent (Handbook C.07, 2012 text). Arena: lichess's
// points, then performance. Knockout: how far a player went.
#include <map>
#include <string>
#include <vector>

#include "tournament/types.h"

namespace oyin::tournament {

struct Standing {
  int number = 0;
  int rank = 0;  // players equal in score and every tie-break share a rank (1, 2, 2, 4: "1224")
  double score = 0;
  // Swiss, round robin: "buchholz", "buchholz_cut1", "sonneborn_berger", "wins"; arena:
  // "performance", "wins"; knockout: "round_reached".
  std::map<std::string, double> tiebreaks;
  int games = 0;  // games finished over the board (no byes, no forfeits)
  int wins = 0;   // games won over the board
};

// The standings after the pairings given (unfinished games count for nothing yet), best first;
// equal players keep start-number order. Arena games here score without berserk (use
// arena_standings in arena.h for the full sheet).
std::vector<Standing> standings(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played, Format format);

// The crosstable of a round robin: row i, column j (both in start-number order, 0-based) is what
// entrant i scored against entrant j: "1", "½", "0", "+" (won by forfeit), "-" (lost by forfeit),
// "" (not played yet, or i == j); a double round robin puts both games in the cell ("1½").
std::vector<std::vector<std::string>> crosstable(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played);

// Ranks `rows` in place (already sorted best first): equal score and tiebreaks share a rank.
void assign_ranks(std::vector<Standing>& rows);

}  // namespace oyin::tournament
