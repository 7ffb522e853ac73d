#pragma once
// A rematch of a finished online game: the first call offers it, the other seat's call agrees,
// and the new game (colours swapped, same rules and clock, each player keeping their token) is
// stored and named in the old game's state. A rematch is a new pairing: a pairing ban or a block
// stops it. Runs with the session's lock held for a checked seat.
#include <optional>

#include "server/common/reply.h"
#include "server/play/game_session.h"

namespace oyin::server {

class FairPlayService;

class Rematcher {
 public:
  Rematcher(storage::GameStore& store, FairPlayService* fair_play) : store_(store), fair_play_(fair_play) {}
  std::optional<Reply> act(GameSession& s, int side);

 private:
  std::optional<Reply> refusal(const GameSession& s, int side) const;
  storage::GameStore& store_;
  FairPlayService* fair_play_;
};

}  // namespace oyin::server
