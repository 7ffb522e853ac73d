#pragma once
// SIGTERM's drain (issue 42): a stopping server first stops accepting connections, lets the
// requests it is answering finish (their responses close their connections), closes every
// WebSocket with a close frame (1001, going away: the client connects again, to this server's
// successor or another instance), and stops once none is left or after a limit.
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace oyin::server {

// A WebSocket a drain closes.
class Drainable {
 public:
  virtual ~Drainable() = default;
  // Sends a close frame (going away) and ends the session once the client answers it.
  virtual void close_for_restart() = 0;
};

class Drain {
 public:
  // Held by a request from its reading to its response's writing: the drain waits for it.
  std::shared_ptr<void> hold();
  // A WebSocket the drain will close (and wait for, until the session is gone).
  void add(std::weak_ptr<Drainable> socket);
  bool draining() const { return draining_; }
  // Starts the drain: closes the sockets, then calls `done` on `ioc` once no request is held and
  // no socket is left, or after `limit`.
  void start(boost::asio::io_context& ioc, std::chrono::milliseconds limit, std::function<void()> done);

 private:
  void poll();

  std::atomic<bool> draining_{false};
  std::shared_ptr<std::atomic<int>> held_ = std::make_shared<std::atomic<int>>(0);
  std::mutex m_;
  std::vector<std::weak_ptr<Drainable>> sockets_;
  std::unique_ptr<boost::asio::steady_timer> timer_;
  std::chrono::steady_clock::time_point deadline_;
  std::function<void()> done_;
};

}  // namespace oyin::server
