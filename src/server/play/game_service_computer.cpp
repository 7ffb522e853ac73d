// GameService's computer player: its move queued under its owner (server/play/computer_queue.h), its
// clock held while the move waits, then computed on a worker and played like anyone's; and the
// claims of other instances' computer moves tried again. Lives beside game_service.cpp, whose
// Session it shares.
#include <boost/asio/post.hpp>

#include <algorithm>

#include "server/play/game_service.h"
#include "server/play/game_session.h"

namespace oyin::server {

void GameService::maybe_start_ai(const std::shared_ptr<Session>& s) {
  s->ai_waiting = false;
  if (stopping_ || s->row.ai_side < 0 || s->ai_busy) return;
  if (verdict(*s->state, s->row).over || index(s->state->side_to_move()) != s->row.ai_side) return;
  // With several instances on one database the one that claims the game computes the move.
  s->ai_waiting = !store_.claim_computer(s->row.id);
  if (s->ai_waiting) return;
  s->ai_busy = true;
  s->ai_stop = std::make_shared<std::atomic<bool>>(false);
  ++ai_running_;
  // The computer's clock stands while its move waits for a worker; it runs from when it thinks.
  s->clock.hold(clock_.now_ms());
  arm_clock(s);
  if (s->computer_owner.empty()) s->computer_owner = computer_owner(0, "", s->row.id);
  computer_queue_.submit(s->computer_owner, [this, s, version = s->version, stop = s->ai_stop, level = s->row.level] {
    std::shared_ptr<GameState> snapshot;
    SearchLimits limits;
    {
      std::lock_guard lock(s->m);
      if (!*stop && s->version == version) {
        snapshot = std::shared_ptr<GameState>(s->state->clone());
        const std::int64_t now = clock_.now_ms();
        s->clock.resume(now);
        arm_clock(s);
        limits.level = level;
        // The think time of the level, from the game's engine (its registry entry); on a clock
        // the computer spends a share of its time left, as a player would.
        limits.movetime_ms = s->adapter->levels().at(static_cast<std::size_t>(std::clamp(level, kMinLevel, kMaxLevel))).think_ms;
        const int side = index(s->state->side_to_move());
        if (s->clock.running(s->state->ply(), side) >= 0) {
          const std::int64_t budget = std::max<std::int64_t>(
              20, s->clock.left(side, s->state->ply(), side, now) / 30 + s->clock.control().increment_ms * 3 / 4);
          limits.movetime_ms = std::min<std::int64_t>(limits.movetime_ms, budget);
        }
        limits.seed = snapshot->hash() ^ (version * 0x9E3779B97F4A7C15ULL);
      }
    }
    SearchResult res;
    if (snapshot) {
      auto engine = engines_.acquire(*s->adapter);
      res = engine->search(*snapshot, limits, {}, stop.get());
    }
    {
      std::lock_guard lock(s->m);
      s->ai_busy = false;
      if (snapshot && !*stop && s->version == version && !res.best_move.empty()) {
        const std::int64_t before = static_cast<std::int64_t>(s->state->ply());
        const Reply r = apply_move(*s, res.best_move);
        if (r.status == 200 && res.book) s->book_ply = before;
        const std::string code = r.code();
        if (r.status == 422) s->row.ai_side = -1;  // a broken engine: stop asking it
        else if (r.status != 200 && code != "game_over" && code != "stale_game")
          reload_locked(*s);  // the store failed: read the game again
      }
      s->clock.resume(clock_.now_ms());  // a move dropped unplayed: held again below if it is still due
      arm_clock(s);
      settle_ratings(*s);
      store_.release_computer(s->row.id);
      maybe_start_ai(s);
      note_position(*s);
      if (!s->subscribers.empty()) broadcast(*s, state_json(*s));
    }
    --ai_running_;
  });
}

void GameService::retry_claims() {
  std::vector<std::shared_ptr<Session>> waiting;
  {
    std::lock_guard lock(mutex_);
    for (auto& [key, s] : sessions_)
      if (s->ready())
        waiting.push_back(s);
  }
  for (auto& s : waiting) {
    std::lock_guard lock(s->m);
    if (!s->ai_waiting) continue;
    // The instance that held the claim may have moved (its notification is on the way) or died:
    // read the game again before computing.
    reload_locked(*s);
    maybe_start_ai(s);
    arm_clock(s);
    if (s->ai_busy && !s->subscribers.empty()) broadcast(*s, state_json(*s));
  }
}

}  // namespace oyin::server
