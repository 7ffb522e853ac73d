// GameService's clocks: deadlines armed on the injected Clock after every change, flags that fall
// by a timer even if nobody moves, the first-move abort, the players' presence and the claim
// against one who is gone. Lives beside game_service.cpp, whose Session it shares.
#include "server/play/game_service.h"
#include "server/play/game_session.h"

namespace oyin::server {

// A seat comes when a request or a connection carries its token; the wait for the first move
// of an online game begins once both have come.
void GameService::seen(Session& s, const std::string& token) {
  if (token.empty()) return;
  for (int i = 0; i < 2; ++i)
    if (s.row.tokens[i] == token) seat_seen(s, i);
}

void GameService::seat_seen(Session& s, int side) {
  s.seats[side].seen = true;
  if (s.seats[0].seen && s.seats[1].seen) s.clock.begin(clock_.now_ms());
}

// Called with s->m held after anything that may change what is due next.
void GameService::arm_clock(const std::shared_ptr<Session>& s) {
  if (s->timer) clock_.cancel(s->timer);
  s->timer = 0;
  if (!s->clock.timed() || stopping_) return;
  const std::size_t ply = s->state->ply();
  const int to_move = index(s->state->side_to_move());
  if (verdict(*s->state, s->row).over) {
    s->clock.stop(ply, to_move, clock_.now_ms());
    return;
  }
  const auto at = s->clock.deadline(ply, to_move);
  if (!at) return;
  // The timer's id is known only once call_at returns; the callback compares it with the one
  // armed, so a stale timer does nothing.
  auto id = std::make_shared<std::atomic<std::uint64_t>>(0);
  s->timer = clock_.call_at(*at, [this, alive = alive_, s, id] {
    std::shared_lock lock(alive->m);
    if (alive->alive) on_deadline(s, id->load());
  });
  id->store(s->timer);
}

void GameService::on_deadline(const std::shared_ptr<Session>& s, std::uint64_t timer) {
  std::lock_guard lock(s->m);
  if (timer == 0 || s->timer != timer) return;
  s->timer = 0;
  if (settle_clock(*s)) {
    settle_ratings(*s);
    broadcast(*s, state_json(*s));
  }
  arm_clock(s);  // woken early: wait on; or a move made elsewhere in time: its next deadline
}

// Ends the game if its deadline has passed; true when it did (or found, reading the game again,
// that another instance ended it or moved in time).
bool GameService::settle_clock(Session& s) {
  if (!s.clock.timed() || verdict(*s.state, s.row).over) return false;
  const int to_move = index(s.state->side_to_move());
  const auto due = s.clock.due(s.state->ply(), to_move, clock_.now_ms());
  if (due == GameClock::MoveTime::ok) return false;
  end_by_clock(s, to_move, due == GameClock::MoveTime::abort);
  return true;
}

// With several instances on one database each one's timer falls for the same game: the store's
// conditional write lets only the first end it (and announce it); the others read the game again.
void GameService::end_by_clock(Session& s, int loser, bool abort) {
  std::string result = "*", reason = kAbortReason;
  const Side winner = other(static_cast<Side>(loser));
  const bool can_win = s.state->can_still_win(winner);
  if (!abort) {
    result = can_win ? result_text(GameStatus::win(winner, "")) : "1/2-1/2";
    reason = time_reason(s.adapter->side_name(static_cast<Side>(loser)), s.adapter->side_name(winner), can_win);
  }
  const auto written = store_.set_outcome(s.row.id, s.state->ply(), result, reason, -1);
  if (written && !*written) {
    reload_locked(s);
    return;
  }
  // Kept in memory even if the store fails, so the game does not stay open on a fallen flag.
  if (abort) s.clock.stop(s.state->ply(), loser, clock_.now_ms());
  else s.clock.flag(loser);
  s.row.result = result;
  s.row.reason = reason;
  s.row.draw_offer = -1;
  ++s.version;
  if (!abort && written) note_lost_on_time(s, loser);
}

json GameService::presence_json(const Session& s) const {
  if (s.mode != Mode::online) return nullptr;
  const std::int64_t now = clock_.now_ms();
  json out = json::object();
  for (int i = 0; i < 2; ++i) {
    const auto& seat = s.seats[i];
    out[s.adapter->side_name(static_cast<Side>(i))] = {
        {"connected", seat.everywhere() > 0},
        {"away_ms", seat.everywhere() > 0 ? 0 : std::max<std::int64_t>(now - seat.away_since, 0)}};
  }
  return out;
}

std::optional<Reply> GameService::claim_action(Session& s, int side) {
  const std::string& id = s.row.id;
  if (s.mode != Mode::online || !s.clock.timed() || s.state->ply() < 2)
    return Reply::error(409, "claim_not_allowed",
                        "a claim is only for timed online games once both sides have moved");
  const auto& seat = s.seats[1 - side];
  const std::int64_t away = seat.everywhere() > 0 ? 0 : clock_.now_ms() - seat.away_since;
  if (away < kAbandonMs)
    return Reply::error(409, "claim_too_early", "the opponent has not been away for " + std::to_string(kAbandonMs / 1000) + " s",
                        {{"wait_ms", kAbandonMs - away}, {"wait_s", (kAbandonMs - away + 999) / 1000}});
  const Side me = static_cast<Side>(side);
  const bool can_win = s.state->can_still_win(me);
  const std::string result = can_win ? result_text(GameStatus::win(me, "")) : "1/2-1/2";
  const std::string reason = abandon_reason(s.adapter->side_name(other(me)), s.adapter->side_name(me), can_win);
  if (auto r = store_.set_outcome(id, s.state->ply(), result, reason, -1); !r || !*r) return stale_or_error(s, r);
  s.clock.stop(s.state->ply(), index(s.state->side_to_move()), clock_.now_ms());
  s.row.result = result;
  s.row.reason = reason;
  s.row.draw_offer = -1;
  ++s.version;
  note_left(s, 1 - side);
  return std::nullopt;
}

void GameService::leave(const std::string& id, const std::string& token, const std::string& address) {
  std::shared_ptr<Session> s = loaded_session(id);
  if (!s) return;
  std::lock_guard lock(s->m);
  bool changed = false, seat = false;
  for (int i = 0; i < 2; ++i)
    if (!token.empty() && s->row.tokens[i] == token) {
      seat = true;
      if (s->seats[i].connections > 0) {
        --s->seats[i].connections;
        if (s->seats[i].everywhere() == 0) s->seats[i].away_since = clock_.now_ms();
        tell_presence(*s, i);
        changed = true;
      }
    }
  if (!seat && s->spectators > 0) {  // a spectator went (see subscribe)
    --s->spectators;
    if (auto it = s->spectators_by_address.find(address); it != s->spectators_by_address.end() && --it->second <= 0)
      s->spectators_by_address.erase(it);
    spectators_changed(s);
    return;
  }
  if (changed && s->mode == Mode::online) {
    ++s->version;
    broadcast(*s, state_json(*s));
  }
}

void GameService::resume_timed_games() {
  auto ids = store_.ongoing_timed_ids();
  if (!ids) return;
  for (const std::string& id : *ids) (void)find(id);  // loading arms the game's deadline
}

}  // namespace oyin::server
