#include "server/play/move_maker.h"

namespace oyin::server {

Reply MoveMaker::play(GameSession& s, const std::string& move) {
  const std::size_t ply = s.state->ply();
  const int mover = index(s.state->side_to_move());
  auto played = s.state->play(move);
  if (!played) {
    nlohmann::json params{{"move", move}};
    // Why, as a code a front end can translate ("occupied", "suicide", ...), where the game says.
    if (std::string why = s.state->illegal_code(move); !why.empty()) params["why"] = why;
    return Reply::error(422, "illegal_move", played.error(), params);
  }
  const GameClock clock_before = s.timing.clock;
  std::int64_t left_after = -1;
  if (const auto t = s.timing.clock.on_move(ply, mover, clock_.now_ms(), left_after); t != GameClock::MoveTime::ok) {
    // The deadline passed before its timer ran: the move came too late.
    s.state->undo();
    timekeeper_.end_by_clock(s, mover, t == GameClock::MoveTime::abort);
    if (!is_over(s)) return GameLoader::stale_reply(s);  // another instance had the move in time
    return Reply::error(409, "game_over", "the game is over: " + s.row.reason);
  }
  s.row.moves.push_back(move);
  const Verdict v = verdict(*s.state, s.row);
  if (auto r = store_.append_move(s.row.id, ply, move, v.result, v.reason, left_after); !r || !*r) {
    s.state->undo();
    s.row.moves.pop_back();
    s.timing.clock = clock_before;
    loader_.reload(s);  // another instance changed the game: the next try sees what it did
    if (!r) return Reply::error(500, "server_error", r.error());
    return GameLoader::stale_reply(s);
  }
  s.timing.marks.emplace_back(mover, left_after);
  s.row.move_clock_ms.push_back(left_after);
  s.row.draw_offer = -1;
  s.positions.push_back(s.state->position_text());
  ++s.version;
  return {200, {}};
}

}  // namespace oyin::server
