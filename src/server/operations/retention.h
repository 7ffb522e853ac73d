#pragma once
// The retention schedule (issue 42): every `every_ms` of the server's Clock, a sweep deletes what
// the store no longer needs (storage/retention_store.h): lobby rows that ended more than
// `lobby_days` ago (seeks, quick pairings, direct challenges) and sessions past their end
// (AccountService's idle and absolute limits). The Clock only wakes the sweep; it runs on a thread
// of its own, so the store's work never holds up the game clocks' timers. With --clock manual a
// test moves time on and the sweeps due on the way run (tests/server/retention_test.cpp).
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

#include "server/accounts/wall_clock.h"
#include "server/common/clock.h"
#include "storage/retention_store.h"

namespace oyin::server {

struct RetentionOptions {
  double lobby_days = 7;              // ended lobby rows are kept this long; 0: the schedule is off
  std::int64_t every_ms = 3'600'000;  // a sweep this often (and one at start)
};

class RetentionScheduler {
 public:
  RetentionScheduler(storage::Db& db, Clock& clock, RetentionOptions options);
  ~RetentionScheduler() { stop(); }
  RetentionScheduler(const RetentionScheduler&) = delete;
  RetentionScheduler& operator=(const RetentionScheduler&) = delete;
  // Starts the schedule (nothing when lobby_days is 0).
  void start();
  // Cancels the next sweep and waits for one under way.
  void stop();
  // One sweep now, on the caller's thread; what it deleted.
  struct Swept {
    std::int64_t lobby_rows = 0, sessions = 0;
  };
  Swept sweep();

 private:
  void schedule_next();
  void run();

  storage::RetentionStore store_;
  Clock& clock_;
  accounts::WallClock wall_;
  RetentionOptions opt_;
  std::mutex m_;
  std::condition_variable cv_;
  bool due_ = false, stopping_ = false;
  std::uint64_t timer_ = 0;
  std::thread thread_;
};

}  // namespace oyin::server
