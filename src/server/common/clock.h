#pragma once
// The server's time source and timers, injectable: the steady clock of the machine in
// production, a manual clock in tests (time moves only when the test says so, and the timers due
// by then run at once, so no test sleeps). Game clocks read the time only through this.
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace oyin::server {

class Clock {
 public:
  virtual ~Clock() = default;
  // Milliseconds on a clock that never goes back (its zero is arbitrary).
  virtual std::int64_t now_ms() = 0;
  // Milliseconds that every process on one store agrees on (the lobby keeps its rows' expiry
  // there): the wall clock on a steady clock, whose zero is each machine's own; a manual clock's
  // own time (each process's starts at the same value and tests move them alike).
  virtual std::int64_t wall_ms() { return now_ms(); }
  // Runs `fn` once now_ms() >= at_ms (on the clock's own thread, or inside advance() of a manual
  // clock), without any lock of the clock held. Returns an id for cancel (never 0).
  virtual std::uint64_t call_at(std::int64_t at_ms, std::function<void()> fn) = 0;
  // Forgets a timer that has not started running; never waits for one that has.
  virtual void cancel(std::uint64_t id) = 0;
};

// Timers kept in time order; the two clocks differ only in how time passes.
class TimerQueue {
 public:
  std::uint64_t add(std::int64_t at_ms, std::function<void()> fn);
  void cancel(std::uint64_t id);
  // The earliest due time, if any.
  bool next(std::int64_t& at_ms) const;
  // Removes and returns the earliest timer if it is due at `now_ms`.
  std::function<void()> pop_due(std::int64_t now_ms);

 private:
  std::uint64_t next_id_ = 1;
  std::multimap<std::int64_t, std::pair<std::uint64_t, std::function<void()>>> by_time_;
  std::unordered_map<std::uint64_t, decltype(by_time_)::iterator> by_id_;
};

// std::chrono::steady_clock, with one thread that runs the timers.
class SteadyClock final : public Clock {
 public:
  SteadyClock();
  ~SteadyClock() override;
  std::int64_t now_ms() override;
  std::int64_t wall_ms() override;
  std::uint64_t call_at(std::int64_t at_ms, std::function<void()> fn) override;
  void cancel(std::uint64_t id) override;

 private:
  void run();
  std::mutex m_;
  std::condition_variable cv_;
  TimerQueue timers_;
  bool stop_ = false;
  std::thread thread_;
};

// Time stands still until advance(); tests and `oyin serve --clock manual` use it.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(std::int64_t start_ms = 1'000'000) : now_(start_ms) {}
  std::int64_t now_ms() override;
  std::uint64_t call_at(std::int64_t at_ms, std::function<void()> fn) override;
  void cancel(std::uint64_t id) override;
  // Moves time forward by `ms`, running every timer that falls due on the way, in time order
  // (each with the time set to its due time).
  void advance(std::int64_t ms);

 private:
  std::mutex m_;
  std::int64_t now_;
  TimerQueue timers_;
};

}  // namespace oyin::server
