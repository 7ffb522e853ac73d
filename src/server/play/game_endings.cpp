#include "server/play/game_endings.h"

namespace oyin::server {

std::optional<Reply> Resigner::act(GameSession& s, int side) {
  const std::string result = result_text(GameStatus::win(other(static_cast<Side>(side)), ""));
  const std::string reason = s.adapter->side_name(static_cast<Side>(side)) + " resigned";
  if (auto r = store_.set_outcome(s.row.id, s.state->ply(), result, reason, -1); !r || !*r) return loader_.stale_or_error(s, r);
  record_end(s, result, reason);
  return std::nullopt;
}

std::optional<Reply> Drawer::act(GameSession& s, int side) {
  if (s.mode == Mode::ai) {
    nlohmann::json j = view_.state_for(s, s.row.tokens[side]);
    j["draw_declined"] = true;  // the computer plays on
    return Reply{200, j};
  }
  const bool agreed = s.mode == Mode::hotseat || s.row.draw_offer == 1 - side;
  const std::string result = agreed ? "1/2-1/2" : s.row.result;
  const std::string reason = agreed ? "draw by agreement" : s.row.reason;
  const int offer = agreed ? -1 : side;
  if (auto r = store_.set_outcome(s.row.id, s.state->ply(), result, reason, offer); !r || !*r) return loader_.stale_or_error(s, r);
  record_end(s, result, reason);
  s.row.draw_offer = offer;
  return std::nullopt;
}

std::optional<Reply> AbandonClaims::act(GameSession& s, int side) {
  if (s.mode != Mode::online || !s.timing.clock.timed() || s.state->ply() < 2)
    return Reply::error(409, "claim_not_allowed", "a claim is only for timed online games once both sides have moved");
  const auto& seat = s.seats[1 - side];
  const std::int64_t away = seat.everywhere() > 0 ? 0 : clock_.now_ms() - seat.away_since;
  if (away < kAbandonMs)
    return Reply::error(409, "claim_too_early", "the opponent has not been away for " + std::to_string(kAbandonMs / 1000) + " s",
                        {{"wait_ms", kAbandonMs - away}, {"wait_s", (kAbandonMs - away + 999) / 1000}});
  const Side me = static_cast<Side>(side);
  const bool can_win = s.state->can_still_win(me);
  const std::string result = can_win ? result_text(GameStatus::win(me, "")) : "1/2-1/2";
  const std::string reason = abandon_reason(s.adapter->side_name(other(me)), s.adapter->side_name(me), can_win);
  if (auto r = store_.set_outcome(s.row.id, s.state->ply(), result, reason, -1); !r || !*r) return loader_.stale_or_error(s, r);
  s.timing.clock.stop(s.state->ply(), index(s.state->side_to_move()), clock_.now_ms());
  record_end(s, result, reason);
  fair_play_.left(s, 1 - side);
  return std::nullopt;
}

}  // namespace oyin::server
