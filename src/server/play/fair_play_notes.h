#pragma once
// The play module's part in fair play: which losses between two accounts are bad endings of the
// loser (server/fair_play/fair_play_service.h says what follows from them). A claim against a
// player who left is one; a loss on time is one only after a long sit in a position the engine
// finds lost, judged off the calling thread.
#include "server/common/clock.h"
#include "server/play/engine_pool.h"
#include "server/play/game_session.h"
#include "server/play/game_table.h"

namespace oyin::server {

class FairPlayService;

class FairPlayNotes {
 public:
  FairPlayNotes(FairPlayService* fair_play, Clock& clock, EnginePool& engines, GameTable& table)
      : fair_play_(fair_play), clock_(clock), engines_(engines), table_(table) {}
  // Called with s.m held, once the loss is on record.
  void left(GameSession& s, int loser);
  void lost_on_time(GameSession& s, int loser);

 private:
  // Whether the side to move of `st` is clearly lost by the engine's short look (a loader thread).
  bool side_to_move_lost(const GameEntry& game, const GameState& st);

  FairPlayService* fair_play_;
  Clock& clock_;
  EnginePool& engines_;
  GameTable& table_;
};

}  // namespace oyin::server
