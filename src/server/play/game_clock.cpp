#include "server/play/game_clock.h"

#include <algorithm>

#include "server/common/request_json.h"

namespace oyin::server {

Result<TimeControl> time_control_from_json(const nlohmann::json& clock) {
  if (clock.is_null()) return TimeControl{};
  if (!clock.is_object()) return make_error("clock must be null or {\"initial_s\": N, \"increment_s\": M}");
  const auto initial = int_field(clock, "initial_s", 1, kMaxInitialS, -1);
  if (!initial) return make_error("clock." + initial.error());
  if (*initial < 0) return make_error("clock needs initial_s (1.." + std::to_string(kMaxInitialS) + " seconds)");
  const auto increment = int_field(clock, "increment_s", 0, kMaxIncrementS, 0);
  if (!increment) return make_error("clock." + increment.error());
  return TimeControl{*initial * 1000, *increment * 1000};
}

std::string_view speed_class(const TimeControl& tc) {
  const std::int64_t expected_s = (tc.initial_ms + 40 * tc.increment_ms) / 1000;
  if (expected_s < 180) return "bullet";
  if (expected_s < 480) return "blitz";
  if (expected_s < 1500) return "rapid";
  return "classical";
}

std::string time_reason(const std::string& loser, const std::string& winner, bool winner_can_win) {
  return loser + " ran out of time" + (winner_can_win ? "" : " and " + winner + " cannot win");
}

std::string abandon_reason(const std::string& loser, const std::string& winner, bool winner_can_win) {
  return loser + " left the game" + (winner_can_win ? "" : " and " + winner + " cannot win");
}

std::string_view clock_end_code(std::string_view reason) {
  if (reason.find(" ran out of time") != std::string_view::npos) return "time";
  if (reason.starts_with("aborted")) return "aborted";
  if (reason.find(" left the game") != std::string_view::npos) return "abandoned";
  return {};
}

GameClock::GameClock(TimeControl tc, std::int64_t now_ms) : tc_(tc), left_{tc.initial_ms, tc.initial_ms}, since_(now_ms) {}

void GameClock::restore(const std::vector<std::pair<int, std::int64_t>>& after_moves, std::int64_t now_ms) {
  left_[0] = left_[1] = tc_.initial_ms;
  for (const auto& [side, ms] : after_moves)
    if ((side == 0 || side == 1) && ms >= 0) left_[side] = ms;
  since_ = now_ms;
  stopped_ = false;
  held_ = false;
  // A game with moves was begun; one without waits for its players to come again.
  begun_ = !after_moves.empty();
}

bool GameClock::berserk(int side) {
  if (cut_[side]) return false;
  cut_[side] = true;
  left_[side] /= 2;
  return true;
}

void GameClock::keep_cut(int side, bool moved) {
  if (cut_[side]) return;
  cut_[side] = true;
  if (!moved) left_[side] /= 2;
}

void GameClock::begin(std::int64_t now_ms) {
  if (begun_) return;
  begun_ = true;
  since_ = now_ms;
}

int GameClock::running(std::size_t ply, int to_move) const {
  if (!timed() || stopped_ || ply < 2) return -1;
  return to_move;
}

void GameClock::hold(std::int64_t now_ms) {
  if (held_ || !timed()) return;
  held_ = true;
  held_at_ = now_ms;
}

void GameClock::resume(std::int64_t now_ms) {
  if (!held_) return;
  held_ = false;
  since_ += std::max<std::int64_t>(now_ms - held_at_, 0);
}

std::int64_t GameClock::left(int side, std::size_t ply, int to_move, std::int64_t now_ms) const {
  std::int64_t t = left_[side];
  if (running(ply, to_move) == side) t -= (held_ ? held_at_ : now_ms) - since_;
  return std::max<std::int64_t>(t, 0);
}

std::optional<std::int64_t> GameClock::deadline(std::size_t ply, int to_move) const {
  if (!timed() || stopped_ || held_) return std::nullopt;
  if (ply < 2) return begun_ ? std::optional(since_ + kFirstMoveMs) : std::nullopt;
  return since_ + left_[to_move];
}

GameClock::MoveTime GameClock::due(std::size_t ply, int to_move, std::int64_t now_ms) const {
  const auto d = deadline(ply, to_move);
  if (!d || now_ms < *d) return MoveTime::ok;
  return ply < 2 ? MoveTime::abort : MoveTime::flag;
}

GameClock::MoveTime GameClock::on_move(std::size_t ply, int to_move, std::int64_t now_ms, std::int64_t& left_after) {
  left_after = -1;
  if (!timed()) return MoveTime::ok;
  resume(now_ms);
  if (const MoveTime d = due(ply, to_move, now_ms); d != MoveTime::ok) return d;
  if (ply >= 2) left_[to_move] += tc_.increment_ms - (now_ms - since_);
  begun_ = true;
  since_ = now_ms;
  left_after = left_[to_move];
  return MoveTime::ok;
}

void GameClock::stop(std::size_t ply, int to_move, std::int64_t now_ms) {
  if (stopped_ || !timed()) return;
  if (running(ply, to_move) >= 0) left_[to_move] = left(to_move, ply, to_move, now_ms);
  stopped_ = true;
  held_ = false;
}

void GameClock::flag(int side) {
  left_[side] = 0;
  stopped_ = true;
}

nlohmann::json GameClock::to_json(const std::string side_names[2], std::size_t ply, int to_move, std::int64_t now_ms) const {
  if (!timed()) return nullptr;
  // A held clock is shown standing (the browser runs the clock that is "running").
  const int run = held_ ? -1 : running(ply, to_move);
  nlohmann::json first = nullptr;
  if (!stopped_ && !held_ && ply < 2 && begun_) first = std::max<std::int64_t>(since_ + kFirstMoveMs - now_ms, 0);
  return {{side_names[0] + "_ms", left(0, ply, to_move, now_ms)},
          {side_names[1] + "_ms", left(1, ply, to_move, now_ms)},
          {"running", run < 0 ? nlohmann::json(nullptr) : nlohmann::json(side_names[run])},
          {"initial_ms", tc_.initial_ms},
          {"increment_ms", tc_.increment_ms},
          {"first_move_ms", first}};
}

}  // namespace oyin::server
