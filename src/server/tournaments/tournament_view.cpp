// A tournament as JSON (GET /api/tournaments/{id} and its WebSocket), the list, and the
// followers it is pushed to.
#include <chrono>
#include <map>

#include "server/common/request_json.h"
#include "server/tournaments/format_rules.h"
#include "server/tournaments/pushed_view.h"
#include "server/tournaments/standings_view.h"
#include "server/tournaments/tournament_service.h"

namespace oyin::server {

namespace {

std::string iso_of(std::int64_t unix_ms) {
  using namespace std::chrono;
  const auto tp = sys_time<milliseconds>(milliseconds(unix_ms));
  const auto day = floor<days>(tp);
  const year_month_day ymd(day);
  const hh_mm_ss hms(floor<seconds>(tp - day));
  char out[64];
  std::snprintf(out, sizeof out, "%04d-%02u-%02uT%02ld:%02ld:%02ldZ", static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()), static_cast<long>(hms.hours().count()),
                static_cast<long>(hms.minutes().count()), static_cast<long>(hms.seconds().count()));
  return out;
}

json summary(const storage::TournamentRow& t, std::size_t players) {
  json j{{"id", t.id},
         {"name", t.name},
         {"game", t.game},
         {"rules", t.rules},
         {"format", t.format},
         {"clock", {{"initial_s", t.initial_s}, {"increment_s", t.increment_s}}},
         {"rated", t.rated},
         {"status", t.status},
         {"round", t.round},
         {"starts_at", iso_of(t.starts_ms)},
         {"min_players", t.min_players},
         {"max_players", t.max_players},
         {"players", players},
         {"password", !t.password_hash.empty()},
         {"creator", t.creator_name},
         {"created_at", t.created_at}};
  if (t.format == "arena") j["minutes"] = t.minutes;
  if (t.format == "swiss") j["rounds"] = t.rounds;
  if (t.format == "round_robin") j["double"] = t.double_rr;
  if (t.ends_ms > 0) j["ends_at"] = iso_of(t.ends_ms);
  if (t.finished_ms > 0) j["finished_at"] = iso_of(t.finished_ms);
  return j;
}

}  // namespace

Reply TournamentService::view(const std::string& id, std::map<std::int64_t, std::string>* names_out) {
  auto t = store_.find(id);
  if (!t) return Reply::error(500, "server_error", t.error());
  if (!*t) return Reply::error(404, "no_such_tournament", "no tournament " + id, {{"id", id}});
  auto players = store_.players(id);
  auto pairings = store_.pairings(id);
  if (!players) return Reply::error(500, "server_error", players.error());
  if (!pairings) return Reply::error(500, "server_error", pairings.error());
  std::map<std::int64_t, std::string> names;
  for (const auto& p : *players) names[p.user_id] = p.username;
  json j = summary(**t, players->size());
  j["now"] = iso_of(clock_.wall_ms());
  j["standings"] = tournaments::standings_json(**t, *players, *pairings);
  json list = json::array();
  for (const auto& p : *pairings)
    list.push_back({{"round", p.round},
                    {"white", names[p.white]},
                    {"black", p.black == 0 ? json(nullptr) : json(names[p.black])},
                    {"game_id", p.game_id.empty() ? json(nullptr) : json(p.game_id)},
                    {"result", p.result.empty() ? json(nullptr) : json(p.result)},
                    {"forfeit", p.forfeit}});
  j["pairings"] = std::move(list);
  json entrants = json::array();
  for (const auto& p : *players)
    entrants.push_back({{"username", p.username}, {"rating", p.rating}, {"number", p.number}, {"active", p.active},
                        {"paused", p.paused}});
  j["entrants"] = std::move(entrants);
  tournaments::add_format_views(**t, *players, *pairings, j);
  if (names_out) *names_out = std::move(names);
  return {200, std::move(j)};
}

Reply TournamentService::get(const std::string& id) { return view(id); }

Reply TournamentService::list() {
  json out = json::object();
  for (const auto& [key, status] : {std::pair{"upcoming", "created"}, {"running", "running"}, {"finished", "finished"}}) {
    auto rows = store_.list(status, kListed);
    if (!rows) return Reply::error(500, "server_error", rows.error());
    json list = json::array();
    for (const auto& t : *rows) {
      auto players = store_.players(t.id);
      list.push_back(summary(t, players ? players->size() : 0));
    }
    out[key] = std::move(list);
  }
  return {200, std::move(out)};
}

