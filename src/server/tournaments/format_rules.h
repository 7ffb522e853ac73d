#pragma once
// The server's side of the pairing rules (src/tournament): a stored tournament's players and
// pairings, keyed by account, turned into the rules' start numbers and back. What a director does
// next is decided here, per format, and nothing here touches the store or the games.
#include <cstdint>
#include <string>
#include <vector>

#include "storage/tournament_store.h"
#include "tournament/arena.h"
#include "tournament/types.h"

namespace oyin::server::tournaments {

// A pairing to make: its game is created by the director (none for a bye, or a forfeit known
// at once, which come with their `result`).
struct PlannedPairing {
  int round = 0;
  std::int64_t white = 0, black = 0;
  std::string result;  // "" when a game is to be played
  bool forfeit = false;
  int match_game = 0;
  bool decider = false;
};

struct Plan {
  bool finish = false;  // the tournament is over
  int round = 0;        // the round after this step
  std::vector<PlannedPairing> pairings;
};

// The next step of a running tournament at `now_ms` (nothing when games are still being played
// and nobody waits). Players are numbered (storage::TournamentPlayer::number > 0).
Plan plan_next(const storage::TournamentRow& t, const std::vector<storage::TournamentPlayer>& players,
               const std::vector<storage::TournamentPairing>& pairings, std::int64_t now_ms);

// Whether a format is known, and how many rounds it will have for `players` (0: open-ended arena).
bool known_format(const std::string& format);
int planned_rounds(const storage::TournamentRow& t, int players);

// Start numbers by rating at the start (1: the highest; equal ratings by who joined first).
std::vector<std::pair<std::int64_t, int>> start_numbers(std::vector<storage::TournamentPlayer> players);

// The rules' view of the tournament: entrants by start number and pairings by number.
std::vector<tournament::Entrant> entrants_of(const std::vector<storage::TournamentPlayer>& players);
std::vector<tournament::Pairing> pairings_of(const std::vector<storage::TournamentPlayer>& players,
                                             const std::vector<storage::TournamentPairing>& pairings);

// An arena's games for its scores (berserks included; a forfeit is never "long enough").
std::vector<tournament::ArenaGame> arena_games(const std::vector<storage::TournamentPlayer>& players,
                                               const std::vector<storage::TournamentPairing>& pairings);

// A stored result for white: 1, 0.5 or 0; nullopt while played.
std::optional<double> white_points(const std::string& result);

}  // namespace oyin::server::tournaments
