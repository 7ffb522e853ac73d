#pragma once
// An online game's seat follows the account that first acts for it: the first action on a seat
// that has no account gives the seat to the signed-in player (a rated game wants one). Called with
// the session's lock held.
#include <cstdint>
#include <optional>

#include "server/common/reply.h"
#include "server/play/game_loader.h"
#include "server/play/rating_keeper.h"

namespace oyin::server {

class SeatAccounts {
 public:
  SeatAccounts(storage::GameStore& store, GameLoader& loader, RatingKeeper& ratings)
      : store_(store), loader_(loader), ratings_(ratings) {}
  // `user`: the signed-in account acting for seat `side` (0: a guest). An error stops the action.
  std::optional<Reply> take(GameSession& s, int side, std::int64_t user);

 private:
  storage::GameStore& store_;
  GameLoader& loader_;
  RatingKeeper& ratings_;
};

}  // namespace oyin::server
