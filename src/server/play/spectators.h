#pragma once
// The connections that follow a game without a seat: at most kMaxSpectators in a game and
// kMaxSpectatorsPerAddress of one address in it; their comings and goings are pushed as
// {"type": "spectators", "count"} at most every push interval (push_changed, from the service's
// background thread), not as a whole state per arrival.
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/common/reply.h"
#include "server/play/game_session.h"

namespace oyin::server {

class Spectators {
 public:
  static constexpr int kMaxSpectators = 5000, kMaxSpectatorsPerAddress = 32;
  // A spectator from `address` comes (s->m held): refused when too many.
  std::optional<Reply> admit(const SessionPtr& s, const std::string& address);
  // One went (s->m held).
  void leave(const SessionPtr& s, const std::string& address);
  // Pushes the counts that changed since the last call.
  void push_changed();

 private:
  void changed(const SessionPtr& s);
  std::mutex mutex_;
  std::vector<std::weak_ptr<GameSession>> changed_;
};

}  // namespace oyin::server
