#include "server/play/seat_accounts.h"

namespace oyin::server {

std::optional<Reply> SeatAccounts::take(GameSession& s, int side, std::int64_t user) {
  if (s.mode != Mode::online || !ratings_.enabled() || s.row.users[side] != 0) return std::nullopt;
  if (user == 0) {
    if (s.row.rated) return Reply::error(401, "not_signed_in", "sign in to play a rated game");
    return std::nullopt;
  }
  if (s.row.users[1 - side] == user) {
    if (s.row.rated) return Reply::error(403, "same_player", "you hold the other seat of this rated game");
    return std::nullopt;  // one account at both seats (two tabs): the seat stays a guest's
  }
  auto set = store_.set_user(s.row.id, side, user);
  if (!set) return Reply::error(500, "server_error", set.error());
  if (!*set) {
    loader_.reload(s);  // another instance seated someone first: that holds
  } else {
    s.row.users[side] = user;
    ++s.version;
  }
  ratings_.refresh_players(s);
  return std::nullopt;
}

}  // namespace oyin::server
