#include "server/accounts/hashing_queue.h"

#include <algorithm>

namespace oyin::server::accounts {

HashingQueue::HashingQueue(int threads, std::size_t max_waiting_checks, std::size_t max_waiting_sign_ups)
    : max_checks_(max_waiting_checks), max_sign_ups_(max_waiting_sign_ups), sign_up_threads_(std::max(1, threads - 1)) {
  for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
}

bool HashingQueue::post(Lane lane, std::function<void()> job) {
  {
    std::lock_guard lock(m_);
    auto& q = lane == Lane::check ? checks_ : sign_ups_;
    if (stopping_ || q.size() >= (lane == Lane::check ? max_checks_ : max_sign_ups_)) return false;
    q.push_back(std::move(job));
  }
  cv_.notify_all();  // the thread kept for checks may not take a sign-up: wake every one
  return true;
}

void HashingQueue::run() {
  for (;;) {
    std::function<void()> job;
    bool sign_up = false;
    {
      std::unique_lock lock(m_);
      const auto may_sign_up = [this] { return !sign_ups_.empty() && running_sign_ups_ < sign_up_threads_; };
      cv_.wait(lock, [&] { return !checks_.empty() || may_sign_up() || (stopping_ && sign_ups_.empty()); });
      if (!checks_.empty()) {
        job = std::move(checks_.front());
        checks_.pop_front();
      } else if (may_sign_up()) {
        job = std::move(sign_ups_.front());
        sign_ups_.pop_front();
        sign_up = true;
        ++running_sign_ups_;
      } else {
        return;  // stopping, and nothing left for this thread
      }
    }
    job();
    if (sign_up) {
      {
        std::lock_guard lock(m_);
        --running_sign_ups_;
      }
      cv_.notify_all();  // a thread waiting for its turn at a sign-up may take one now
    }
  }
}

void HashingQueue::stop() {
  {
    std::lock_guard lock(m_);
    stopping_ = true;
  }
  cv_.notify_all();
  for (auto& t : threads_)
    if (t.joinable()) t.join();
}

}  // namespace oyin::server::accounts
