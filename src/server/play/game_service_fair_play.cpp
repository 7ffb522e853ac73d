// GameService's part in fair play: which losses on time between two accounts are bad endings of
// the loser (server/fair_play/fair_play_service.h says what follows from them). Lives beside
// game_service.cpp, whose Session it shares.
#include "server/fair_play/fair_play_service.h"
#include "server/play/game_service.h"
#include "server/play/game_session.h"

namespace oyin::server {

namespace {

// Two different accounts: guests have no standing to lose, and a game with oneself harms no one.
bool between_accounts(const storage::StoredGame& row) {
  return row.users[0] != 0 && row.users[1] != 0 && row.users[0] != row.users[1];
}

}  // namespace

void GameService::note_left(Session& s, int loser) {
  if (!opt_.fair_play || s.mode != Mode::online || !between_accounts(s.row)) return;
  run_slow([fair = opt_.fair_play, user = s.row.users[loser], id = s.row.id] { fair->bad_ending(user, id, "left"); });
}

void GameService::note_lost_on_time(Session& s, int loser) {
  if (!opt_.fair_play || s.mode != Mode::online || !between_accounts(s.row)) return;
  const auto& seat = s.seats[loser];
  if (seat.everywhere() == 0 && clock_.now_ms() - seat.away_since >= kLeftAwayMs) return note_left(s, loser);
  // Time trouble is no fault: only a flag that fell after a long wait, the player's whole time
  // left when the move began, in a position that was lost anyway (the engine looks).
  std::int64_t left_at_turn = s.clock.control().initial_ms;
  for (auto it = s.clock_marks.rbegin(); it != s.clock_marks.rend(); ++it)
    if (it->first == loser && it->second >= 0) {
      left_at_turn = it->second;
      break;
    }
  if (left_at_turn < sit_threshold_ms(s.clock.control().initial_ms)) return;
  std::shared_ptr<GameState> snapshot(s.state->clone());
  run_slow([this, game = s.adapter, snapshot, user = s.row.users[loser], id = s.row.id] {
    if (side_to_move_lost(*game, *snapshot)) opt_.fair_play->bad_ending(user, id, "sat");
  });
}

bool GameService::side_to_move_lost(const GameEntry& game, const GameState& st) {
  if (st.status().over()) return false;
  auto engine = engines_.acquire(game);
  SearchLimits limits;
  limits.level = kMaxLevel;
  limits.movetime_ms = kJudgeMs;
  limits.seed = st.hash();
  const SearchResult r = engine->search(st, limits, {}, nullptr);
  if (r.book) return false;  // a book position is nobody's lost one
  return (r.info.is_mate && r.info.mate_in < 0) || r.info.score_cp <= -kClearlyLostCp;
}

}  // namespace oyin::server
