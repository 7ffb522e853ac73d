#pragma once
// Undo in games against the computer and hotseat games (never online or rated): the last move
// taken back, against the computer back to the human's turn, the clocks to the times stored with
// the moves kept. Runs with the session's lock held for a checked seat.
#include <optional>

#include "server/common/clock.h"
#include "server/common/reply.h"
#include "server/play/game_session.h"

namespace oyin::server {

class Takebacker {
 public:
  Takebacker(storage::GameStore& store, Clock& clock) : store_(store), clock_(clock) {}
  std::optional<Reply> act(GameSession& s);

 private:
  storage::GameStore& store_;
  Clock& clock_;
};

}  // namespace oyin::server
