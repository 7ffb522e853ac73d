#pragma once
// The ways a seat ends a game before the rules do, one class each: resigning, offering and
// agreeing a draw, and claiming a game whose opponent has left. Each `act` runs with the
// session's lock held for a checked seat; an error stops it, nothing means done (the state is
// pushed by the caller).
#include <optional>

#include "server/common/clock.h"
#include "server/common/reply.h"
#include "server/play/fair_play_notes.h"
#include "server/play/game_loader.h"
#include "server/play/state_view.h"

namespace oyin::server {

class Resigner {
 public:
  Resigner(storage::GameStore& store, GameLoader& loader) : store_(store), loader_(loader) {}
  std::optional<Reply> act(GameSession& s, int side);

 private:
  storage::GameStore& store_;
  GameLoader& loader_;
};

// The first call offers a draw, the other seat's call agrees (at once in hotseat); the computer
// declines and plays on.
class Drawer {
 public:
  Drawer(storage::GameStore& store, GameLoader& loader, const StateView& view) : store_(store), loader_(loader), view_(view) {}
  std::optional<Reply> act(GameSession& s, int side);

 private:
  storage::GameStore& store_;
  GameLoader& loader_;
  const StateView& view_;
};

// A timed online game whose opponent has had no connection for kAbandonMs: the claimer wins (a
// draw if the claimer cannot possibly win), and the leaver's bad ending is noted.
class AbandonClaims {
 public:
  AbandonClaims(storage::GameStore& store, Clock& clock, GameLoader& loader, FairPlayNotes& fair_play)
      : store_(store), clock_(clock), loader_(loader), fair_play_(fair_play) {}
  std::optional<Reply> act(GameSession& s, int side);

 private:
  storage::GameStore& store_;
  Clock& clock_;
  GameLoader& loader_;
  FairPlayNotes& fair_play_;
};

}  // namespace oyin::server
