#include "server/play/seat_presence.h"

#include <sstream>

namespace oyin::server {

namespace {

// An instance that has said nothing for this long is taken for dead: its players' connections
// are gone with it (they reconnect elsewhere).
constexpr auto kSilentFor = std::chrono::seconds(15);
constexpr auto kBeatEvery = std::chrono::seconds(5);

}  // namespace

bool SeatPresence::join(const SessionPtr& s, const std::string& token) {
  bool present = false;
  for (int i = 0; i < 2; ++i)
    if (!token.empty() && s->row.tokens[i] == token) {
      ++s->seats[i].connections;
      tell(*s, i);
      present = true;
    }
  if (!present) return false;
  timekeeper_.seen(*s, token);
  timekeeper_.arm(s);
  if (s->mode == Mode::online) {
    ++s->version;
    broadcaster_.push(*s);  // the others see the player come
  }
  return true;
}

bool SeatPresence::leave(GameSession& s, const std::string& token) {
  bool changed = false, seat = false;
  for (int i = 0; i < 2; ++i)
    if (!token.empty() && s.row.tokens[i] == token) {
      seat = true;
      if (s.seats[i].connections > 0) {
        --s.seats[i].connections;
        if (s.seats[i].everywhere() == 0) s.seats[i].away_since = clock_.now_ms();
        tell(s, i);
        changed = true;
      }
    }
  if (changed && s.mode == Mode::online) {
    ++s.version;
    broadcaster_.push(s);
  }
  return seat;
}

void SeatPresence::tell(const GameSession& s, int side) {
  if (s.mode != Mode::online || !store_.shared()) return;
  (void)store_.signal("presence " + s.row.id + " " + std::to_string(side) + " " + std::to_string(s.seats[side].connections));
}

void SeatPresence::heard(const std::string& instance, const std::string& words) {
  {
    std::lock_guard lock(beats_mutex_);
    beats_[instance] = std::chrono::steady_clock::now();
  }
  std::istringstream in(words);
  std::string what, id;
  in >> what >> id;
  if (what != "presence" && what != "ask") return;
  SessionPtr s = table_.loaded(id);
  if (!s) return;
  std::lock_guard lock(s->m);
  if (s->mode != Mode::online) return;
  if (what == "ask") {
    for (int side = 0; side < 2; ++side)
      if (s->seats[side].connections > 0) tell(*s, side);
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
  if (count > 0) timekeeper_.seat_seen(*s, side);
  if (was && !is) seat.away_since = clock_.now_ms();
  timekeeper_.arm(s);  // the first-move wait may begin now
  if (was != is) {
    ++s->version;
    broadcaster_.push(*s);
  }
}

void SeatPresence::keep_in_touch() {
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
  for (auto& s : table_.all(/*ready_only=*/true)) {
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
      broadcaster_.push(*s);
    }
  }
}

}  // namespace oyin::server
