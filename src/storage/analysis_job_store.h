#pragma once
// The queue of computer analyses of finished games (schema 14), kept in the store itself so that
// workers on any machine share it: PostgreSQL hands each job to one worker with FOR UPDATE SKIP
// LOCKED, SQLite (one machine) with its single writer. A worker holds a job by a lease that it
// renews with every move it writes; a job whose lease ran out (its worker died) goes to the next
// worker that asks, which carries on from the moves already written. Every write a worker makes is
// conditional on still holding the lease, so no move is written by two workers and a job is done
// once.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/db.h"

namespace oyin::storage {

struct AnalysisJob {
  std::int64_t id = 0;
  std::string game_id;
  int depth = 0;               // the search depth asked for (0: by nodes)
  std::int64_t nodes = 0;      // the node (or playout) budget asked for (0: by depth)
  std::string status;          // queued | running | done | failed
  int total = 0;               // positions to analyse (plies + 1), known once a worker has the job
  int done = 0;                // positions written
  std::string lease;           // the holder's lease token ("" when none)
  std::int64_t lease_until_ms = 0;
  int attempts = 0;            // how many times a worker took it
  std::string error;           // why it failed
  std::string created_at;
  std::int64_t requested_by = 0;
};

// The engine's view of the position after `ply` plies, from the side to move's view.
struct AnalysedPosition {
  int ply = 0;
  int score = 0;               // centi-units of the game (capture Go: the win rate as 1000 * (2p - 1))
  std::optional<int> mate;     // a proven result: moves to mate, + for the side to move
  std::string best;            // the engine's move ("" at the end of the game)
  std::string best_line;       // its line, moves separated by spaces
  std::int64_t nodes = 0;
  // The move played from this position, searched to the same horizon as `best` (the mover's
  // view; none at the end of the game or when the worker did not score it).
  std::optional<int> played_score;
  std::optional<int> played_mate;
};

class AnalysisJobStore {
 public:
  explicit AnalysisJobStore(Db& db) : db_(db) {}

  // A job for `game_id` at this depth/nodes: the existing one (any status) or a new queued one.
  // `created` says which.
  struct Queued {
    AnalysisJob job;
    bool created = false;
    int position_in_queue = 0;  // queued jobs before it, + 1 (0 when it is not queued)
  };
  Result<Queued> enqueue(const std::string& game_id, int depth, std::int64_t nodes, std::int64_t requested_by,
                         std::int64_t now_ms);
  // The newest job of a game (the deepest of those asked), if any.
  Result<std::optional<AnalysisJob>> latest_for_game(const std::string& game_id);
  Result<std::optional<AnalysisJob>> job(std::int64_t id);
  // A queued job's place in the queue (queued jobs before it, + 1); 0 when it is not queued.
  Result<int> queue_position(const AnalysisJob& job);
  // How many jobs were asked for by `user` since `since_ms` (the rate limit).
  Result<int> requested_since(std::int64_t user, std::int64_t since_ms);

  // The oldest job that is queued, or running on a lease that ended before `now_ms`, now held by
  // `lease` until now_ms + lease_ms. Nothing when there is no work.
  Result<std::optional<AnalysisJob>> claim(const std::string& lease, std::int64_t now_ms, std::int64_t lease_ms);
  // The number of positions to analyse (set once by the first holder).
  Result<bool> set_total(std::int64_t job, const std::string& lease, int total);
  // Writes one position's analysis and renews the lease; false when the lease is no longer held
  // (another worker took the job over: it stops).
  Result<bool> write_position(std::int64_t job, const std::string& lease, const AnalysedPosition& p, std::int64_t now_ms,
                              std::int64_t lease_ms);
  // Ends the job: done, or failed with `error`; false when the lease is no longer held.
  Result<bool> finish(std::int64_t job, const std::string& lease, const std::string& error = "");
  // Gives a job back to the queue (a worker stopping cleanly before it is done).
  Status release(std::int64_t job, const std::string& lease);
  // The positions written so far, by ply.
  Result<std::vector<AnalysedPosition>> positions(std::int64_t job);

  // A player's analysed games, newest analysis first: the newest done job of each game in which
  // account `user` holds a seat (`seats[i]`: seat i is theirs), of the game `game` ("": any) or
  // the one game `game_id` ("": any), at most `limit` games.
  struct PlayerGame {
    std::int64_t job_id = 0;
    std::string game_id;
    bool seats[2] = {false, false};
  };
  Result<std::vector<PlayerGame>> done_for_player(std::int64_t user, const std::string& game, const std::string& game_id,
                                                  int limit);

 private:
  Db& db_;
};

}  // namespace oyin::storage
