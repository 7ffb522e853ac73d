#pragma once
// The computer players' moves on their way to the worker threads. Each game's move is queued
// under its owner (the account of its human player, a guest's address), owners are served in
// turn, and at most `per_owner` of one owner's games think at once: a player who starts thirty
// games against the computer waits for his own, never holds up anybody else's.
#include <boost/asio/thread_pool.hpp>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>

namespace oyin::server {

class ComputerQueue {
 public:
  // `slots`: moves computed at once (the worker threads); `per_owner`: of one owner's games.
  ComputerQueue(boost::asio::thread_pool& workers, int slots, int per_owner);

  // Runs `job` on a worker once its owner's turn comes.
  void submit(const std::string& owner, std::function<void()> job);
  // Moves waiting for a worker (not those being computed).
  std::size_t waiting() const;
  int per_owner() const { return per_owner_; }

 private:
  struct Owner {
    std::deque<std::function<void()>> jobs;
    int running = 0;
  };
  void dispatch_locked();
  void finished(const std::string& owner);

  boost::asio::thread_pool& workers_;
  const int per_owner_;
  mutable std::mutex m_;
  int free_slots_;
  std::unordered_map<std::string, Owner> owners_;
  std::deque<std::string> turns_;  // owners with moves waiting, the next to be served first
  std::size_t waiting_ = 0;
};

// Whose computer games a move counts against: the account, else the guest's address, else the
// game itself (a game loaded after a restart whose guest has not come back yet).
std::string computer_owner(std::int64_t user, const std::string& address, const std::string& game_id);

}  // namespace oyin::server
