#pragma once
// Ratings on the server: what a game's state shows of its players ("players", "rating_change"),
// the Glicko-2 update at the end of every rated game (one game = one rating period for each
// side, per user, game and speed class), who first beat each computer level, and the player and
// leaderboard pages (GET /api/players/{name}, GET /api/leaderboard/{game}).
//
// Rated: a game between two accounts created with "rated": true (online, on a clock), and a
// timed game of a signed-in user against the computer, rated against the level's fixed rating
// (GameEntry::level_ratings(); the computer's rating never moves) in a pool of its own
// (kComputerPool), apart from the speed classes that rate and pair people.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "registry/registry.h"
#include "storage/account_store.h"
#include "storage/game_store.h"
#include "storage/rating_store.h"

namespace oyin::server {

struct Reply;

class RatingService {
 public:
  // The deviation given to a computer level's fixed rating when a user is rated against it: the
  // ladders' step margins are about +-50..100 Elo.
  static constexpr double kComputerDeviation = 60;
  // The "speed" under which games against the computer are rated.
  static constexpr const char* kComputerPool = "computer";
  // How many recent games and history points GET /api/players/{name} gives.
  static constexpr std::size_t kRecentGames = 20, kHistoryPoints = 500;
  // Leaderboard length (established and provisional, each).
  static constexpr std::size_t kBoardLength = 100;

  explicit RatingService(storage::Db& db) : accounts_(db), ratings_(db) {}

  // The speed class of a game's clock ("" for an untimed game, which is never rated).
  static std::string speed_of(const storage::StoredGame& row);
  // "players": by side index, {"username", "rating", "provisional"} (the computer's seat:
  // {"username": null, "computer_level", "rating"}).
  nlohmann::json players_json(const storage::StoredGame& row, const GameEntry& g);
  // Called once a game has ended with `result` ("1-0", "0-1", "1/2-1/2" or "*" for an abort):
  // applies the ratings if the game is rated (once, even with several server processes), records
  // a first win against a computer level (`over_the_board`: the rules ended the game, not a
  // clock), and returns "rating_change" (null when none).
  nlohmann::json game_ended(storage::StoredGame& row, const GameEntry& g, const std::string& result, bool over_the_board);

  Reply player(const std::string& name);
  Reply leaderboard(const std::string& game, const std::string& speed);

 private:
  nlohmann::json rating_change_json(const storage::StoredGame& row);

  storage::AccountStore accounts_;
  storage::RatingStore ratings_;
};

}  // namespace oyin::server
