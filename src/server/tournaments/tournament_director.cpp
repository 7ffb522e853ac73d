// The director: a tournament's results taken in and its next pairings made, exactly once across
// instances (tournament_service.h).
#include "server/play/game_clock.h"
#include "server/tournaments/format_rules.h"
#include "server/tournaments/tournament_service.h"

namespace oyin::server {

namespace {

// A paired game's outcome for the pairing (white is the game's side 0): its result, or a
// forfeit by the side that failed to move when the game was aborted; "" while it is played.
std::pair<std::string, bool> outcome_of(const storage::PairingGame& g) {
  if (g.result != "*") return {g.result, false};
  if (clock_end_code(g.reason) == "aborted") return {g.plies == 0 ? "0-1" : "1-0", true};
  return {"", false};
}

}  // namespace

TournamentService::TournamentService(storage::Db& db, GameService& games, Clock& clock, const std::string& db_url)
    : store_(db), ratings_(db), games_(games), clock_(clock), db_url_(db_url) {}

TournamentService::~TournamentService() { stop(); }

void TournamentService::start() {
  if (storage::is_postgres_url(db_url_))
    listener_ = storage::listen_postgres(db_url_, "tournaments", [this](const std::string& id) {
      if (!id.empty()) changed(id);
    });
  arm();
}

void TournamentService::stop() {
  listener_ = {};
  {
    std::lock_guard life(life_->m);
    life_->alive = false;
  }
  std::lock_guard lock(mutex_);
  clock_.cancel(timer_);
}

void TournamentService::arm() {
  const std::uint64_t id = clock_.call_at(clock_.now_ms() + kSweepMs, [this, life = life_] {
    std::lock_guard alive(life->m);
    if (!life->alive) return;
    games_.run_slow([this, life] {
      std::lock_guard still(life->m);
      if (life->alive) sweep();
    });
    arm();
  });
  std::lock_guard lock(mutex_);
  timer_ = id;
}

void TournamentService::later(const std::string& id) {
  games_.run_slow([this, id, life = life_] {
    std::lock_guard alive(life->m);
    if (life->alive) step(id);
  });
}

void TournamentService::game_ended(const std::string& game_id) {
  games_.run_slow([this, game_id, life = life_] {
    std::lock_guard alive(life->m);
    if (!life->alive) return;
    if (auto id = store_.of_game(game_id); id && !id->empty()) step(*id);
  });
}

void TournamentService::sweep() {
  auto due = store_.due(clock_.wall_ms());
  if (!due) return;
  for (const std::string& id : *due) step(id);
}

void TournamentService::step(const std::string& id) {
  std::lock_guard one(step_mutex_);
  auto t = store_.find(id);
  if (!t || !*t) return;
  const std::int64_t now = clock_.wall_ms();
  bool news = false;
  if ((*t)->status == "running") news = take_results(**t, now);
  if ((*t)->status == "created" || (*t)->status == "running") news = advance(**t, now) || news;
  if (news) changed(id);
}

bool TournamentService::take_results(const storage::TournamentRow& t, std::int64_t now_ms) {
  auto open = store_.open_games(t.id);
  if (!open) return false;
  bool news = false;
  for (const storage::PairingGame& g : *open) {
    const auto [result, forfeit] = outcome_of(g);
    if (!result.empty()) {
      auto done = store_.record_result(t.id, g.seq, result, forfeit, static_cast<int>(g.plies), now_ms);
      news = (done && *done) || news;
      if (done && *done && forfeit && t.format == "arena") {
        // The player who did not play is not paired again until they come back.
        auto pairings = store_.pairings(t.id);
        if (pairings)
          for (const auto& p : *pairings)
            if (p.seq == g.seq) (void)store_.set_paused(t.id, result == "0-1" ? p.white : p.black, true);
      }
    } else if (g.plies < 2 && now_ms - g.created_ms >= kNoShowMs) {
      (void)games_.abort_unstarted(g.game_id);  // its result comes in at the next step
    }
  }
  return news;
}

bool TournamentService::advance(storage::TournamentRow t, std::int64_t now_ms) {
  auto players = store_.players(t.id);
  auto pairings = store_.pairings(t.id);
  if (!players || !pairings) return false;
  std::vector<std::pair<std::int64_t, int>> numbers;
  const bool starting = t.status == "created";
  if (starting) {
    int active = 0;
    for (const auto& p : *players) active += p.active;
    if (now_ms < t.starts_ms || active < std::max(2, t.min_players)) return false;
    numbers = tournaments::start_numbers(*players);
    for (auto& p : *players)
      for (const auto& [user, number] : numbers)
        if (p.user_id == user) p.number = number;
    t.status = "running";
    t.started_ms = now_ms;
    if (t.format == "arena") t.ends_ms = now_ms + static_cast<std::int64_t>(t.minutes) * 60'000;
  } else {
    // Late joiners (arena, swiss) get the next numbers.
    int top = 0;
    for (const auto& p : *players) top = std::max(top, p.number);
    for (auto& p : *players)
      if (p.number == 0) numbers.emplace_back(p.user_id, p.number = ++top);
  }
  const tournaments::Plan plan = tournaments::plan_next(t, *players, *pairings, now_ms);
  if (!starting && !plan.finish && plan.pairings.empty() && numbers.empty()) return false;
  // The games first: a step that loses to another instance leaves only games nobody was told of
  // (aborted here at once).
  std::vector<storage::TournamentPairing> made;
  int seq = static_cast<int>(pairings->size());
  const TimeControl control{t.initial_s * 1000, t.increment_s * 1000};
  for (const tournaments::PlannedPairing& p : plan.pairings) {
    storage::TournamentPairing row;
    row.seq = ++seq;
    row.round = p.round;
    row.white = p.white;
    row.black = p.black;
    row.result = p.result;
    row.forfeit = p.forfeit;
    row.match_game = p.match_game;
    row.decider = p.decider;
    row.created_ms = now_ms;
    if (p.result.empty()) {
      // A knockout's decider is played at half the clock (at least a minute).
      const TimeControl c = p.decider ? TimeControl{std::max<std::int64_t>(60'000, control.initial_ms / 2), control.increment_ms}
                                      : control;
      const std::int64_t users[2] = {p.white, p.black};
      const Reply game = games_.create_for(t.game, t.rules, c, t.rated, users, t.id);
      if (game.status != 201) return false;  // tried again at the next sweep
      row.game_id = game.body["id"];
    }
    made.push_back(std::move(row));
  }
  t.round = plan.round;
  t.version += 1;
  if (plan.finish) {
    t.status = "finished";
    t.finished_ms = now_ms;
  }
  auto done = store_.step(t, numbers, made);
  if (!done || !*done) {
    for (const auto& row : made)
      if (!row.game_id.empty()) (void)games_.abort_unstarted(row.game_id);
    return false;
  }
  return true;
}

}  // namespace oyin::server
