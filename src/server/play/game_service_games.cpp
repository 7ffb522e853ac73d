// GameService's table of games in memory: each game loaded once (by the first reader, off the I/O
// threads), kept while in use and up to max_cached beyond, evicted when idle. Lives beside
// game_service.cpp, whose Session it shares.
#include "server/play/game_service.h"

#include <boost/asio/post.hpp>

#include <algorithm>
#include <chrono>
#include <limits>

#include "registry/registry.h"
#include "server/common/error_codes.h"
#include "server/play/game_clock.h"
#include "server/play/game_session.h"
#include "server/ratings/rating_service.h"

namespace oyin::server {

std::size_t GameService::cached_games() {
  std::lock_guard lock(mutex_);
  return sessions_.size();
}

// Drops games nobody holds: only this map owns them (copies are handed out under mutex_, which
// we hold) and no WebSocket follows them. They are reloaded from the store when asked for.
void GameService::evict_idle_locked() {
  if (sessions_.size() < opt_.max_cached) return;
  std::erase_if(sessions_, [](const auto& kv) {
    const auto& s = kv.second;
    if (s.use_count() != 1) return false;
    return std::all_of(s->subscribers.begin(), s->subscribers.end(), [](const auto& w) { return w.expired(); });
  });
}

// Reads the game from the store and replays it; runs without any lock that other games need.
std::string GameService::load_into(Session& s, const std::string& id) {
  auto row = store_.load(id);
  if (!row) return row.error();
  if (!*row) return "no game with id '" + id + "'";
  s.row = std::move(**row);
  const auto mode = parse_mode(s.row.mode);
  if (!mode) return "game " + id + " has an unknown mode '" + s.row.mode + "'";
  s.mode = *mode;
  if (s.row.ai_side == 0 || s.row.ai_side == 1) s.computer_owner = computer_owner(s.row.users[1 - s.row.ai_side], "", id);
  s.adapter = find_game(s.row.game);
  if (!s.adapter) return "game " + id + " is of a game this server does not know: " + s.row.game;
  auto st = s.adapter->new_game(s.row.rules, s.row.start_position);
  if (!st) return "game " + id + " cannot be set up: " + st.error();
  s.state = std::move(*st);
  s.positions.reserve(s.row.moves.size() + 1);
  s.positions.push_back(s.state->position_text());
  for (std::size_t i = 0; i < s.row.moves.size(); ++i) {
    const int mover = index(s.state->side_to_move());
    if (auto r = s.state->play(s.row.moves[i]); !r) return "game " + id + " does not replay: " + r.error();
    s.positions.push_back(s.state->position_text());
    s.clock_marks.emplace_back(mover, i < s.row.move_clock_ms.size() ? s.row.move_clock_ms[i] : -1);
  }
  const std::int64_t now = clock_.now_ms();
  s.clock = GameClock({s.row.clock_initial_ms, s.row.clock_increment_ms}, now);
  s.clock.restore(s.clock_marks, now);
  for (auto& seat : s.seats) seat.away_since = now;
  if (s.mode != Mode::online) s.clock.begin(now);
  // A flag falls on the side to move: after a restart its clock shows the 0 it ended on.
  if (clock_end_code(s.row.reason) == "time") s.clock.flag(index(s.state->side_to_move()));
  if (s.state->status().over()) {  // the store keeps the rules' verdict too; in memory only overrides
    s.row.result = "*";
    s.row.reason.clear();
  }
  if (s.mode == Mode::online) {
    auto chat = chats_.load(id);
    if (!chat) return chat.error();
    s.chat = std::move(*chat);
  }
  note_position(s);
  return {};
}

Result<std::shared_ptr<GameService::Session>> GameService::find(const std::string& id) {
  std::shared_ptr<Session> s;
  std::promise<std::string> loading;
  bool load_here = false;
  {
    std::lock_guard lock(mutex_);
    if (auto it = sessions_.find(id); it != sessions_.end()) {
      s = it->second;
    } else {
      evict_idle_locked();
      s = std::make_shared<Session>();
      s->loaded = loading.get_future().share();
      sessions_.emplace(id, s);
      load_here = true;
    }
  }
  if (load_here) {
    std::string error = load_into(*s, id);
    if (!error.empty()) {
      std::lock_guard lock(mutex_);
      if (auto it = sessions_.find(id); it != sessions_.end() && it->second == s) sessions_.erase(it);
    }
    loading.set_value(std::move(error));
    if (s->loaded.get().empty()) {
      std::lock_guard lock(s->m);
      if (s->changed_while_loading.exchange(false)) reload_locked(*s);
      refresh_players(*s);
      settle_ratings(*s);
      maybe_start_ai(s);  // the server may have stopped while the computer was thinking
      arm_clock(s);
      if (s->mode == Mode::online) (void)store_.signal("ask " + id);  // who is connected elsewhere
    }
  }
  if (const std::string& error = s->loaded.get(); !error.empty()) return make_error(error);
  return s;
}

void GameService::when_loaded(const std::string& id, std::function<void()> then) {
  bool ready = false;
  {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(id);
    ready = it != sessions_.end() && it->second->loaded.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  }
  if (ready) {
    then();
    return;
  }
  boost::asio::post(loaders_, [this, id, then = std::move(then)] {
    (void)find(id);
    then();
  });
}

void GameService::run_slow(std::function<void()> work) { boost::asio::post(loaders_, std::move(work)); }

}  // namespace oyin::server