Reply TournamentService::subscribe(const std::string& id, const std::shared_ptr<Subscriber>& sub, std::int64_t user) {
  std::map<std::int64_t, std::string> names;
  const Reply r = view(id, &names);
  if (r.status != 200) return r;
  {
    std::lock_guard lock(mutex_);
    Follower& f = followers_[sub.get()];
    f.sub = sub;
    f.tournament = id;
    f.user = user;
  }
  const json head = tournaments::pushed_head(r.body);
  const auto name = names.find(user);
  sub->send_text(tournaments::push_message(wire_text(head), tournaments::own_lines(r.body, head, name == names.end() ? "" : name->second)));
  changed(id);  // and its game, if one is waiting for it
  return {200, json::object()};
}

void TournamentService::leave(Subscriber* sub) {
  std::lock_guard lock(mutex_);
  followers_.erase(sub);
}

void TournamentService::changed(const std::string& id) {
  std::vector<std::pair<std::shared_ptr<Subscriber>, Subscriber*>> to;
  std::vector<std::int64_t> users;
  bool push_now = false;
  {
    std::lock_guard lock(mutex_);
    for (auto it = followers_.begin(); it != followers_.end();) {
      if (it->second.sub.expired()) {
        it = followers_.erase(it);
        continue;
      }
      if (it->second.tournament == id) {
        to.emplace_back(it->second.sub.lock(), it->first);
        users.push_back(it->second.user);
      }
      ++it;
    }
    if (to.empty()) return;
    // The whole view at most every kPushEveryMs per tournament (an arena of hundreds changes many
    // times a second): the first change after a quiet spell at once, the others together after.
    Pushes& p = pushes_[id];
    const std::int64_t now = clock_.now_ms();
    if (now - p.last_ms >= kPushEveryMs) {
      p.last_ms = now;
      push_now = true;
    } else if (!p.scheduled) {
      p.scheduled = true;
      clock_.call_at(p.last_ms + kPushEveryMs, [this, id, life = life_] {
        games_.run_slow([this, id, life] {
          std::lock_guard alive(life->m);
          if (!life->alive) return;
          {
            std::lock_guard lock(mutex_);
            pushes_[id].scheduled = false;
            pushes_[id].last_ms = 0;
          }
          changed(id);
        });
      });
    }
  }
  auto pairings = store_.pairings(id);
  if (push_now) {
    std::map<std::int64_t, std::string> names;
    Reply r = view(id, &names);
    if (r.status != 200) return;
    const json head = tournaments::pushed_head(r.body);
    const std::string head_text = wire_text(head);
    for (std::size_t i = 0; i < to.size(); ++i) {
      if (!to[i].first) continue;
      const auto name = names.find(users[i]);
      to[i].first->send_text(
          tournaments::push_message(head_text, tournaments::own_lines(r.body, head, name == names.end() ? "" : name->second)));
    }
  }
  if (pairings) tell_games(id, *pairings, to);
}

// Each follower's new games, once each (at once: a player must not wait for the view's push).
void TournamentService::tell_games(const std::string& id, const std::vector<storage::TournamentPairing>& pairings,
                                   const std::vector<std::pair<std::shared_ptr<Subscriber>, Subscriber*>>& to) {
  std::map<std::int64_t, const storage::TournamentPairing*> playing;  // the games being played, by player
  for (const auto& p : pairings)
    if (p.result.empty() && !p.game_id.empty()) playing[p.white] = playing[p.black] = &p;
  if (playing.empty()) return;
  auto t = store_.find(id);
  const GameEntry* adapter = t && *t ? find_game((*t)->game) : nullptr;
  if (!adapter) return;
  for (const auto& [sub, key] : to) {
    if (!sub) continue;
    const storage::TournamentPairing* p = nullptr;
    std::int64_t user = 0;
    {
      std::lock_guard lock(mutex_);
      auto it = followers_.find(key);
      if (it == followers_.end() || it->second.user == 0) continue;
      user = it->second.user;
      auto game = playing.find(user);
      if (game == playing.end() || !it->second.told.insert(game->second->game_id).second) continue;
      p = game->second;
    }
    const Side side = p->white == user ? Side::First : Side::Second;
    sub->send_text(wire_text(json{{"type", "game"}, {"game_id", p->game_id}, {"round", p->round},
                                  {"color", adapter->side_name(side)}}));
  }
}

Reply TournamentService::trf(const std::string& id) {
  auto t = store_.find(id);
  if (!t) return Reply::error(500, "server_error", t.error());
  if (!*t) return Reply::error(404, "no_such_tournament", "no tournament " + id, {{"id", id}});
  if ((*t)->format != "swiss" && (*t)->format != "round_robin")
    return Reply::error(409, "no_trf", "a TRF is written for Swiss and round-robin tournaments");
  auto players = store_.players(id);
  auto pairings = store_.pairings(id);
  if (!players || !pairings) return Reply::error(500, "server_error", "database: tournament");
  return {200, {{"text", tournaments::trf_text(**t, *players, *pairings)}}};
}

}  // namespace oyin::server
