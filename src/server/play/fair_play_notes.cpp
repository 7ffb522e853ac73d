#include "server/play/fair_play_notes.h"

#include "server/fair_play/fair_play_service.h"

namespace oyin::server {

namespace {

// Two different accounts: guests have no standing to lose, and a game with oneself harms no one.
bool between_accounts(const storage::StoredGame& row) {
  return row.users[0] != 0 && row.users[1] != 0 && row.users[0] != row.users[1];
}

}  // namespace

void FairPlayNotes::left(GameSession& s, int loser) {
  if (!fair_play_ || s.mode != Mode::online || !between_accounts(s.row)) return;
  table_.run_slow([fair = fair_play_, user = s.row.users[loser], id = s.row.id] { fair->bad_ending(user, id, "left"); });
}

void FairPlayNotes::lost_on_time(GameSession& s, int loser) {
  if (!fair_play_ || s.mode != Mode::online || !between_accounts(s.row)) return;
  const auto& seat = s.seats[loser];
  if (seat.everywhere() == 0 && clock_.now_ms() - seat.away_since >= kLeftAwayMs) return left(s, loser);
  // Time trouble is no fault: only a flag that fell after a long wait, the player's whole time
  // left when the move began, in a position that was lost anyway (the engine looks).
  const GameClock& clock = s.timing.clock;
  std::int64_t left_at_turn = clock.control().initial_ms;
  for (auto it = s.timing.marks.rbegin(); it != s.timing.marks.rend(); ++it)
    if (it->first == loser && it->second >= 0) {
      left_at_turn = it->second;
      break;
    }
  if (left_at_turn < sit_threshold_ms(clock.control().initial_ms)) return;
  std::shared_ptr<GameState> snapshot(s.state->clone());
  table_.run_slow([this, game = s.adapter, snapshot, user = s.row.users[loser], id = s.row.id] {
    if (side_to_move_lost(*game, *snapshot)) fair_play_->bad_ending(user, id, "sat");
  });
}

bool FairPlayNotes::side_to_move_lost(const GameEntry& game, const GameState& st) {
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
