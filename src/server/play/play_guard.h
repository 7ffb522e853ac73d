#pragma once
// The positions of the online games between people now being played: no analysis is given for
// them, so that a player cannot ask the engine about the position on the board. GameService
// notes each game's current position after every change; the analysis service asks. Keyed by
// "<game>\n<position text>", one entry per game id (several games may share a position).
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace oyin::server {

// Positions from this ply on are guarded. The first plies are everyone's: a new game at ply 0
// would otherwise close the start position's analysis to all while anyone waits for a friend,
// and an opening's first moves are book knowledge, not help.
inline constexpr std::size_t kGuardFromPly = 4;

class PlayGuard {
 public:
  // Game `id` is being played at `key` (replaces its earlier position).
  void set(const std::string& id, std::string key) {
    std::lock_guard lock(m_);
    auto [it, fresh] = by_game_.try_emplace(id, key);
    if (!fresh) {
      if (it->second == key) return;
      drop_locked(it->second);
      it->second = key;
    }
    ++count_[std::move(key)];
  }
  // Game `id` is over (or not one to guard).
  void clear(const std::string& id) {
    std::lock_guard lock(m_);
    auto it = by_game_.find(id);
    if (it == by_game_.end()) return;
    drop_locked(it->second);
    by_game_.erase(it);
  }
  bool guarded(const std::string& key) const {
    std::lock_guard lock(m_);
    return count_.contains(key);
  }

 private:
  void drop_locked(const std::string& key) {
    if (auto c = count_.find(key); c != count_.end() && --c->second <= 0) count_.erase(c);
  }
  mutable std::mutex m_;
  std::unordered_map<std::string, std::string> by_game_;
  std::unordered_map<std::string, int> count_;
};

}  // namespace oyin::server
