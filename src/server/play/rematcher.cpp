#include "server/play/rematcher.h"

#include "server/common/random_token.h"
#include "server/fair_play/fair_play_service.h"

namespace oyin::server {

std::optional<Reply> Rematcher::refusal(const GameSession& s, int side) const {
  if (s.mode != Mode::online) return Reply::error(409, "rematch_not_allowed", "a rematch is for online games between people");
  if (!is_over(s)) return Reply::error(409, "rematch_not_allowed", "the game is still being played");
  if (!s.row.tournament.empty())
    return Reply::error(409, "rematch_not_allowed", "a tournament's game has no rematch: the tournament pairs the next");
  if (fair_play_) {
    if (auto refused = fair_play_->pairing_refusal(s.row.users[side], s.row.users[1 - side])) return refused;
    if (fair_play_->pairing_refusal(s.row.users[1 - side]))
      return Reply::error(409, "rematch_not_allowed", "the other player cannot start games now");
  }
  return std::nullopt;
}

std::optional<Reply> Rematcher::act(GameSession& s, int side) {
  if (s.mode == Mode::online && is_over(s) && !s.row.next_game.empty()) return std::nullopt;  // agreed already
  if (auto refused = refusal(s, side)) return refused;
  if (s.rematch_offer != 1 - side) {
    s.rematch_offer = side;
    ++s.version;
    return std::nullopt;
  }
  // Both agree: the same game, rules and clock with the colours swapped; each player keeps the
  // token they hold, now for the other seat, and the same players keep the same stakes.
  const storage::StoredGame& old = s.row;
  storage::StoredGame next;
  next.id = random_token();
  next.game = old.game;
  next.rules = old.rules;
  next.start_position = old.start_position;
  next.mode = old.mode;
  next.level = old.level;
  next.tokens[0] = old.tokens[1];
  next.tokens[1] = old.tokens[0];
  next.creator = old.creator >= 0 ? 1 - old.creator : -1;
  next.users[0] = old.users[1];
  next.users[1] = old.users[0];
  next.rated = old.rated;
  next.clock_initial_ms = old.clock_initial_ms;
  next.clock_increment_ms = old.clock_increment_ms;
  if (auto r = store_.insert_game(next); !r) return Reply::error(500, "server_error", r.error());
  if (auto r = store_.set_next_game(old.id, next.id); !r) return Reply::error(500, "server_error", r.error());
  s.row.next_game = next.id;
  s.rematch_offer = -1;
  ++s.version;
  return std::nullopt;
}

}  // namespace oyin::server
