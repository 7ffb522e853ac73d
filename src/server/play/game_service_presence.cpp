// GameService's presence across instances on one database: a player connected to instance A
// is connected for instance B too, so that B neither shows them as away nor lets their
// opponent claim the game against them. The instances tell each other with signals on the
// games' channel (GameStore::signal), words of the form
//   presence <game id> <side> <connections on the sender>   when a seat's count changes there
//   ask <game id>                                            when an instance has loaded a game
//   alive                                                    every few seconds
// A player's away time is measured on each instance's own clock from the moment it learns that
// the seat has no connection left anywhere. Lives beside game_service.cpp, whose Session it shares.
#include <sstream>

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

}  // namespace oyin::server
