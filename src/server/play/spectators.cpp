#include "server/play/spectators.h"

#include "server/play/broadcaster.h"

namespace oyin::server {

std::optional<Reply> Spectators::admit(const SessionPtr& s, const std::string& address) {
  Watchers& w = s->watchers;
  if (w.count >= kMaxSpectators || w.by_address[address] >= kMaxSpectatorsPerAddress) {
    if (w.by_address[address] == 0) w.by_address.erase(address);
    return Reply::error(429, "too_many_spectators", "too many spectators of this game", {{"max", kMaxSpectatorsPerAddress}});
  }
  ++w.count;
  ++w.by_address[address];
  changed(s);  // the players see one more watching, a moment later
  return std::nullopt;
}

void Spectators::leave(const SessionPtr& s, const std::string& address) {
  Watchers& w = s->watchers;
  if (w.count <= 0) return;
  --w.count;
  if (auto it = w.by_address.find(address); it != w.by_address.end() && --it->second <= 0) w.by_address.erase(it);
  changed(s);
}

void Spectators::changed(const SessionPtr& s) {
  if (s->watchers.changed) return;
  s->watchers.changed = true;
  std::lock_guard lock(mutex_);
  changed_.push_back(s);
}

void Spectators::push_changed() {
  std::vector<std::weak_ptr<GameSession>> changed;
  {
    std::lock_guard lock(mutex_);
    changed.swap(changed_);
  }
  for (const auto& weak : changed) {
    const auto s = weak.lock();
    if (!s) continue;
    std::lock_guard lock(s->m);
    s->watchers.changed = false;
    Broadcaster::send(*s, nlohmann::json{{"type", "spectators"}, {"count", s->watchers.count}}.dump());
  }
}

}  // namespace oyin::server
