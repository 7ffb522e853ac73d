#pragma once
// Tournaments in the store, so that every server instance on one database sees the same events
// and each pairing step happens exactly once: a step reads the tournament at some `version` and
// commits its new pairings only if the version is still the same (a conditional UPDATE in the
// step's transaction, which only one instance's statement can change). Players, results and
// pairings stay after the end: a finished tournament keeps its standings and games. Shares the
// game store's connections.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/db.h"

namespace oyin::storage {

struct TournamentRow {
  std::string id;
  std::string name;
  std::string game, rules;
  std::string format;  // arena, swiss, round_robin, knockout
  std::int64_t initial_s = 0, increment_s = 0;
  bool rated = false;
  std::int64_t starts_ms = 0;  // wall clock: when it starts (with enough players)
  int minutes = 0;             // arena
  int rounds = 0;              // swiss
  bool double_rr = false;      // round robin
  int min_players = 2, max_players = 64;
  std::string password_hash;  // "" for an open event
  std::int64_t creator = 0;
  std::string creator_name;
  std::string status = "created";  // created, running, finished, cancelled
  int round = 0;                   // the round being played (arena: games paired so far, by wave)
  std::int64_t version = 0;
  std::int64_t started_ms = 0, ends_ms = 0, finished_ms = 0;
  std::string created_at;
  std::int64_t created_ms = 0;
};

struct TournamentPlayer {
  std::int64_t user_id = 0;
  std::string username;
  int rating = 0;     // when joined, then when the tournament started
  int number = 0;     // start number from the start (1: the highest rated), 0 before
  bool active = true; // withdrawn or removed: false
  bool paused = false;  // arena: missed a game, not paired until back
  std::int64_t joined_ms = 0;
};

struct TournamentPairing {
  int seq = 0;
  int round = 0;
  std::int64_t white = 0, black = 0;  // accounts; black 0: a bye
  std::string game_id;                // "" for a bye or a forfeit paired as such
  std::string result;                 // "" while played; "1-0", "0-1", "1/2-1/2"
  bool forfeit = false;               // decided without a game being played
  int match_game = 0;                 // knockout: 1, 2, then 3 for the decider
  bool decider = false;
  int berserk = 0;  // bit 0: white berserked, bit 1: black
  int plies = 0;    // the game's length when its result came in
  std::int64_t ended_ms = 0;  // when its result came in (the director's wall clock)
  std::int64_t created_ms = 0;
};

// A pairing being played and what its game says now.
struct PairingGame {
  int seq = 0;
  std::string game_id;
  std::string result;  // the game's: "*" while in play (or aborted)
  std::string reason;
  std::int64_t plies = 0;
  std::int64_t created_ms = 0;
};

class TournamentStore {
 public:
  explicit TournamentStore(Db& db) : db_(db) {}
  Db& db() { return db_; }

  Status create(const TournamentRow& t);
  Result<std::optional<TournamentRow>> find(const std::string& id);
  // How many tournaments `creator` has that have not finished (a limit on what one account makes).
  Result<std::int64_t> open_by(std::int64_t creator);
  // Newest first, of one status (created, running, finished).
  Result<std::vector<TournamentRow>> list(const std::string& status, std::size_t limit);
  // The ones a director must look at: running, or created and due by `now_ms`.
  Result<std::vector<std::string>> due(std::int64_t now_ms);
  Result<std::vector<TournamentPlayer>> players(const std::string& id);
  Result<std::vector<TournamentPairing>> pairings(const std::string& id);

  enum class Joined { yes, already, closed, full };
  // Joins an account while the tournament takes players (created; arena and swiss also while
  // running, without a start number until the next step), within max_players.
  Result<Joined> join(const std::string& id, const TournamentPlayer& p, std::int64_t now_ms);
  // Before the start: the row goes; after: the player plays no more games (arena: paused).
  // Whether the player was in it.
  Result<bool> withdraw(const std::string& id, std::int64_t user);
  // Arena: a paused player is back (or one who missed a game is paused).
  Status set_paused(const std::string& id, std::int64_t user, bool paused);
  // created -> cancelled by its creator; whether it was.
  Result<bool> cancel(const std::string& id, std::int64_t creator);

  // One pairing step, all or nothing: only when the tournament is still at `t.version - 1`
  // (the caller's `t` holds the new status, round, times and version), the row is updated,
  // start numbers given (`numbers`: user, number) and `new_pairings` inserted. False: another
  // step (another instance) came first; nothing changed.
  Result<bool> step(const TournamentRow& t, const std::vector<std::pair<std::int64_t, int>>& numbers,
                    const std::vector<TournamentPairing>& new_pairings);
  // An arena pairing's player berserked (bit 1: white, 2: black).
  Status add_berserk(const std::string& id, int seq, int bit);
  // A pairing's result, once (false when it already had one).
  Result<bool> record_result(const std::string& id, int seq, const std::string& result, bool forfeit, int plies = 0,
                             std::int64_t ended_ms = 0);
  // The pairings still being played, with their games as stored now.
  Result<std::vector<PairingGame>> open_games(const std::string& id);
  // Which tournament a game is in ("" for none).
  Result<std::string> of_game(const std::string& game_id);

 private:
  Db& db_;
};

}  // namespace oyin::storage
