#pragma once
// Accounts at the table: the state's "players" (names and ratings) kept current, and the
// ratings settled once when a game ends (server/ratings/rating_service.h does the sums). Without
// a RatingService every seat is a guest's and nothing is rated. Called with the session's lock held.
#include <functional>
#include <string>

#include "server/play/game_session.h"

namespace oyin::server {

class RatingService;

class RatingKeeper {
 public:
  explicit RatingKeeper(RatingService* ratings) : ratings_(ratings) {}
  bool enabled() const { return ratings_ != nullptr; }
  // The "players" of the state again (after a seat changed hands or a rating moved).
  void refresh_players(GameSession& s);
  // Once the game has ended: its rating change, looked at once (undo opens it again).
  void settle(GameSession& s);
  // Told the id of every game once it has ended (with the session's lock held: it must only
  // hand the work on). Set before the first game is played.
  void on_ended(std::function<void(const std::string& id)> hook) { ended_ = std::move(hook); }
  static void reopen(GameSession& s) {
    s.accounts.settled = false;
    s.accounts.rating_change = nullptr;
  }

 private:
  RatingService* ratings_;
  std::function<void(const std::string&)> ended_;
};

}  // namespace oyin::server
