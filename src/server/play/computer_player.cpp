#include "server/play/computer_player.h"

#include <algorithm>
#include <thread>

#include "registry/computer_move.h"

namespace oyin::server {

void ComputerPlayer::maybe_start(const SessionPtr& s) {
  ComputerTurn& turn = s->computer;
  turn.waiting = false;
  if (stopping_ || s->row.ai_side < 0 || turn.busy) return;
  if (is_over(*s) || index(s->state->side_to_move()) != s->row.ai_side) return;
  // With several instances on one database the one that claims the game computes the move.
  turn.waiting = !p_.store.claim_computer(s->row.id);
  if (turn.waiting) return;
  turn.busy = true;
  turn.stop = std::make_shared<std::atomic<bool>>(false);
  ++running_;
  // The computer's clock stands while its move waits for a worker; it runs from when it thinks.
  s->timing.clock.hold(p_.clock.now_ms());
  p_.timekeeper.arm(s);
  if (turn.owner.empty()) turn.owner = computer_owner(0, "", s->row.id);
  queue_.submit(turn.owner, [this, s, version = s->version, stop = turn.stop, level = s->row.level] {
    think(s, version, stop, level);
    --running_;
  });
}

// On a worker: the move of the state as it was at `version`, played if nothing changed meanwhile.
void ComputerPlayer::think(const SessionPtr& s, std::uint64_t version, const std::shared_ptr<std::atomic<bool>>& stop,
                           int level) {
  std::shared_ptr<GameState> snapshot;
  SearchLimits limits;
  {
    std::lock_guard lock(s->m);
    if (!*stop && s->version == version) {
      snapshot = std::shared_ptr<GameState>(s->state->clone());
      const std::int64_t now = p_.clock.now_ms();
      GameClock& clock = s->timing.clock;
      clock.resume(now);
      p_.timekeeper.arm(s);
      // The think time of the level, from the game's engine (registry/computer_move.h); on a
      // clock the computer spends a share of its time left, as a player would.
      limits = computer_limits(*s->adapter, level, snapshot->hash() ^ (version * 0x9E3779B97F4A7C15ULL));
      const int side = index(s->state->side_to_move());
      if (clock.running(s->state->ply(), side) >= 0) {
        const std::int64_t budget =
            std::max<std::int64_t>(20, clock.left(side, s->state->ply(), side, now) / 30 + clock.control().increment_ms * 3 / 4);
        limits.movetime_ms = std::min<std::int64_t>(limits.movetime_ms, budget);
      }
    }
  }
  SearchResult res;
  if (snapshot) {
    auto engine = p_.engines.acquire(*s->adapter);
    res = engine->search(*snapshot, limits, {}, stop.get());
  }
  std::lock_guard lock(s->m);
  s->computer.busy = false;
  if (snapshot && !*stop && s->version == version && !res.best_move.empty()) {
    const std::int64_t before = static_cast<std::int64_t>(s->state->ply());
    const Reply r = p_.mover.play(*s, res.best_move);
    if (r.status == 200 && res.book) s->computer.book_ply = before;
    const std::string code = r.code();
    if (r.status == 422) s->row.ai_side = -1;  // a broken engine: stop asking it
    else if (r.status != 200 && code != "game_over" && code != "stale_game")
      p_.loader.reload(*s);  // the store failed: read the game again
  }
  s->timing.clock.resume(p_.clock.now_ms());  // a move dropped unplayed: held again below if it is still due
  p_.timekeeper.arm(s);
  p_.ratings.settle(*s);
  p_.store.release_computer(s->row.id);
  maybe_start(s);
  p_.broadcaster.push(*s);
}

void ComputerPlayer::retry_claims() {
  for (auto& s : p_.table.all(/*ready_only=*/true)) {
    std::lock_guard lock(s->m);
    if (!s->computer.waiting) continue;
    // The instance that held the claim may have moved (its notification is on the way) or died:
    // read the game again before computing.
    p_.loader.reload(*s);
    maybe_start(s);
    p_.timekeeper.arm(s);
    if (s->computer.busy && !s->subscribers.empty()) p_.broadcaster.push(*s);
  }
}

void ComputerPlayer::wait_idle() {
  while (running_ > 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

}  // namespace oyin::server
