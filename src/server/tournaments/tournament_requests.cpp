// What players ask of tournaments: create, join, withdraw, start, cancel.
#include <chrono>
#include <cstdio>

#include "server/accounts/credentials.h"
#include "server/common/random_token.h"
#include "server/common/request_json.h"
#include "server/tournaments/format_rules.h"
#include "server/tournaments/tournament_service.h"

namespace oyin::server {

namespace {

constexpr std::int64_t kMaxOpenPerCreator = 5;
constexpr std::size_t kMaxNameBytes = 80;

// "2026-12-05T18:00:00Z" (seconds and the zone optional; "+05:00" style offsets) as Unix ms.
std::optional<std::int64_t> parse_utc(const std::string& text) {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, used = 0;
  if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d%n", &y, &mo, &d, &h, &mi, &used) != 5) return std::nullopt;
  std::string rest = text.substr(static_cast<std::size_t>(used));
  if (rest.size() >= 3 && rest[0] == ':') {
    if (std::sscanf(rest.c_str(), ":%2d", &s) != 1) return std::nullopt;
    rest = rest.substr(3);
  }
  int offset_min = 0;
  if (rest == "Z" || rest.empty()) {
  } else if (rest.size() == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':') {
    int oh = 0, om = 0;
    if (std::sscanf(rest.c_str() + 1, "%2d:%2d", &oh, &om) != 2) return std::nullopt;
    offset_min = (rest[0] == '+' ? 1 : -1) * (oh * 60 + om);
  } else {
    return std::nullopt;
  }
  using namespace std::chrono;
  const year_month_day ymd{year(y), month(static_cast<unsigned>(mo)), day(static_cast<unsigned>(d))};
  if (!ymd.ok() || h > 23 || mi > 59 || s > 59) return std::nullopt;
  const auto t = sys_days(ymd) + hours(h) + minutes(mi) + seconds(s) - minutes(offset_min);
  return duration_cast<milliseconds>(t.time_since_epoch()).count();
}

// The format's own field: minutes (arena), rounds (swiss), double (round robin).
std::optional<Reply> read_format_fields(const json& req, storage::TournamentRow& t) {
  if (t.format == "arena") {
    const auto m = int_field(req, "minutes", 5, 24 * 60, 60);
    if (!m) return Reply::error(400, "bad_number", m.error());
    t.minutes = static_cast<int>(*m);
  } else if (t.format == "swiss") {
    const auto r = int_field(req, "rounds", 1, 20, 5);
    if (!r) return Reply::error(400, "bad_number", r.error());
    t.rounds = static_cast<int>(*r);
  } else if (t.format == "round_robin") {
    if (req.contains("double") && !req["double"].is_boolean())
      return Reply::error(400, "field_type", "double must be true or false");
    t.double_rr = req.value("double", false);
  }
  return std::nullopt;
}

// Game, rules, clock, players and start: what every format shares.
std::optional<Reply> read_terms(const json& req, storage::TournamentRow& t, std::int64_t now_ms) {
  const auto game = string_field(req, "game");
  if (!game) return Reply::error(400, "field_type", game.error());
  const GameEntry* adapter = find_game(*game);
  if (!adapter) return Reply::error(400, "unknown_game", "unknown game '" + *game + "'", {{"game", *game}});
  const auto rules = string_field(req, "rules");
  if (!rules) return Reply::error(400, "field_type", rules.error());
  auto st = adapter->new_game(*rules, "");
  if (!st) return Reply::error(400, "bad_rules", st.error());
  t.game = adapter->name();
  t.rules = (*st)->rules_text();
  const auto control = time_control_from_json(req.contains("clock") ? req["clock"] : json(nullptr));
  if (!control) return Reply::error(400, "bad_clock", control.error());
  if (!control->timed()) return Reply::error(400, "bad_clock", "a tournament needs a clock");
  t.initial_s = control->initial_ms / 1000;
  t.increment_s = control->increment_ms / 1000;
  if (req.contains("rated") && !req["rated"].is_boolean()) return Reply::error(400, "field_type", "rated must be true or false");
  t.rated = req.value("rated", true);
  const auto lo = int_field(req, "min_players", 2, TournamentService::kMaxPlayers, 2);
  if (!lo) return Reply::error(400, "bad_number", lo.error());
  const auto hi = int_field(req, "max_players", *lo, TournamentService::kMaxPlayers, t.format == "round_robin" ? 20 : 64);
  if (!hi) return Reply::error(400, "bad_number", hi.error());
  t.min_players = static_cast<int>(*lo);
  t.max_players = static_cast<int>(*hi);
  t.starts_ms = now_ms;
  if (req.contains("starts_at") && !req["starts_at"].is_null()) {
    const auto at = req["starts_at"].is_string() ? parse_utc(req["starts_at"].get<std::string>()) : std::nullopt;
    if (!at) return Reply::error(400, "bad_time", "starts_at must be an ISO-8601 time such as 2026-12-05T18:00:00Z");
    t.starts_ms = *at;
  }
  return std::nullopt;
}

}  // namespace

Reply TournamentService::create(const json& req, std::int64_t user, const std::string& username) {
  if (user == 0) return Reply::error(401, "not_signed_in", "a tournament is made from an account");
  if (!req.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
  storage::TournamentRow t;
  const auto format = string_field(req, "format");
  if (!format) return Reply::error(400, "field_type", format.error());
  t.format = *format;
  if (!tournaments::known_format(t.format))
    return Reply::error(400, "bad_format", "format must be arena, swiss, round_robin or knockout", {{"format", t.format}});
  const auto name = string_field(req, "name");
  if (!name) return Reply::error(400, "field_type", name.error());
  if (name->empty() || name->size() > kMaxNameBytes)
    return Reply::error(400, "bad_name", "a tournament's name is 1 to 80 bytes");
  t.name = *name;
  const std::int64_t now = clock_.wall_ms();
  if (auto bad = read_terms(req, t, now)) return *bad;
  if (auto bad = read_format_fields(req, t)) return *bad;
  const auto password = string_field(req, "password");
  if (!password) return Reply::error(400, "field_type", password.error());
  if (password->size() > accounts::kMaxPasswordLength) return Reply::error(400, "weak_password", "the password is too long");
  if (!password->empty()) {
    auto hash = accounts::hash_password(*password);
    if (!hash) return Reply::error(503, "server_busy", "no memory to hash the password now");
    t.password_hash = *hash;
  }
  auto open = store_.open_by(user);
  if (!open) return Reply::error(500, "server_error", open.error());
  if (*open >= kMaxOpenPerCreator)
    return Reply::error(429, "too_many_tournaments",
                        "at most " + std::to_string(kMaxOpenPerCreator) + " tournaments of one player not yet finished",
                        {{"max", kMaxOpenPerCreator}});
  t.id = random_token();
  t.creator = user;
  t.creator_name = username;
  t.created_at = storage::utc_now();
  t.created_ms = now;
  if (auto r = store_.create(t); !r) return Reply::error(500, "server_error", r.error());
  Reply r = view(t.id);
  r.status = 201;
  return r;
}

Reply TournamentService::join(const std::string& id, const json& req, std::int64_t user, const std::string& username) {
  if (user == 0) return Reply::error(401, "not_signed_in", "players join a tournament from an account");
  auto t = store_.find(id);
  if (!t) return Reply::error(500, "server_error", t.error());
  if (!*t) return Reply::error(404, "no_such_tournament", "no tournament " + id, {{"id", id}});
  if (!(*t)->password_hash.empty()) {
    const auto password = req.is_object() ? string_field(req, "password") : Result<std::string>(std::string());
    if (!password) return Reply::error(400, "field_type", password.error());
    if (password->size() > accounts::kMaxPasswordLength || !accounts::verify_password(*password, (*t)->password_hash))
      return Reply::error(403, "wrong_tournament_password", "this tournament's password is not that");
  }
  storage::TournamentPlayer p;
  p.user_id = user;
  p.username = username;
  const TimeControl control{(*t)->initial_s * 1000, (*t)->increment_s * 1000};
  auto rating = ratings_.rating(user, (*t)->game, std::string(speed_class(control)));
  if (!rating) return Reply::error(500, "server_error", rating.error());
  p.rating = static_cast<int>(*rating ? (*rating)->rating : 1500.0);
  auto joined = store_.join(id, p, clock_.wall_ms());
  if (!joined) return Reply::error(500, "server_error", joined.error());
  using Joined = storage::TournamentStore::Joined;
  if (*joined == Joined::closed) return Reply::error(409, "tournament_closed", "this tournament takes no more players");
  if (*joined == Joined::full)
    return Reply::error(409, "tournament_full", "this tournament has its " + std::to_string((*t)->max_players) + " players",
                        {{"max", (*t)->max_players}});
  changed(id);
  later(id);
  return {200, json::object()};
}

Reply TournamentService::withdraw(const std::string& id, std::int64_t user) {
  if (user == 0) return Reply::error(401, "not_signed_in", "players withdraw from an account");
  auto done = store_.withdraw(id, user);
  if (!done) return Reply::error(500, "server_error", done.error());
  if (!*done) return Reply::error(404, "not_in_tournament", "you are not playing in tournament " + id, {{"id", id}});
  changed(id);
  later(id);
  return {200, json::object()};
}

Reply TournamentService::start_now(const std::string& id, std::int64_t user) {
  auto t = store_.find(id);
  if (!t) return Reply::error(500, "server_error", t.error());
  if (!*t) return Reply::error(404, "no_such_tournament", "no tournament " + id, {{"id", id}});
  if ((*t)->creator != user) return Reply::error(403, "not_your_tournament", "only its creator starts a tournament");
  if ((*t)->status != "created") return Reply::error(409, "tournament_started", "this tournament has started already");
  auto players = store_.players(id);
  if (!players) return Reply::error(500, "server_error", players.error());
  if (players->size() < 2) return Reply::error(409, "too_few_players", "a tournament needs two players to start");
  storage::TournamentRow started = **t;
  started.min_players = 2;  // the creator starts it early: with whoever has come
  started.starts_ms = 0;
  bool moved;
  {
    std::lock_guard one(step_mutex_);
    moved = advance(started, clock_.wall_ms());
  }
  if (moved) {
    changed(id);
    return view(id);
  }
  // Another instance stepped first: then it has started, or it is gone.
  auto again = store_.find(id);
  if (!again || !*again || (*again)->status == "created")
    return Reply::error(409, "tournament_started", "this tournament could not be started now");
  return view(id);
}

Reply TournamentService::remove(const std::string& id, const json& req, std::int64_t user) {
  auto t = store_.find(id);
  if (!t) return Reply::error(500, "server_error", t.error());
  if (!*t) return Reply::error(404, "no_such_tournament", "no tournament " + id, {{"id", id}});
  if ((*t)->creator != user) return Reply::error(403, "not_your_tournament", "only its creator removes a player");
  const auto name = req.is_object() ? string_field(req, "username") : Result<std::string>(std::string());
  if (!name) return Reply::error(400, "field_type", name.error());
  auto players = store_.players(id);
  if (!players) return Reply::error(500, "server_error", players.error());
  for (const auto& p : *players)
    if (accounts::name_key(p.username) == accounts::name_key(*name)) return withdraw(id, p.user_id);
  return Reply::error(404, "not_in_tournament", "'" + *name + "' is not playing in this tournament", {{"id", id}});
}

Reply TournamentService::cancel(const std::string& id, std::int64_t user) {
  auto done = store_.cancel(id, user);
  if (!done) return Reply::error(500, "server_error", done.error());
  if (!*done) return Reply::error(409, "tournament_started", "only its creator cancels a tournament, before it starts");
  changed(id);
  return {200, json::object()};
}

Reply TournamentService::berserk(const std::string& id, const json& req, std::int64_t user) {
  if (user == 0) return Reply::error(401, "not_signed_in", "players berserk from an account");
  auto t = store_.find(id);
  if (!t) return Reply::error(500, "server_error", t.error());
  if (!*t) return Reply::error(404, "no_such_tournament", "no tournament " + id, {{"id", id}});
  if ((*t)->format != "arena") return Reply::error(409, "not_arena", "berserk is an arena's");
  auto pairings = store_.pairings(id);
  if (!pairings) return Reply::error(500, "server_error", pairings.error());
  const std::string game_id = req.is_object() ? req.value("game_id", "") : "";
  for (const auto& p : *pairings) {
    if (p.game_id.empty() || p.game_id != game_id || !p.result.empty() || (p.white != user && p.black != user)) continue;
    const Reply r = games_.berserk(game_id, user);
    if (r.status != 200) return r;
    if (auto s = store_.add_berserk(id, p.seq, p.white == user ? 1 : 2); !s) return Reply::error(500, "server_error", s.error());
    changed(id);
    return {200, json::object()};
  }
  return Reply::error(404, "not_in_tournament", "no game of yours in play in this tournament", {{"id", id}});
}

}  // namespace oyin::server
