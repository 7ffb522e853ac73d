#include "server/http/drain.h"

#include <algorithm>

#include "core/event_log.h"

namespace oyin::server {

std::shared_ptr<void> Drain::hold() {
  ++*held_;
  return std::shared_ptr<void>(nullptr, [held = held_](void*) { --*held; });
}

void Drain::add(std::weak_ptr<Drainable> socket) {
  std::lock_guard lock(m_);
  // Forget the sessions that are gone now and then, so the list stays as long as the open ones.
  if (sockets_.size() >= 64 && (sockets_.size() & (sockets_.size() - 1)) == 0)
    std::erase_if(sockets_, [](const auto& w) { return w.expired(); });
  sockets_.push_back(std::move(socket));
  if (draining_)
    if (auto s = sockets_.back().lock()) s->close_for_restart();  // opened as the drain began
}

void Drain::start(boost::asio::io_context& ioc, std::chrono::milliseconds limit, std::function<void()> done) {
  std::vector<std::shared_ptr<Drainable>> open;
  {
    std::lock_guard lock(m_);
    draining_ = true;
    for (const auto& w : sockets_)
      if (auto s = w.lock()) open.push_back(std::move(s));
  }
  event_log::info("drain", {{"websockets", static_cast<std::int64_t>(open.size())}, {"requests", held_->load()},
                            {"limit_ms", static_cast<std::int64_t>(limit.count())}});
  for (const auto& s : open) s->close_for_restart();
  open.clear();
  done_ = std::move(done);
  deadline_ = std::chrono::steady_clock::now() + limit;
  timer_ = std::make_unique<boost::asio::steady_timer>(ioc);
  poll();
}

void Drain::poll() {
  bool idle = *held_ == 0;
  std::size_t left = 0;
  {
    std::lock_guard lock(m_);
    std::erase_if(sockets_, [](const auto& w) { return w.expired(); });
    left = sockets_.size();
  }
  idle = idle && left == 0;
  if (idle || std::chrono::steady_clock::now() >= deadline_) {
    if (!idle)
      event_log::warn("drain_timeout", {{"websockets", static_cast<std::int64_t>(left)}, {"requests", held_->load()}});
    done_();
    return;
  }
  timer_->expires_after(std::chrono::milliseconds(20));
  timer_->async_wait([this](const boost::system::error_code& ec) {
    if (!ec) poll();
  });
}

}  // namespace oyin::server
