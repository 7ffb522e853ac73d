#include "server/play/rating_keeper.h"

#include "server/ratings/rating_service.h"

namespace oyin::server {

void RatingKeeper::refresh_players(GameSession& s) {
  if (ratings_) s.accounts.players = ratings_->players_json(s.row, *s.adapter);
}

void RatingKeeper::settle(GameSession& s) {
  if (!ratings_ || s.accounts.settled) return;
  const Verdict v = verdict(*s.state, s.row);
  if (!v.over) return;
  s.accounts.settled = true;
  s.accounts.rating_change = ratings_->game_ended(s.row, *s.adapter, v.result, s.state->status().over());
  if (!s.accounts.rating_change.is_null()) refresh_players(s);
  if (ended_) ended_(s.row.id);
}

}  // namespace oyin::server
