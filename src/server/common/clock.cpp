#include "server/common/clock.h"

#include <chrono>

namespace oyin::server {

std::uint64_t TimerQueue::add(std::int64_t at_ms, std::function<void()> fn) {
  const std::uint64_t id = next_id_++;
  by_id_[id] = by_time_.emplace(at_ms, std::make_pair(id, std::move(fn)));
  return id;
}

void TimerQueue::cancel(std::uint64_t id) {
  auto it = by_id_.find(id);
  if (it == by_id_.end()) return;
  by_time_.erase(it->second);
  by_id_.erase(it);
}

bool TimerQueue::next(std::int64_t& at_ms) const {
  if (by_time_.empty()) return false;
  at_ms = by_time_.begin()->first;
  return true;
}

std::function<void()> TimerQueue::pop_due(std::int64_t now_ms) {
  if (by_time_.empty() || by_time_.begin()->first > now_ms) return {};
  auto it = by_time_.begin();
  std::function<void()> fn = std::move(it->second.second);
  by_id_.erase(it->second.first);
  by_time_.erase(it);
  return fn;
}

SteadyClock::SteadyClock() : thread_([this] { run(); }) {}

SteadyClock::~SteadyClock() {
  {
    std::lock_guard lock(m_);
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

std::int64_t SteadyClock::now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::int64_t SteadyClock::wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::uint64_t SteadyClock::call_at(std::int64_t at_ms, std::function<void()> fn) {
  std::uint64_t id;
  {
    std::lock_guard lock(m_);
    id = timers_.add(at_ms, std::move(fn));
  }
  cv_.notify_all();
  return id;
}

void SteadyClock::cancel(std::uint64_t id) {
  std::lock_guard lock(m_);
  timers_.cancel(id);
}

void SteadyClock::run() {
  std::unique_lock lock(m_);
  while (!stop_) {
    std::int64_t at = 0;
    if (!timers_.next(at)) {
      cv_.wait(lock);
      continue;
    }
    const std::int64_t now = now_ms();
    if (at > now) {
      cv_.wait_for(lock, std::chrono::milliseconds(at - now));
      continue;
    }
    std::function<void()> fn = timers_.pop_due(now);
    lock.unlock();
    if (fn) fn();
    fn = nullptr;  // what it holds is released outside the lock too
    lock.lock();
  }
}

std::int64_t ManualClock::now_ms() {
  std::lock_guard lock(m_);
  return now_;
}

std::uint64_t ManualClock::call_at(std::int64_t at_ms, std::function<void()> fn) {
  std::lock_guard lock(m_);
  return timers_.add(at_ms, std::move(fn));
}

void ManualClock::cancel(std::uint64_t id) {
  std::lock_guard lock(m_);
  timers_.cancel(id);
}

void ManualClock::advance(std::int64_t ms) {
  std::unique_lock lock(m_);
  const std::int64_t target = now_ + std::max<std::int64_t>(ms, 0);
  for (;;) {
    std::int64_t at = 0;
    if (!timers_.next(at) || at > target) break;
    now_ = std::max(now_, at);
    std::function<void()> fn = timers_.pop_due(now_);
    lock.unlock();
    fn();
    fn = nullptr;
    lock.lock();
  }
  now_ = target;
}

}  // namespace oyin::server
