// The lobby's quick pairing ("play now") and direct challenges. Both are rows of the seeks
// table (kind quick / challenge), so a pairing or an accept claims them exactly once across
// instances with the same conditional UPDATE as a seek's accept (storage/seek_store.h).
#include <cmath>

#include "server/accounts/credentials.h"
#include "server/fair_play/fair_play_service.h"
#include "server/lobby/lobby_service.h"
#include "server/common/random_token.h"
#include "server/common/request_json.h"

namespace oyin::server {

namespace {

double rating_of(const storage::Seek& s) { return s.user_id != 0 && s.rating ? *s.rating : kUnratedRating; }

// Two rows with the same terms that may be paired: not the same account, and ratings in the
// window of the longer wait.
bool near_enough(const storage::Seek& a, const storage::Seek& b, std::int64_t now_ms) {
  if (a.user_id != 0 && a.user_id == b.user_id) return false;
  const std::int64_t waited = now_ms - std::min(a.created_ms, b.created_ms);
  return std::abs(rating_of(a) - rating_of(b)) <= pairing_window(waited);
}

bool same_terms(const storage::Seek& a, const storage::Seek& b) {
  return a.game == b.game && a.rules == b.rules && a.initial_s == b.initial_s && a.increment_s == b.increment_s &&
         a.rated == b.rated;
}

json challenge_json(const storage::Seek& s) {
  return {{"id", s.id},
          {"from", s.username ? json(*s.username) : json(nullptr)},
          {"to", s.to_username},
          {"game", s.game},
          {"rules", s.rules},
          {"clock", s.initial_s > 0 ? json{{"initial_s", s.initial_s}, {"increment_s", s.increment_s}} : json(nullptr)},
          {"speed", s.speed.empty() ? json(nullptr) : json(s.speed)},
          {"rated", s.rated},
          {"color", s.color},
          {"created_at", s.created_at}};
}

}  // namespace

double pairing_window(std::int64_t waited_ms) {
  return kPairingWindow + kPairingWiden * static_cast<double>(std::max<std::int64_t>(0, waited_ms) / kPairingWidenEveryMs);
}

Reply LobbyService::pair(const json& req, std::int64_t user, const std::string& username, const std::string& client) {
  storage::Seek me;
  if (auto bad = read_terms(req, me)) return *bad;
  if (me.rated && user == 0) return Reply::error(401, "not_signed_in", "a rated game needs a signed-in user");
  if (me.rated && me.initial_s == 0) return Reply::error(400, "bad_rated", "a rated game needs a clock");
  if (fair_play_)
    if (auto refused = fair_play_->pairing_refusal(user)) return *refused;
  std::vector<std::string> mine;  // a guest's own waiting requests and seeks, never paired with
  if (req.contains("seek_tokens") && req["seek_tokens"].is_array())
    for (const json& t : req["seek_tokens"])
      if (t.is_string() && mine.size() < 64) mine.push_back(t.get<std::string>());
  me.user_id = user;
  if (user != 0) {
    auto r = ratings_.rating(user, me.game, me.speed);
    if (!r) return Reply::error(500, "server_error", r.error());
    if (*r) me.rating = (*r)->rating;
  }
  const std::int64_t now = clock_.wall_ms();
  auto candidates = seeks_.quick_candidates(me.game, me.rules, me.initial_s, me.increment_s, me.rated, now);
  if (!candidates) return Reply::error(500, "server_error", candidates.error());
  for (const storage::Seek& c : *candidates) {
    if (std::find(mine.begin(), mine.end(), c.token) != mine.end()) continue;
    if (!near_enough(c, me, now)) continue;
    if (fair_play_ && fair_play_->blocked(user, c.user_id)) continue;
    auto claimed = seeks_.claim(c.id, now);
    if (!claimed) return Reply::error(500, "server_error", claimed.error());
    if (*claimed) return start_game(c, user);  // the one that waited is told over its lobby socket
  }
  // Nobody near enough: wait (and be paired by a later request or by the sweep).
  me.id = random_token();
  me.token = random_token();
  me.kind = "quick";
  me.color = "random";
  if (user != 0) me.username = username;
  if (auto refused = insert_limited(me, user, client)) return *refused;
  announce();
  return {202, {{"id", me.id}, {"token", me.token}}};
}

Reply LobbyService::cancel_pairing(const std::string& id, const std::string& token, std::int64_t user) {
  auto done = token.empty() ? (user != 0 ? seeks_.cancel_own(id, user, "quick") : Result<bool>(false))
                            : seeks_.cancel(id, token);
  if (!done) return Reply::error(500, "server_error", done.error());
  if (!*done) return Reply::error(404, "no_such_seek", "no waiting request " + id + " of yours", {{"id", id}});
  announce();
  return {200, json::object()};
}

void LobbyService::arm_sweep() {
  const std::uint64_t id = clock_.call_at(clock_.now_ms() + kPairingSweepMs, [this, life = life_] {
    std::lock_guard alive(life->m);
    if (!life->alive) return;
    sweep();
    arm_sweep();
  });
  std::lock_guard lock(mutex_);
  sweep_timer_ = id;
}

void LobbyService::sweep() {
  const std::int64_t now = clock_.wall_ms();
  // Whichever instance sees a row lapse first marks it and tells every lobby.
  if (auto lapsed = seeks_.expire_lapsed(now); lapsed && *lapsed > 0) announce();
  auto waiting = seeks_.open_quick(500, now);
  if (!waiting || waiting->size() < 2) return;
  std::vector<bool> used(waiting->size(), false);
  for (std::size_t i = 0; i < waiting->size(); ++i) {
    for (std::size_t j = i + 1; j < waiting->size() && !used[i]; ++j) {
      const storage::Seek &a = (*waiting)[i], &b = (*waiting)[j];
      if (used[j] || !same_terms(a, b) || !near_enough(a, b, now)) continue;
      if (fair_play_ && fair_play_->blocked(a.user_id, b.user_id)) continue;
      auto both = seeks_.claim_pair(a.id, b.id, now);  // another instance may have paired one of them
      if (!both || !*both) continue;
      used[i] = used[j] = true;
      (void)start_game(a, b.user_id, &b);
    }
  }
}

Reply LobbyService::challenge(const json& req, std::int64_t user, const std::string& username) {
  if (user == 0 || !accounts_) return Reply::error(401, "not_signed_in", "a challenge is sent from an account");
  storage::Seek s;
  if (auto bad = read_terms(req, s)) return *bad;
  const auto to = string_field(req, "to");
  if (!to) return Reply::error(400, "field_type", to.error());
  const auto color = string_field(req, "color", "random");
  if (!color) return Reply::error(400, "field_type", color.error());
  if (*color != "random" && *color != "white" && *color != "black")
    return Reply::error(400, "bad_color", "color must be random, white or black (got '" + *color + "')");
  if (s.rated && s.initial_s == 0) return Reply::error(400, "bad_rated", "a rated game needs a clock");
  auto target = accounts_->find_by_name(accounts::name_key(*to));
  if (!target) return Reply::error(500, "server_error", target.error());
  if (!*target) return Reply::error(404, "no_such_player", "no player named '" + *to + "'", {{"username", *to}});
  if ((*target)->id == user) return Reply::error(400, "challenge_self", "one cannot challenge oneself");
  if (fair_play_)
    if (auto refused = fair_play_->pairing_refusal(user, (*target)->id)) return *refused;
  s.id = random_token();
  s.token = random_token();
  s.kind = "challenge";
  s.color = *color;
  s.user_id = user;
  s.username = username;
  s.to_user = (*target)->id;
  s.to_username = (*target)->username;
  // A challenge too lasts while its sender has a lobby socket.
  if (auto refused = insert_limited(s, user, "")) return *refused;
  announce();
  return {201, {{"id", s.id}, {"token", s.token}}};
}

json LobbyService::challenges_json(std::int64_t user) {
  // Apart, each newest first: what one sends cannot push off what another sends.
  json in = json::array(), out = json::array();
  const std::int64_t now = clock_.wall_ms();
  if (auto rows = seeks_.challenges_of(user, true, now))
    for (const auto& s : *rows) in.push_back(challenge_json(s));
  if (auto rows = seeks_.challenges_of(user, false, now))
    for (const auto& s : *rows) out.push_back(challenge_json(s));
  return {{"type", "challenges"}, {"incoming", in}, {"outgoing", out}};
}

Reply LobbyService::challenges(std::int64_t user) {
  if (user == 0) return Reply::error(401, "not_signed_in", "challenges are an account's");
  json j = challenges_json(user);
  j.erase("type");
  return {200, j};
}

Reply LobbyService::challenge_action(const std::string& id, const std::string& action, std::int64_t user) {
  if (user == 0) return Reply::error(401, "not_signed_in", "challenges are an account's");
  auto found = seeks_.find(id);
  if (!found) return Reply::error(500, "server_error", found.error());
  const auto missing = [&] { return Reply::error(404, "no_such_challenge", "no open challenge " + id, {{"id", id}}); };
  if (!*found || (*found)->kind != "challenge" || (*found)->state != "open") return missing();
  const storage::Seek& s = **found;
  if (action == "cancel") {
    if (s.user_id != user) return Reply::error(403, "not_your_challenge", "only its sender cancels a challenge");
    auto done = seeks_.cancel_own(id, user, "challenge");
    if (!done) return Reply::error(500, "server_error", done.error());
    if (!*done) return missing();
    announce();
    return {200, json::object()};
  }
  if (s.to_user != user) return Reply::error(403, "not_your_challenge", "this challenge is for another player");
  if (action == "decline") {
    auto done = seeks_.decline(id, user);
    if (!done) return Reply::error(500, "server_error", done.error());
    if (!*done) return missing();
    announce();  // its sender's lobby socket hears of it
    return {200, json::object()};
  }
  if (fair_play_)
    if (auto refused = fair_play_->pairing_refusal(user, s.user_id)) return *refused;
  auto claimed = seeks_.claim(id, clock_.wall_ms());
  if (!claimed) return Reply::error(500, "server_error", claimed.error());
  if (!*claimed) return missing();
  return start_game(s, user);
}

}  // namespace oyin::server
