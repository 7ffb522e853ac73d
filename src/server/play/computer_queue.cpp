#include "server/play/computer_queue.h"

#include <boost/asio/post.hpp>

#include <algorithm>

namespace oyin::server {

ComputerQueue::ComputerQueue(boost::asio::thread_pool& workers, int slots, int per_owner)
    : workers_(workers), per_owner_(std::max(1, per_owner)), free_slots_(std::max(1, slots)) {}

std::string computer_owner(std::int64_t user, const std::string& address, const std::string& game_id) {
  if (user != 0) return "user " + std::to_string(user);
  if (!address.empty()) return "address " + address;
  return "game " + game_id;
}

void ComputerQueue::submit(const std::string& owner, std::function<void()> job) {
  std::lock_guard lock(m_);
  Owner& o = owners_[owner];
  if (o.jobs.empty()) turns_.push_back(owner);
  o.jobs.push_back(std::move(job));
  ++waiting_;
  dispatch_locked();
}

std::size_t ComputerQueue::waiting() const {
  std::lock_guard lock(m_);
  return waiting_;
}

// Round robin over the owners with moves waiting: each pass starts at most one move of each
// owner under its cap, so a newcomer's move goes before the second move of anyone else's.
void ComputerQueue::dispatch_locked() {
  bool started = true;
  while (free_slots_ > 0 && started && !turns_.empty()) {
    started = false;
    for (std::size_t n = turns_.size(); n > 0 && free_slots_ > 0; --n) {
      std::string name = std::move(turns_.front());
      turns_.pop_front();
      Owner& o = owners_[name];
      if (o.running < per_owner_ && !o.jobs.empty()) {
        auto job = std::move(o.jobs.front());
        o.jobs.pop_front();
        ++o.running;
        --free_slots_;
        --waiting_;
        started = true;
        boost::asio::post(workers_, [this, name, job = std::move(job)] {
          job();
          finished(name);
        });
      }
      if (!o.jobs.empty()) turns_.push_back(std::move(name));
    }
  }
}

void ComputerQueue::finished(const std::string& owner) {
  std::lock_guard lock(m_);
  ++free_slots_;
  if (auto it = owners_.find(owner); it != owners_.end()) {
    --it->second.running;
    if (it->second.running == 0 && it->second.jobs.empty()) owners_.erase(it);
  }
  // The owner just served waits behind those who have waited meanwhile.
  if (auto t = std::find(turns_.begin(), turns_.end(), owner); t != turns_.end()) {
    turns_.erase(t);
    turns_.push_back(owner);
  }
  dispatch_locked();
}

}  // namespace oyin::server
