#pragma once
// The computer's moves: queued under their owner (server/play/computer_queue.h), the computer's
// clock held while a move waits, then computed on a worker and played like anyone's. With
// several instances on one database the one that claims a game computes its move; the claims
// other instances hold are tried again here, in case one died.
#include <atomic>

#include "server/common/clock.h"
#include "server/play/broadcaster.h"
#include "server/play/computer_queue.h"
#include "server/play/engine_pool.h"
#include "server/play/game_loader.h"
#include "server/play/game_table.h"
#include "server/play/move_maker.h"
#include "server/play/rating_keeper.h"
#include "server/play/timekeeper.h"

namespace oyin::server {

class ComputerPlayer {
 public:
  struct Parts {
    storage::GameStore& store;
    Clock& clock;
    EnginePool& engines;
    GameTable& table;
    GameLoader& loader;
    Timekeeper& timekeeper;
    MoveMaker& mover;
    RatingKeeper& ratings;
    Broadcaster& broadcaster;
  };
  // `slots`: moves computed at once; `per_owner`: of one owner's games.
  ComputerPlayer(Parts parts, boost::asio::thread_pool& workers, int slots, int per_owner)
      : p_(parts), queue_(workers, slots, per_owner) {}
  // Called with s->m held after any change: starts the computer's move if it is its turn.
  void maybe_start(const SessionPtr& s);
  // Every half second: the games whose move another instance claimed, read again and tried here.
  void retry_claims();
  // No new move starts after this; wait_idle blocks until those being computed are done.
  void stop() { stopping_ = true; }
  void wait_idle();

 private:
  void think(const SessionPtr& s, std::uint64_t version, const std::shared_ptr<std::atomic<bool>>& stop, int level);

  Parts p_;
  ComputerQueue queue_;
  std::atomic<bool> stopping_{false};
  std::atomic<int> running_{0};
};

}  // namespace oyin::server
