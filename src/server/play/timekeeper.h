#pragma once
// The clocks of games in play: deadlines armed on the injected Clock after every change, flags
// that fall by a timer even if nobody moves, the first-move abort and the wait for both players
// to come. Called with the session's lock held.
#include <atomic>
#include <memory>
#include <shared_mutex>
#include <string>

#include "server/common/clock.h"
#include "server/play/broadcaster.h"
#include "server/play/fair_play_notes.h"
#include "server/play/game_loader.h"
#include "server/play/rating_keeper.h"

namespace oyin::server {

class Timekeeper {
 public:
  Timekeeper(Clock& clock, storage::GameStore& store, GameLoader& loader, Broadcaster& broadcaster,
             RatingKeeper& ratings, FairPlayNotes& fair_play)
      : clock_(clock), store_(store), loader_(loader), broadcaster_(broadcaster), ratings_(ratings), fair_play_(fair_play) {}
  // A seat comes when a request or a connection carries its token; the wait for the first move
  // of an online game begins once both have come.
  void seen(GameSession& s, const std::string& token);
  void seat_seen(GameSession& s, int side);
  // After anything that may change what is due next: the next deadline armed (or the clocks
  // stopped on a game that is over).
  void arm(const SessionPtr& s);
  // Ends the game if its deadline has passed; true when it did (or found, reading the game again,
  // that another instance ended it or moved in time).
  bool settle(GameSession& s);
  // settle, and when it ended the game: its ratings and its state pushed.
  void settle_and_push(GameSession& s);
  // The game lost on time by `loser`, or aborted for want of a first move.
  void end_by_clock(GameSession& s, int loser, bool abort);
  // No deadline runs after this (it waits for one being handled); then cancel each game's timer.
  void stop();
  void cancel(GameSession& s);

 private:
  void on_deadline(const SessionPtr& s, std::uint64_t timer);

  Clock& clock_;
  storage::GameStore& store_;
  GameLoader& loader_;
  Broadcaster& broadcaster_;
  RatingKeeper& ratings_;
  FairPlayNotes& fair_play_;
  // Timers run a game's deadline only while this says alive (stop ends that, waiting for a
  // deadline in progress).
  struct Alive {
    std::shared_mutex m;
    bool alive = true;
  };
  std::shared_ptr<Alive> alive_ = std::make_shared<Alive>();
  std::atomic<bool> stopped_{false};
};

}  // namespace oyin::server
