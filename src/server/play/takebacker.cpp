#include "server/play/takebacker.h"

#include "server/play/rating_keeper.h"

namespace oyin::server {

std::optional<Reply> Takebacker::act(GameSession& s) {
  if (s.row.rated) return Reply::error(409, "undo_rated", "undo is not allowed in rated games");
  if (s.row.result != "*" || !s.row.reason.empty())
    return Reply::error(409, "undo_finished", "the game ended by " + s.row.reason + "; it cannot be undone");
  if (s.state->ply() == 0) return Reply::error(409, "nothing_to_undo", "there is no move to undo");
  // Against the computer take back to the human's turn: its reply and the human's move.
  std::size_t keep = s.state->ply() - 1;
  if (s.row.ai_side >= 0) {
    auto probe = s.state->clone();
    probe->undo();
    while (probe->ply() > 0 && index(probe->side_to_move()) == s.row.ai_side) {
      probe->undo();
      --keep;
    }
  }
  if (auto r = store_.truncate_moves(s.row.id, keep, "*", ""); !r) return Reply::error(500, "server_error", r.error());
  while (s.state->ply() > keep) {
    s.state->undo();
    s.row.moves.pop_back();
    s.positions.pop_back();
    if (!s.timing.marks.empty()) s.timing.marks.pop_back();
    if (!s.row.move_clock_ms.empty()) s.row.move_clock_ms.pop_back();
  }
  const std::int64_t now = clock_.now_ms();
  s.timing.clock.restore(s.timing.marks, now);
  s.timing.clock.begin(now);
  if (s.computer.stop) *s.computer.stop = true;
  s.row.draw_offer = -1;
  RatingKeeper::reopen(s);  // the game goes on: its end is looked at again when it comes
  ++s.version;
  return std::nullopt;
}

}  // namespace oyin::server
