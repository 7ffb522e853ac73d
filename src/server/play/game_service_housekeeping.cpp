// GameService's housekeeping: the spectators' counts pushed as small coalesced messages, and the
// games nobody ever moved in deleted after a while. Both run on the service's background thread.
// Lives beside game_service.cpp, whose Session it shares.
#include <algorithm>
#include <chrono>
#include <ctime>

#include "server/play/game_service.h"
#include "server/play/game_session.h"

namespace oyin::server {

void GameService::spectators_changed(const std::shared_ptr<Session>& s) {
  if (s->spectators_changed) return;
  s->spectators_changed = true;
  std::lock_guard lock(spectators_mutex_);
  spectators_changed_.push_back(s);
}

void GameService::push_spectators() {
  std::vector<std::weak_ptr<Session>> changed;
  {
    std::lock_guard lock(spectators_mutex_);
    changed.swap(spectators_changed_);
  }
  for (const auto& weak : changed) {
    const auto s = weak.lock();
    if (!s) continue;
    std::lock_guard lock(s->m);
    s->spectators_changed = false;
    const std::string text = json{{"type", "spectators"}, {"count", s->spectators}}.dump();
    std::erase_if(s->subscribers, [&](const std::weak_ptr<Subscriber>& w) {
      auto sub = w.lock();
      if (!sub) return true;
      sub->send_text(text);
      return false;
    });
  }
}

void GameService::drop_unstarted() {
  const std::int64_t after = opt_.drop_unstarted_after_s;
  if (after <= 0) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - unstarted_swept_ < std::chrono::seconds(std::min(after, kUnstartedSweepS))) return;
  unstarted_swept_ = now;
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now() - std::chrono::seconds(after));
  std::tm tm{};
  gmtime_r(&t, &tm);
  char before[32];
  std::strftime(before, sizeof before, "%Y-%m-%dT%H:%M:%SZ", &tm);
  // In batches, so that a flood of empty games does not hold the writer for long at a time.
  for (int batch = 0; batch < 100; ++batch) {
    auto ids = store_.delete_unstarted(before, 500);
    if (!ids || ids->empty()) return;
    std::lock_guard lock(mutex_);
    for (const auto& id : *ids) sessions_.erase(id);
  }
}

}  // namespace oyin::server
