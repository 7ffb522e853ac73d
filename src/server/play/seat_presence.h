#pragma once
// Whether each player of an online game is connected, across instances on one database: a
// player connected to instance A is connected for instance B too, so that B neither shows them as
// away nor lets their opponent claim the game against them. The instances tell each other with
// signals on the games' channel (GameStore::signal), words of the form
//   presence <game id> <side> <connections on the sender>   when a seat's count changes there
//   ask <game id>                                            when an instance has loaded a game
//   alive                                                    every few seconds
// A player's away time is measured on each instance's own clock from the moment it learns that
// the seat has no connection left anywhere.
#include <chrono>
#include <map>
#include <mutex>
#include <string>

#include "server/common/clock.h"
#include "server/play/broadcaster.h"
#include "server/play/game_table.h"
#include "server/play/timekeeper.h"

namespace oyin::server {

class SeatPresence {
 public:
  SeatPresence(storage::GameStore& store, Clock& clock, GameTable& table, Timekeeper& timekeeper, Broadcaster& broadcaster)
      : store_(store), clock_(clock), table_(table), timekeeper_(timekeeper), broadcaster_(broadcaster) {}
  // A connection with seat token `token` came (s->m held); false when the token holds no seat.
  bool join(const SessionPtr& s, const std::string& token);
  // A connection with `token` went (s.m held); false when the token holds no seat.
  bool leave(GameSession& s, const std::string& token);
  // An instance that has just loaded game `id` asks who is connected here.
  void ask(const std::string& id) { (void)store_.signal("ask " + id); }
  // Another instance's words (see above).
  void heard(const std::string& instance, const std::string& words);
  // From the service's background thread, every half second: says this instance is alive, and
  // drops the connections counted for instances that have been silent too long.
  void keep_in_touch();

 private:
  void tell(const GameSession& s, int side);

  storage::GameStore& store_;
  Clock& clock_;
  GameTable& table_;
  Timekeeper& timekeeper_;
  Broadcaster& broadcaster_;
  std::mutex beats_mutex_;
  std::map<std::string, std::chrono::steady_clock::time_point> beats_;  // other instances, last heard
  std::chrono::steady_clock::time_point beat_sent_{};
};

}  // namespace oyin::server
