#pragma once
// Ratings (schema 3): each user's current rating per game and speed class, a history row per
// rated game, and who first beat each computer level. The arithmetic (Glicko-2) is the server's;
// this keeps the numbers and applies a game's new ratings once, whichever process ends it.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/db.h"

namespace oyin::storage {

struct StoredRating {
  double rating = 1500;
  double rd = 350;
  double volatility = 0.06;
  int games = 0;  // rated games played at this game and speed
};

// One rating of a user (GET /api/players/{name}).
struct UserRating {
  std::string game, speed;
  StoredRating r;
};

// A change a game made to one user's rating.
struct RatingChange {
  std::int64_t user_id = 0;
  double before = 0, after = 0;
};

struct HistoryPoint {
  std::string game, speed;
  double rating = 0, rd = 0;
  std::string at;
};

struct BoardEntry {
  std::string username;
  StoredRating r;
};

struct FirstBeaten {
  int level = 0;
  std::string username, game_id, at;
};

// A finished game of a user, with the user's side and rating change if any.
struct UserGame {
  std::string id, game, mode, result, reason, updated_at;
  int side = 0;          // the user's side index
  int ai_side = -1;
  int level = 0;
  bool rated = false;
  std::int64_t clock_initial_ms = 0, clock_increment_ms = 0;
  std::string opponent;  // the other seat's user name, "" for a guest or the computer
  std::optional<double> delta;
  std::string played_in_browser;  // when it was played, for a game played in a browser and uploaded; else ""
};

struct GameCounts {
  int games = 0, wins = 0, losses = 0, draws = 0;
};

class RatingStore {
 public:
  explicit RatingStore(Db& db) : db_(db) {}

  Result<std::optional<StoredRating>> rating(std::int64_t user_id, const std::string& game, const std::string& speed);

  // Applies the ratings of finished game `game_id` once: in one transaction that marks the game
  // done (and does nothing if it already was), reads the current ratings of `users` (a fresh
  // StoredRating for none yet), asks `compute` for the new ones (same order) and stores them with
  // a history row each. True when this call applied them.
  using Compute = std::function<std::vector<StoredRating>(const std::vector<StoredRating>&)>;
  Result<bool> apply_once(const std::string& game_id, const std::string& game, const std::string& speed,
                          const std::vector<std::int64_t>& users, const Compute& compute);
  // The changes stored for a game, by user.
  Result<std::vector<RatingChange>> changes_of_game(const std::string& game_id);

  // The first win of a user against computer level `level` of `game` (kept only if it is the first).
  Status record_first_beaten(const std::string& game, int level, std::int64_t user_id, const std::string& game_id);
  Result<std::vector<FirstBeaten>> first_beaten(const std::string& game);

  Result<std::vector<UserRating>> ratings_of(std::int64_t user_id);
  Result<std::vector<HistoryPoint>> history_of(std::int64_t user_id, std::size_t limit);
  Result<std::vector<UserGame>> recent_games(std::int64_t user_id, std::size_t limit);
  Result<GameCounts> counts_of(std::int64_t user_id);
  // Highest rating first; established ratings (rd <= max_rd) or the others, as asked.
  Result<std::vector<BoardEntry>> board(const std::string& game, const std::string& speed, bool established,
                                        double max_rd, std::size_t limit);

 private:
  Db& db_;
};

}  // namespace oyin::storage
