#pragma once
// The threads that run password hashes (Argon2id: a fraction of a second and 64 MiB each), fed
// by two queues: checks of a password (sign-ins) always go before new hashes for sign-ups, so a
// flood of sign-ups cannot hold up the people signing in (sign-ups run on all threads but one,
// which is kept for checks, so a check never waits for a sign-up's hash to end); and each queue
// has a bound on waiting jobs, so a flood costs neither unbounded memory nor unbounded waits
// (post() says no instead, and the caller answers 503).
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace oyin::server::accounts {

class HashingQueue {
 public:
  enum class Lane { check, sign_up };

  HashingQueue(int threads, std::size_t max_waiting_checks, std::size_t max_waiting_sign_ups);
  ~HashingQueue() { stop(); }
  HashingQueue(const HashingQueue&) = delete;
  HashingQueue& operator=(const HashingQueue&) = delete;

  // Queues `job`; false (and `job` dropped) when its lane is full or the queue has stopped.
  bool post(Lane lane, std::function<void()> job);
  // Runs what is queued, then joins the threads.
  void stop();

 private:
  void run();

  std::mutex m_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> checks_, sign_ups_;
  std::size_t max_checks_, max_sign_ups_;
  int sign_up_threads_;  // at most this many sign-ups at once
  int running_sign_ups_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace oyin::server::accounts
