#pragma once
// A move played on a game: checked by the rules, timed by the game's clock, committed to the
// store before anything else sees it (a write another instance beat is undone here and answered
// as stale). The players' moves and the computer's come through here. Called with the lock held.
#include <string>

#include "server/common/clock.h"
#include "server/common/reply.h"
#include "server/play/game_loader.h"
#include "server/play/timekeeper.h"

namespace oyin::server {

class MoveMaker {
 public:
  MoveMaker(storage::GameStore& store, Clock& clock, GameLoader& loader, Timekeeper& timekeeper)
      : store_(store), clock_(clock), loader_(loader), timekeeper_(timekeeper) {}
  // 200 with an empty body when played; else the refusal (422 illegal_move, 409 game_over or
  // stale_game, 500).
  Reply play(GameSession& s, const std::string& move);

 private:
  storage::GameStore& store_;
  Clock& clock_;
  GameLoader& loader_;
  Timekeeper& timekeeper_;
};

}  // namespace oyin::server
