// GameService with several instances on one database: a game read again after another instance
// changed it, the stale answers of a write that lost the race, and the refresh a notification
// asks for. Lives beside game_service.cpp, whose Session it shares.
#include "server/play/game_service.h"

#include <boost/asio/post.hpp>

#include <algorithm>
#include <chrono>
#include <limits>

#include "registry/registry.h"
#include "server/common/error_codes.h"
#include "server/play/game_clock.h"
#include "server/play/game_session.h"
#include "server/ratings/rating_service.h"

namespace oyin::server {

// Reads the game again from the store into `s` (held by the caller), for a change another
// instance made. The version jumps to at least the clock, so that a client that moved from an
// instance that died to this one does not take the new states for stale ones.
bool GameService::reload_locked(Session& s) {
  Session fresh;
  if (!load_into(fresh, s.row.id).empty()) return false;
  // The clocks: rebuilt from the stored times when moves were made elsewhere (the other side's
  // time runs from now, a notification's delay after that move); kept as they run here when the
  // moves are the same (a draw offer, an end), so that no turn's time is given back.
  if (fresh.row.moves != s.row.moves) {
    s.clock = fresh.clock;
    s.clock_marks = std::move(fresh.clock_marks);
  } else if (clock_end_code(fresh.row.reason) == "time") {
    s.clock.flag(index(fresh.state->side_to_move()));
  }
  s.row = std::move(fresh.row);
  s.mode = fresh.mode;
  s.adapter = fresh.adapter;
  s.state = std::move(fresh.state);
  s.positions = std::move(fresh.positions);
  s.chat = std::move(fresh.chat);
  const auto now = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
  s.version = std::max(s.version + 1, now);
  if (s.ai_stop) *s.ai_stop = true;  // a computer move on the old state is dropped
  return true;
}

// Whether the store has moves this copy lacks (another instance's, whose notification is on its
// way); if so the game is read again.
bool GameService::caught_up(Session& s) {
  auto n = store_.move_count(s.row.id);
  return n && *n != s.state->ply() && reload_locked(s);
}

// The answer to a change the store refused because another instance changed the game first
// (the game has been read again; seat_action tries once more before it answers this).
Reply GameService::stale_reply(const Session& s) {
  return Reply::error(409, "stale_game", "game " + s.row.id + " was changed on another server at the same time; try again");
}

Reply GameService::stale_or_error(Session& s, const Result<bool>& written) {
  if (!written) return Reply::error(500, "server_error", written.error());
  reload_locked(s);
  return stale_reply(s);
}

// Another instance changed game `id` ("" = maybe any): read it again if this instance has it.
void GameService::refresh(const std::string& id) {
  std::vector<std::shared_ptr<Session>> stale;
  {
    std::lock_guard lock(mutex_);
    for (auto& [key, s] : sessions_) {
      if (!id.empty() && key != id) continue;
      if (s->loaded.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
        s->changed_while_loading = true;
      else if (s->loaded.get().empty())
        stale.push_back(s);
    }
  }
  for (auto& s : stale) {
    std::lock_guard lock(s->m);
    if (!reload_locked(*s)) continue;
    refresh_players(*s);
    settle_ratings(*s);
    maybe_start_ai(s);
    arm_clock(s);
    broadcast(*s, state_json(*s));
  }
}

}  // namespace oyin::server
