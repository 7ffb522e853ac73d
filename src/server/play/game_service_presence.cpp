// GameService's subscriptions (a WebSocket joins a game as a seat or a spectator) and presence
// across instances on one database: a player connected to instance A
// is connected for instance B too, so that B neither shows them as away nor lets their
// opponent claim the game against them. The instances tell each other with signals on the
// games' channel (GameStore::signal), words of the form
//   presence <game id> <side> <connections on the sender>   when a seat's count changes there
//   ask <game id>                                            when an instance has loaded a game
//   alive                                                    every few seconds
// A player's away time is measured on each instance's own clock from the moment it learns that
// the seat has no connection left anywhere. Lives beside game_service.cpp, whose Session it shares.
#include <sstream>

#include "server/common/request_json.h"
#include "server/play/game_service.h"
#include "server/play/game_session.h"

namespace oyin::server {

namespace {

// An instance that has said nothing for this long is taken for dead: its players' connections
// are gone with it (they reconnect elsewhere).
constexpr auto kSilentFor = std::chrono::seconds(15);
constexpr auto kBeatEvery = std::chrono::seconds(5);

}  // namespace

std::shared_ptr<GameService::Session> GameService::loaded_session(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = sessions_.find(id);
  return it != sessions_.end() && it->second->ready() ? it->second : nullptr;
}

// Called with s.m held.
void GameService::tell_presence(const Session& s, int side) {
  if (s.mode != Mode::online || !store_.shared()) return;
  (void)store_.signal("presence " + s.row.id + " " + std::to_string(side) + " " +
                      std::to_string(s.seats[side].connections));
}

void GameService::heard(const std::string& instance, const std::string& words) {
  {
    std::lock_guard lock(beats_mutex_);
    beats_[instance] = std::chrono::steady_clock::now();
  }
  std::istringstream in(words);
  std::string what, id;
  in >> what >> id;
  if (what != "presence" && what != "ask") return;
  std::shared_ptr<Session> s = loaded_session(id);
  if (!s) return;
  std::lock_guard lock(s->m);
  if (s->mode != Mode::online) return;
  if (what == "ask") {
    for (int side = 0; side < 2; ++side)
      if (s->seats[side].connections > 0) tell_presence(*s, side);
    return;
  }
  int side = -1, count = -1;
  in >> side >> count;
  if (!in || side < 0 || side > 1 || count < 0) return;
  auto& seat = s->seats[side];
  const bool was = seat.everywhere() > 0;
  if (count == 0) seat.elsewhere.erase(instance);
  else seat.elsewhere[instance] = count;
  const bool is = seat.everywhere() > 0;
  if (count > 0) seat_seen(*s, side);
  if (was && !is) seat.away_since = clock_.now_ms();
  arm_clock(s);  // the first-move wait may begin now
  if (was != is) {
    ++s->version;
    broadcast(*s, state_json(*s));
  }
}

// From the claim thread, every half second: says this instance is alive, and drops the
// connections counted for instances that have been silent too long.
void GameService::keep_in_touch() {
  if (!store_.shared()) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - beat_sent_ >= kBeatEvery) {
    beat_sent_ = now;
    (void)store_.signal("alive");
  }
  std::vector<std::string> gone;
  {
    std::lock_guard lock(beats_mutex_);
    for (auto it = beats_.begin(); it != beats_.end();) {
      if (now - it->second < kSilentFor) {
        ++it;
        continue;
      }
      gone.push_back(it->first);
      it = beats_.erase(it);
    }
  }
  if (gone.empty()) return;
  std::vector<std::shared_ptr<Session>> held;
  {
    std::lock_guard lock(mutex_);
    for (auto& [id, s] : sessions_) held.push_back(s);
  }
  for (auto& s : held) {
    if (!s->ready()) continue;
    std::lock_guard lock(s->m);
    bool changed = false;
    for (auto& seat : s->seats) {
      const bool was = seat.everywhere() > 0;
      for (const std::string& instance : gone) seat.elsewhere.erase(instance);
      if (was && seat.everywhere() == 0) {
        seat.away_since = clock_.now_ms();
        changed = true;
      }
    }
    if (changed) {
      ++s->version;
      broadcast(*s, state_json(*s));
    }
  }
}

Reply GameService::subscribe(const std::string& id, std::weak_ptr<Subscriber> sub, const std::string& given,
                             std::int64_t user, std::string* seat, const std::string& address) {
  auto found = find(id);
  if (!found) return Reply::error(404, "no_such_game", found.error(), {{"id", id}});
  auto& s = *found;
  std::lock_guard lock(s->m);
  const std::string token = seat_token(*s, given, user);
  if (seat) *seat = token.empty() ? given : token;
  bool present = false;
  for (int i = 0; i < 2; ++i)
    if (!token.empty() && s->row.tokens[i] == token) {
      ++s->seats[i].connections;
      tell_presence(*s, i);
      present = true;
    }
  if (present) {
    seen(*s, token);
    arm_clock(s);
    if (s->mode == Mode::online) {
      ++s->version;
      broadcast(*s, state_json(*s));  // the others see the player come
    }
  } else {
    if (s->spectators >= kMaxSpectators || s->spectators_by_address[address] >= kMaxSpectatorsPerAddress) {
      if (s->spectators_by_address[address] == 0) s->spectators_by_address.erase(address);
      return Reply::error(429, "too_many_spectators", "too many spectators of this game", {{"max", kMaxSpectatorsPerAddress}});
    }
    ++s->spectators;
    ++s->spectators_by_address[address];
    spectators_changed(s);  // the players see one more watching, a moment later
  }
  const auto live = sub.lock();
  const bool wants_chat = !live || live->wants_chat();
  json state = state_for(*s, token);
  // The first state of a connection carries the chat so far (none for one that switched it off).
  state["chat"] = wants_chat ? chat_json(*s) : json::array();
  // Sent with the lock held and before the connection is registered, so that no push (another
  // player arriving, a move) can reach the client before this older first state and be undone by it.
  if (live) live->send_text(wire_text(json{{"type", "state"}, {"state", state}}));
  s->subscribers.push_back(std::move(sub));
  return {200, std::move(state)};
}

}  // namespace oyin::server
