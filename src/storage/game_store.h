#pragma once
// The game store: every game with its settings, seats and moves, on SQLite or PostgreSQL
// (storage::Db). Changes go through the writer connection, each one transaction committed
// before the caller acknowledges it; reads (load, list, count) use the reader connection (WAL
// lets them run beside a commit on SQLite), so reading a long game never holds up the moves of
// others.
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/db.h"
#include "storage/group_commit.h"

namespace oyin::storage {

struct StoredGame {
  std::string id;
  std::string game;            // registry name: togyz, tojmot, capgo
  std::string rules;           // rules text as the game prints it
  std::string start_position;  // empty = the rules' start position
  std::string mode;            // ai, hotseat, online, review
  int level = 0;
  int ai_side = -1;            // index of the computer's side, -1 when none
  std::string tokens[2];       // seat tokens by side index (hotseat: the same token twice)
  std::string result = "*";    // "1-0", "0-1", "1/2-1/2", "*"
  std::string reason;          // why the game ended
  int draw_offer = -1;         // side index that offers a draw, -1 when none
  std::string created_at;      // UTC, ISO 8601
  std::string updated_at;
  std::vector<std::string> moves;  // as accepted, replayable with GameState::play
  // Timed games (schema 2): the time control (initial 0 = untimed) and, with each move, the
  // mover's time left after it (-1 = not timed), from which the clocks are rebuilt on a restart.
  std::int64_t clock_initial_ms = 0;
  std::int64_t clock_increment_ms = 0;
  std::vector<std::int64_t> move_clock_ms;  // parallel to moves
  // Schema 3: the seat index that created an online game (-1: none, or a game before schema 3)
  // and the id of the rematch that followed it ("" when none).
  int creator = -1;
  std::string next_game;
  std::size_t move_count = 0;      // filled by list() (moves stay empty there)
  // Accounts (schema 3): the user on each seat (0: a guest, or the computer's seat), whether
  // the game is rated, and whether its ratings have been applied.
  std::int64_t users[2] = {0, 0};
  bool rated = false;
  bool rating_done = false;
  // Schema 17: the tournament the game is played in ("" when none) and its berserk sides (bit 1
  // the first side, 2 the second), whose clocks start halved.
  std::string tournament;
  int clock_cut = 0;
  // Schema 19: a game imported for review keeps who played it, where and when (the record's
  // tags other than the moves' set-up: [[key, value], ...] as JSON; "" for a game played here).
  std::string record_tags;
};

// Inserts a game's row and its moves on connection `c` (in the caller's transaction), stamped `now`.
Status insert_game_rows(Connection& c, const StoredGame& g, const std::string& now);

class GameStore {
 public:
  // Opens the database `where` (a postgresql:// URL, or a SQLite file path, created if needed)
  // and migrates it to the current schema (storage/migrations.cpp).
  static Result<std::unique_ptr<GameStore>> open(const std::string& where);
  ~GameStore() = default;
  GameStore(const GameStore&) = delete;
  GameStore& operator=(const GameStore&) = delete;

  int schema_version();
  Status insert_game(const StoredGame& g);
  // Several instances may write one game: a write below is made only if the stored game is as
  // the caller saw it (still in play, with `ply` moves); else nothing changes and the answer is
  // false (another instance moved or ended the game first: read it again). The check and the
  // write are one transaction that first updates the game's row, so on PostgreSQL the row lock
  // orders two instances' writes and the second sees the first's.
  //
  // Appends the move at index `ply` and the game's new outcome in one transaction.
  Result<bool> append_move(const std::string& id, std::size_t ply, const std::string& move,
                           const std::string& result, const std::string& reason, std::int64_t clock_ms = -1);
  // Keeps only the first `ply_count` moves (undo).
  Status truncate_moves(const std::string& id, std::size_t ply_count, const std::string& result,
                        const std::string& reason);
  // A resignation, a draw offer or agreement, a fallen flag, an abort, a claim: made once across
  // instances (false when the game had changed).
  Result<bool> set_outcome(const std::string& id, std::size_t ply, const std::string& result,
                           const std::string& reason, int draw_offer);
  // How many moves the stored game has (whether a copy in memory is behind the store).
  Result<std::size_t> move_count(const std::string& id);
  // Links a finished game to its rematch.
  Status set_next_game(const std::string& id, const std::string& next);
  // Gives seat `side` to account `user` if it has none yet; false when it had one.
  Result<bool> set_user(const std::string& id, int side, std::int64_t user);
  // Marks `side`'s clock as cut in half by a berserk (kept for a restart before its first move).
  Status set_clock_cut(const std::string& id, int side);
  Result<std::optional<StoredGame>> load(const std::string& id);
  // Newest first; `moves` left empty, `move_count` filled.
  Result<std::vector<StoredGame>> list(std::size_t offset, std::size_t limit);
  Result<std::size_t> count();
  // Ids of the timed games still being played (their flags must fall after a restart).
  Result<std::vector<std::string>> ongoing_timed_ids();
  // Deletes up to `limit` games that never had a move and have not changed since `before` (a
  // timestamp as utc_now() writes them), imports apart; their ids.
  Result<std::vector<std::string>> delete_unstarted(const std::string& before, std::size_t limit);

  // The connections, for the stores of other tables (accounts, clocks, ...) to share.
  Db& db() { return *db_; }

  // Several server processes on one database: `on` is called (from a thread of the store's)
  // with the id of every game another process changed, and with "" when changes may have been
  // missed (the connection to the database was lost for a while). Never on SQLite. nullptr
  // unsets it (before the caller goes away).
  void on_change(std::function<void(const std::string& game_id)> on);
  // Signals between processes that change no stored game (e.g. a seat's connections to one
  // process): signal(words) sends them at once (nothing on SQLite), and `on` gets every other
  // process's, with the id of the process that sent them. Set before the first change arrives.
  void on_signal(std::function<void(const std::string& instance, const std::string& words)> on);
  Status signal(const std::string& words);
  bool shared() const { return db_->backend() == Backend::postgresql; }
  // Whether this process may compute the computer's move in game `id` now (no other process is
  // computing one); held until release_computer or the process ends. On SQLite always true.
  bool claim_computer(const std::string& id);
  void release_computer(const std::string& id);

 private:
  explicit GameStore(std::unique_ptr<Db> db);
  // Tells the other processes that game `id` changed, at the commit of `c`'s transaction.
  Status announce(Connection& c, const std::string& id);

  std::string instance_;  // this process, in its own notifications
  std::mutex on_change_mutex_;
  std::function<void(const std::string&)> on_change_;
  std::function<void(const std::string&, const std::string&)> on_signal_;
  std::unique_ptr<Db> db_;  // its listener thread stops before the members it calls go
  // PostgreSQL: moves are written by group commit (one commit for many moves); gone before db_.
  std::unique_ptr<GroupCommit> group_;
};

}  // namespace oyin::storage
