#pragma once
// The SQLite game store: every game with its settings, seats and moves. Changes go through one
// connection guarded by a mutex, each one transaction committed before the caller acknowledges
// it; reads (load, list, count) have a connection and a mutex of their own (WAL lets them run
// beside a commit), so reading a long game never holds up the moves of others.
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/result.h"

struct sqlite3;

namespace oyin::storage {

class Statement;

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
  std::size_t move_count = 0;      // filled by list() (moves stay empty there)
};

class GameStore {
 public:
  // Opens (creating if needed) the database at `path` and migrates it to the current schema.
  static Result<std::unique_ptr<GameStore>> open(const std::string& path);
  ~GameStore();
  GameStore(const GameStore&) = delete;
  GameStore& operator=(const GameStore&) = delete;

  int schema_version();
  Status insert_game(const StoredGame& g);
  // Appends the move at index `ply` and the game's new outcome in one transaction.
  Status append_move(const std::string& id, std::size_t ply, const std::string& move,
                     const std::string& result, const std::string& reason, std::int64_t clock_ms = -1);
  // Keeps only the first `ply_count` moves (undo).
  Status truncate_moves(const std::string& id, std::size_t ply_count, const std::string& result,
                        const std::string& reason);
  Status set_outcome(const std::string& id, const std::string& result, const std::string& reason,
                     int draw_offer);
  Result<std::optional<StoredGame>> load(const std::string& id);
  // Newest first; `moves` left empty, `move_count` filled.
  Result<std::vector<StoredGame>> list(std::size_t offset, std::size_t limit);
  Result<std::size_t> count();
  // Ids of the timed games still being played (their flags must fall after a restart).
  Result<std::vector<std::string>> ongoing_timed_ids();

 private:
  explicit GameStore(sqlite3* db);
  Status exec(const char* sql);
  void rollback() { (void)exec("ROLLBACK"); }
  Status migrate();

  std::mutex mutex_;
  sqlite3* db_;
  std::mutex read_mutex_;
  sqlite3* reader_;  // db_ itself until open() has a second connection
  std::unique_ptr<Statement> append_insert_, append_update_;
  std::jthread checkpointer_;
};

}  // namespace oyin::storage
