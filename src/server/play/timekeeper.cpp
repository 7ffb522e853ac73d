#include "server/play/timekeeper.h"

namespace oyin::server {

void Timekeeper::seen(GameSession& s, const std::string& token) {
  if (token.empty()) return;
  for (int i = 0; i < 2; ++i)
    if (s.row.tokens[i] == token) seat_seen(s, i);
}

void Timekeeper::seat_seen(GameSession& s, int side) {
  s.seats[side].seen = true;
  if (s.seats[0].seen && s.seats[1].seen) s.timing.clock.begin(clock_.now_ms());
}

void Timekeeper::arm(const SessionPtr& s) {
  cancel(*s);
  GameClock& clock = s->timing.clock;
  if (!clock.timed() || stopped_) return;
  const std::size_t ply = s->state->ply();
  const int to_move = index(s->state->side_to_move());
  if (is_over(*s)) {
    clock.stop(ply, to_move, clock_.now_ms());
    return;
  }
  const auto at = clock.deadline(ply, to_move);
  if (!at) return;
  // The timer's id is known only once call_at returns; the callback compares it with the one
  // armed, so a stale timer does nothing.
  auto id = std::make_shared<std::atomic<std::uint64_t>>(0);
  s->timing.timer = clock_.call_at(*at, [this, alive = alive_, s, id] {
    std::shared_lock lock(alive->m);
    if (alive->alive) on_deadline(s, id->load());
  });
  id->store(s->timing.timer);
}

void Timekeeper::cancel(GameSession& s) {
  if (s.timing.timer) clock_.cancel(s.timing.timer);
  s.timing.timer = 0;
}

void Timekeeper::on_deadline(const SessionPtr& s, std::uint64_t timer) {
  std::lock_guard lock(s->m);
  if (timer == 0 || s->timing.timer != timer) return;
  s->timing.timer = 0;
  settle_and_push(*s);
  arm(s);  // woken early: wait on; or a move made elsewhere in time: its next deadline
}

bool Timekeeper::settle(GameSession& s) {
  if (!s.timing.clock.timed() || is_over(s)) return false;
  const int to_move = index(s.state->side_to_move());
  const auto due = s.timing.clock.due(s.state->ply(), to_move, clock_.now_ms());
  if (due == GameClock::MoveTime::ok) return false;
  end_by_clock(s, to_move, due == GameClock::MoveTime::abort);
  return true;
}

void Timekeeper::settle_and_push(GameSession& s) {
  if (!settle(s)) return;
  ratings_.settle(s);
  broadcaster_.push(s);
}

// With several instances on one database each one's timer falls for the same game: the store's
// conditional write lets only the first end it (and announce it); the others read the game again.
void Timekeeper::end_by_clock(GameSession& s, int loser, bool abort) {
  std::string result = "*", reason = kAbortReason;
  const Side winner = other(static_cast<Side>(loser));
  const bool can_win = s.state->can_still_win(winner);
  if (!abort) {
    result = can_win ? result_text(GameStatus::win(winner, "")) : "1/2-1/2";
    reason = time_reason(s.adapter->side_name(static_cast<Side>(loser)), s.adapter->side_name(winner), can_win);
  }
  const auto written = store_.set_outcome(s.row.id, s.state->ply(), result, reason, -1);
  if (written && !*written) {
    loader_.reload(s);
    return;
  }
  // Kept in memory even if the store fails, so the game does not stay open on a fallen flag.
  if (abort) s.timing.clock.stop(s.state->ply(), loser, clock_.now_ms());
  else s.timing.clock.flag(loser);
  record_end(s, result, reason);
  if (!abort && written) fair_play_.lost_on_time(s, loser);
}

void Timekeeper::stop() {
  stopped_ = true;
  std::unique_lock lock(alive_->m);  // waits for a deadline being handled
  alive_->alive = false;
}

}  // namespace oyin::server
