#include "server/play/game_table.h"

#include <boost/asio/post.hpp>

#include <algorithm>

namespace oyin::server {

std::size_t GameTable::size() {
  std::lock_guard lock(mutex_);
  return sessions_.size();
}

// Drops games nobody holds: only this map owns them (copies are handed out under mutex_, which
// we hold) and no WebSocket follows them. They are reloaded from the store when asked for.
void GameTable::evict_idle_locked() {
  if (sessions_.size() < max_cached_) return;
  std::erase_if(sessions_, [](const auto& kv) {
    const auto& s = kv.second;
    if (s.use_count() != 1) return false;
    return std::all_of(s->subscribers.begin(), s->subscribers.end(), [](const auto& w) { return w.expired(); });
  });
}

Result<SessionPtr> GameTable::find(const std::string& id) {
  SessionPtr s;
  std::promise<std::string> loading;
  bool load_here = false;
  {
    std::lock_guard lock(mutex_);
    if (auto it = sessions_.find(id); it != sessions_.end()) {
      s = it->second;
    } else {
      evict_idle_locked();
      s = std::make_shared<GameSession>();
      s->loaded = loading.get_future().share();
      sessions_.emplace(id, s);
      load_here = true;
    }
  }
  if (load_here) {
    std::string error = load_(*s, id);
    if (!error.empty()) {
      std::lock_guard lock(mutex_);
      if (auto it = sessions_.find(id); it != sessions_.end() && it->second == s) sessions_.erase(it);
    }
    loading.set_value(std::move(error));
    if (s->loaded.get().empty()) {
      std::lock_guard lock(s->m);
      on_loaded_(s);
    }
  }
  if (const std::string& error = s->loaded.get(); !error.empty()) return make_error(error);
  return s;
}

SessionPtr GameTable::loaded(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = sessions_.find(id);
  return it != sessions_.end() && it->second->ready() ? it->second : nullptr;
}

void GameTable::when_loaded(const std::string& id, std::function<void()> then) {
  bool ready = false;
  {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(id);
    ready = it != sessions_.end() && it->second->loaded.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  }
  if (ready) {
    then();
    return;
  }
  boost::asio::post(loaders_, [this, id, then = std::move(then)] {
    (void)find(id);
    then();
  });
}

void GameTable::run_slow(std::function<void()> work) { boost::asio::post(loaders_, std::move(work)); }

void GameTable::add(const SessionPtr& s) {
  std::lock_guard lock(mutex_);
  evict_idle_locked();
  sessions_[s->row.id] = s;
}

void GameTable::erase(const std::string& id) {
  std::lock_guard lock(mutex_);
  sessions_.erase(id);
}

std::vector<SessionPtr> GameTable::all(bool ready_only) {
  std::vector<SessionPtr> out;
  std::lock_guard lock(mutex_);
  for (auto& [id, s] : sessions_)
    if (!ready_only || s->ready()) out.push_back(s);
  return out;
}

std::vector<SessionPtr> GameTable::changed(const std::string& id) {
  std::vector<SessionPtr> stale;
  std::lock_guard lock(mutex_);
  for (auto& [key, s] : sessions_) {
    if (!id.empty() && key != id) continue;
    if (s->loaded.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
      s->changed_while_loading = true;
    else if (s->loaded.get().empty())
      stale.push_back(s);
  }
  return stale;
}

}  // namespace oyin::server
