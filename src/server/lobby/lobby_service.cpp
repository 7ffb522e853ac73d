#include "server/lobby/lobby_service.h"

#include <algorithm>
#include <cmath>

#include "registry/registry.h"
#include "server/fair_play/fair_play_service.h"
#include "server/play/game_clock.h"
#include "server/common/random_token.h"
#include "server/common/request_json.h"

namespace oyin::server {

namespace {

constexpr const char* kChannel = "oyin_lobby";

json seek_json(const storage::Seek& s) {
  const TimeControl tc{s.initial_s * 1000, s.increment_s * 1000};
  // The seeker's current rating for this game and speed (a signed-in seeker with none yet: the
  // starting rating, provisional); a guest has none.
  json rating = nullptr, rd = nullptr, provisional = nullptr;
  if (s.user_id != 0) {
    const double r = s.rating.value_or(kUnratedRating), d = s.rd.value_or(350);
    rating = static_cast<std::int64_t>(std::lround(r));
    rd = static_cast<std::int64_t>(std::lround(d));
    provisional = d > 110;  // ratings::provisional's line
  }
  return {{"id", s.id},
          {"game", s.game},
          {"rules", s.rules},
          {"clock", tc.timed() ? json{{"initial_s", s.initial_s}, {"increment_s", s.increment_s}} : json(nullptr)},
          {"speed", tc.timed() ? json(speed_class(tc)) : json(nullptr)},
          {"rated", s.rated},
          {"color", s.color},
          {"username", s.username ? json(*s.username) : json(nullptr)},
          {"rating", rating},
          {"rd", rd},
          {"provisional", provisional}};
}

// Whom the per-client limits count.
std::string owner_of(std::int64_t user, const std::string& client) {
  return user != 0 ? "user:" + std::to_string(user) : "addr:" + client;
}

std::string wire(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// The "seek_tokens" of a request or hello: the seeks the sender created.
Result<std::vector<std::string>> tokens_field(const json& msg) {
  std::vector<std::string> out;
  if (!msg.contains("seek_tokens")) return out;
  const json& t = msg["seek_tokens"];
  if (!t.is_array() || t.size() > 64) return make_error("seek_tokens must be an array of at most 64 strings");
  for (const json& x : t) {
    if (!x.is_string()) return make_error("seek_tokens must be an array of at most 64 strings");
    out.push_back(x.get<std::string>());
  }
  return out;
}

}  // namespace

LobbyService::LobbyService(storage::SeekStore& seeks, GameService& games, Clock& clock, const std::string& db_url)
    : seeks_(seeks), ratings_(seeks.db()), games_(games), clock_(clock) {
  if (storage::is_postgres_url(db_url))
    listener_ = storage::listen_postgres(db_url, kChannel, [this](const std::string&) { changed(); });
  arm_sweep();
  arm_renew();
}

LobbyService::~LobbyService() {
  listener_ = {};  // stops calling changed()
  {
    std::lock_guard life(life_->m);
    life_->alive = false;
  }
  std::lock_guard lock(mutex_);
  clock_.cancel(sweep_timer_);
  clock_.cancel(renew_timer_);
}

std::optional<Reply> LobbyService::read_terms(const json& req, storage::Seek& s) {
  if (!req.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
  const auto name = string_field(req, "game");
  if (!name) return Reply::error(400, "field_type", name.error());
  const GameEntry* adapter = find_game(*name);
  if (!adapter) return Reply::error(400, "unknown_game", "unknown game '" + *name + "'", {{"game", *name}});
  const auto rules = string_field(req, "rules");
  if (!rules) return Reply::error(400, "field_type", rules.error());
  auto st = adapter->new_game(*rules, "");
  if (!st) return Reply::error(400, "bad_rules", st.error());
  const auto control = time_control_from_json(req.contains("clock") ? req["clock"] : json(nullptr));
  if (!control) return Reply::error(400, "bad_clock", control.error());
  if (req.contains("rated") && !req["rated"].is_boolean()) return Reply::error(400, "field_type", "rated must be true or false");
  s.game = adapter->name();
  s.rules = (*st)->rules_text();
  s.initial_s = control->initial_ms / 1000;
  s.increment_s = control->increment_ms / 1000;
  s.speed = control->timed() ? std::string(speed_class(*control)) : "";
  s.rated = req.value("rated", false);
  s.created_ms = clock_.wall_ms();
  s.held_until_ms = s.created_ms + kSeekGraceMs;  // until its creator's lobby socket says hello
  return std::nullopt;
}

std::optional<Reply> LobbyService::insert_limited(storage::Seek& s, std::int64_t user, const std::string& client) {
  s.owner = owner_of(user, client);
  storage::SeekStore::Limits limits;
  limits.own = s.kind == "seek" ? kMaxOpenSeeks : s.kind == "quick" ? kMaxOpenQuick : kMaxOpenChallenges;
  if (s.kind == "challenge") limits.to_same = kMaxChallengesToOne;
  auto r = seeks_.insert(s, limits, clock_.wall_ms());
  if (!r) return Reply::error(500, "server_error", r.error());
  if (*r == storage::SeekStore::Refused::no) return std::nullopt;
  if (s.kind != "challenge")
    return Reply::error(429, "too_many_seeks",
                        "at most " + std::to_string(limits.own) + " open " +
                            (s.kind == "seek" ? "seeks" : "play-now requests") + " per player",
                        {{"max", limits.own}});
  if (*r == storage::SeekStore::Refused::own)
    return Reply::error(429, "too_many_challenges",
                        "at most " + std::to_string(limits.own) + " open challenges from one player",
                        {{"max", limits.own}});
  return Reply::error(429, "too_many_challenges",
                      "at most " + std::to_string(limits.to_same) + " open challenges to the same player",
                      {{"max", limits.to_same}});
}

Reply LobbyService::create(const json& req, std::int64_t user, const std::string& username, const std::string& client) {
  storage::Seek s;
  if (auto bad = read_terms(req, s)) return *bad;
  const auto color = string_field(req, "color", "random");
  if (!color) return Reply::error(400, "field_type", color.error());
  if (*color != "random" && *color != "white" && *color != "black")
    return Reply::error(400, "bad_color", "color must be random, white or black (got '" + *color + "')");
  // Rated games are between two accounts, on a clock.
  if (s.rated && user == 0) return Reply::error(401, "not_signed_in", "a rated seek needs a signed-in user");
  if (s.rated && s.initial_s == 0) return Reply::error(400, "bad_rated", "a rated seek needs a clock");
  if (fair_play_)
    if (auto refused = fair_play_->pairing_refusal(user)) return *refused;
  s.id = random_token();
  s.token = random_token();
  s.color = *color;
  s.user_id = user;
  if (user != 0) s.username = username;
  if (auto refused = insert_limited(s, user, client)) return *refused;
  announce();
  return {201, {{"id", s.id}, {"token", s.token}}};
}

json LobbyService::seeks_json() {
  json list = json::array();
  auto open = seeks_.open_seeks(kMaxListedSeeks, clock_.wall_ms());
  if (open)
    for (const auto& s : *open) list.push_back(seek_json(s));
  return list;
}

Reply LobbyService::list() {
  auto open = seeks_.open_seeks(kMaxListedSeeks, clock_.wall_ms());
  if (!open) return Reply::error(500, "server_error", open.error());
  json list = json::array();
  for (const auto& s : *open) list.push_back(seek_json(s));
  return {200, {{"seeks", list}}};
}

Reply LobbyService::cancel(const std::string& id, const json& req) {
  if (!req.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
  const auto token = string_field(req, "token");
  if (!token) return Reply::error(400, "field_type", token.error());
  auto done = seeks_.cancel(id, *token);
  if (!done) return Reply::error(500, "server_error", done.error());
  if (!*done) return Reply::error(404, "no_such_seek", "no open seek " + id + " with this token", {{"id", id}});
  announce();
  return {200, json::object()};
}

Reply LobbyService::accept(const std::string& id, const json& req, std::int64_t user) {
  if (!req.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
  const auto mine = tokens_field(req);
  if (!mine) return Reply::error(400, "field_type", mine.error());
  auto found = seeks_.find(id);
  if (!found) return Reply::error(500, "server_error", found.error());
  if (!*found || (*found)->kind != "seek") return Reply::error(404, "no_such_seek", "no seek " + id, {{"id", id}});
  const storage::Seek& s = **found;
  const std::int64_t now = clock_.wall_ms();
  if (s.state == "expired" || (s.state == "open" && s.held_until_ms <= now))
    return Reply::error(410, "seek_expired", "seek " + id + " has expired: its creator left the lobby", {{"id", id}});
  if (s.state != "open") return Reply::error(409, "seek_taken", "seek " + id + " was accepted by someone else", {{"id", id}});
  for (const auto& t : *mine)
    if (t == s.token) return Reply::error(409, "own_seek", "one cannot accept one's own seek", {{"id", id}});
  if (user != 0 && user == s.user_id)
    return Reply::error(409, "own_seek", "one cannot accept one's own seek", {{"id", id}});
  if (s.rated && user == 0) return Reply::error(401, "not_signed_in", "a rated seek needs a signed-in user");
  if (fair_play_)
    if (auto refused = fair_play_->pairing_refusal(user, s.user_id)) return *refused;
  auto claimed = seeks_.claim(id, now);
  if (!claimed) return Reply::error(500, "server_error", claimed.error());
  if (!*claimed) return Reply::error(409, "seek_taken", "seek " + id + " was accepted by someone else", {{"id", id}});
  return start_game(s, user);
}

Reply LobbyService::start_game(const storage::Seek& s, std::int64_t other_user, const storage::Seek* other) {
  // The creator's side by the row's colour; each side's account (0: a guest) is seated at once.
  const GameEntry* adapter = find_game(s.game);
  const std::string first = adapter ? adapter->side_name(Side::First) : "";
  const int creator_side = s.color == "random" ? (random_bit() ? 0 : 1) : s.color == first ? 0 : 1;
  std::int64_t users[2] = {0, 0};
  users[creator_side] = s.user_id;
  users[1 - creator_side] = other_user;
  const TimeControl control{s.initial_s * 1000, s.increment_s * 1000};
  const Reply made = games_.create_for(s.game, s.rules, control, s.rated, users);
  if (made.status != 201) {
    (void)seeks_.drop(s.id);
    if (other) (void)seeks_.drop(other->id);
    announce();
    return made;
  }
  const std::string game_id = made.body["id"];
  const std::string creator_token = made.body["tokens"][creator_side];
  const std::string acceptor_token = made.body["tokens"][1 - creator_side];
  if (auto r = seeks_.started(s.id, game_id, creator_token); !r) return Reply::error(500, "server_error", r.error());
  if (other)
    if (auto r = seeks_.started(other->id, game_id, acceptor_token); !r) return Reply::error(500, "server_error", r.error());
  announce();
  const std::string my_side = made.body["state"]["sides"][1 - creator_side];
  return {201, {{"game_id", game_id}, {"token", acceptor_token}, {"color", my_side}}};
}

Reply LobbyService::subscribe(const std::shared_ptr<Subscriber>& sub, std::int64_t user, const std::string& client) {
  std::lock_guard push(push_mutex_);
  {
    std::lock_guard lock(mutex_);
    const std::string owner = owner_of(user, client);
    std::size_t open = 0;
    for (const auto& [p, so] : sockets_) open += so.owner == owner && !so.sub.expired();
    if (open >= kMaxLobbySockets)
      return Reply::error(429, "too_many_sockets",
                          "at most " + std::to_string(kMaxLobbySockets) + " lobby sockets per player",
                          {{"max", kMaxLobbySockets}});
    Socket& so = sockets_[sub.get()];
    so.sub = sub;
    so.user = user;
    so.owner = owner;
  }
  sub->send_text(wire({{"type", "seeks"}, {"seeks", seeks_json()}}));
  if (user != 0) sub->send_text(wire(challenges_json(user)));
  return {200, json::object()};
}

Reply LobbyService::hello(const std::shared_ptr<Subscriber>& sub, const std::vector<std::string>& tokens) {
  if (tokens.size() > kMaxHelloTokens)
    return Reply::error(400, "field_type",
                        "seek_tokens must be an array of at most " + std::to_string(kMaxHelloTokens) + " strings",
                        {{"max", kMaxHelloTokens}});
  std::vector<std::string> held;
  {
    std::lock_guard lock(mutex_);
    Socket& so = sockets_[sub.get()];
    so.sub = sub;
    const std::int64_t now = clock_.now_ms();
    if (so.hello_ms != 0)
      so.hellos = std::min<double>(kHelloBurst, so.hellos + static_cast<double>(now - so.hello_ms) / kHelloEveryMs);
    so.hello_ms = now;
    if (so.hellos < 1)
      return Reply::error(429, "too_many_requests",
                          "at most one hello per " + std::to_string(kHelloEveryMs) + " ms on a lobby socket");
    so.hellos -= 1;
    // The socket's own seeks over its life; a few hellos' worth at most.
    for (const auto& t : tokens)
      if (so.tokens.size() < 4 * kMaxHelloTokens) so.tokens.insert(t);
    held.assign(tokens.begin(), tokens.end());
  }
  games_.run_slow([this, life = life_, held = std::move(held)] {
    std::lock_guard alive(life->m);
    if (!life->alive) return;
    // At once, not at the next renewal: a socket back after a drop may find its seek near its end.
    const std::int64_t now = clock_.wall_ms();
    (void)seeks_.hold(held, now + kSeekGraceMs, now);
    deliver_started();  // a game that started before this socket said hello
  });
  return {200, json::object()};
}

// The seeks it held lapse kSeekGraceMs after their last renewal, unless another socket (here or
// on another instance) holds them on.
void LobbyService::leave(Subscriber* sub) {
  std::lock_guard lock(mutex_);
  sockets_.erase(sub);
}

void LobbyService::arm_renew() {
  const std::uint64_t id = clock_.call_at(clock_.now_ms() + kSeekRenewMs, [this, life = life_] {
    std::lock_guard alive(life->m);
    if (!life->alive) return;
    renew();
    arm_renew();
  });
  std::lock_guard lock(mutex_);
  renew_timer_ = id;
}

void LobbyService::renew() {
  std::set<std::string> held;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [p, so] : sockets_) held.insert(so.tokens.begin(), so.tokens.end());
  }
  const std::int64_t now = clock_.wall_ms();
  (void)seeks_.hold(std::vector<std::string>(held.begin(), held.end()), now + kSeekGraceMs, now);
}

void LobbyService::announce() {
  (void)seeks_.announce(kChannel);
  // Pushed here at once, not only when this instance's own NOTIFY comes back through its LISTEN
  // connection (which may not be up yet, or may be reconnecting): a second push of the same list
  // is harmless, and game_started is passed on once per socket.
  changed();
}

void LobbyService::changed() {
  std::unique_lock push(push_mutex_);
  const std::string text = wire({{"type", "seeks"}, {"seeks", seeks_json()}});
  std::vector<std::pair<std::shared_ptr<Subscriber>, std::int64_t>> subs;
  {
    std::lock_guard lock(mutex_);
    for (auto it = sockets_.begin(); it != sockets_.end();) {
      if (auto sub = it->second.sub.lock()) {
        subs.emplace_back(std::move(sub), it->second.user);
        ++it;
      } else {
        it = sockets_.erase(it);
      }
    }
  }
  // A signed-in socket also gets its account's challenges (read once per account).
  std::unordered_map<std::int64_t, std::string> mine;
  for (auto& [sub, user] : subs) {
    sub->send_text(text);
    if (user == 0) continue;
    auto it = mine.find(user);
    if (it == mine.end()) it = mine.emplace(user, wire(challenges_json(user))).first;
    sub->send_text(it->second);
  }
  push.unlock();
  deliver_started();
}

void LobbyService::deliver_started() {
  std::vector<std::pair<Subscriber*, std::string>> wanted;
  std::set<std::string> tokens;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [p, so] : sockets_)
      for (const auto& t : so.tokens) {
        wanted.emplace_back(p, t);
        tokens.insert(t);
      }
  }
  if (tokens.empty()) return;
  // Read together (a statement per 16 tokens), not one by one for every socket on every change.
  auto rows = seeks_.ended(std::vector<std::string>(tokens.begin(), tokens.end()));
  if (!rows) return;
  std::unordered_map<std::string, const storage::Seek*> done;
  for (const auto& s : *rows) done[s.token] = &s;
  for (const auto& [p, token] : wanted) {
    auto found = done.find(token);
    if (found == done.end()) continue;
    const storage::Seek* s = found->second;
    const bool declined = s->state == "declined";  // a challenge its player declined
    const std::string key = declined ? "declined " + s->id : s->game_id;
    std::shared_ptr<Subscriber> sub;
    {
      std::lock_guard lock(mutex_);
      auto it = sockets_.find(p);
      if (it == sockets_.end() || it->second.delivered.contains(key)) continue;
      sub = it->second.sub.lock();
      if (!sub) continue;
      it->second.delivered.insert(key);
    }
    if (declined)
      sub->send_text(wire({{"type", "challenge_declined"}, {"seek_id", s->id}, {"to", s->to_username}}));
    else
      sub->send_text(wire({{"type", "game_started"}, {"seek_id", s->id}, {"game_id", s->game_id},
                           {"token", s->creator_token}}));
  }
}

}  // namespace oyin::server
