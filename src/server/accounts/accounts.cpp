#include "server/accounts/accounts.h"

#include <ctime>
#include <variant>

#include "core/event_log.h"
#include "server/accounts/credentials.h"
#include "server/accounts/session_cookie.h"
#include "server/common/request_json.h"

namespace oyin::server {

namespace {

HttpResponse error_response(int status, std::string_view code, std::string message, json params = json::object()) {
  const Reply r = Reply::error(status, code, std::move(message), std::move(params));
  return json_response(r.status, r.body);
}

// Unix ms as the store's text timestamps are written (for sessions from before the ms were kept).
std::string utc_text(std::int64_t unix_ms) {
  const std::time_t t = static_cast<std::time_t>(unix_ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

struct Credentials {
  std::string username, password;
};

// {"username","password"} as strings, or the error answer.
std::variant<Credentials, HttpResponse> read_credentials(const json& body) {
  if (!body.is_object()) return error_response(400, "not_an_object", "the request body must be a JSON object");
  auto name = string_field(body, "username");
  if (!name) return error_response(400, "field_type", name.error());
  auto password = string_field(body, "password");
  if (!password) return error_response(400, "field_type", password.error());
  return Credentials{std::move(*name), std::move(*password)};
}

// 429 with Retry-After, after a limit of sign_in_limits.h; a "sign_in_limited" event (with the
// client's address, never the name typed: it might be a password typed in the wrong field).
HttpResponse too_many(std::int64_t wait_ms, std::string_view code, const std::string& what, const std::string& client) {
  const std::int64_t wait_s = (wait_ms + 999) / 1000;
  event_log::warn("sign_in_limited", {{"limit", code}, {"client", client}, {"wait_s", wait_s}});
  HttpResponse r =
      error_response(429, code, "too many " + what + ": try again in " + std::to_string(wait_s) + " s", {{"wait_s", wait_s}});
  r.headers.emplace_back("Retry-After", std::to_string(wait_s));
  return r;
}

}  // namespace

json account_json(const storage::User& u, std::int64_t now_ms) {
  return {{"id", u.id},
          {"username", u.username},
          {"created_at", u.created_at},
          {"chat", u.chat},
          {"moderator", u.moderator()},
          {"muted_until_ms", u.muted_until_ms > now_ms ? json(u.muted_until_ms) : json(nullptr)}};
}

AccountService::AccountService(storage::Db& db, Clock& clock) : store_(db), wall_(clock), limits_(db, store_, wall_) {}

void AccountService::stop() { hashing_.stop(); }

std::optional<AccountService::LiveSession> AccountService::session_of(const std::string& cookie_header) {
  if (cookie_header.empty()) return std::nullopt;
  // A page of the same site may have set cookies of the same name ahead of ours (cookie tossing):
  // each value is tried, a few at most.
  const auto tokens = accounts::sessions_from_cookie_header(cookie_header);
  for (std::size_t i = 0; i < tokens.size() && i < 4; ++i)
    if (auto live = live_session(tokens[i])) return live;
  return std::nullopt;
}

std::optional<AccountService::LiveSession> AccountService::live_session(const std::string& token) {
  const std::string hash = accounts::token_hash(token);
  auto s = store_.find_session(hash);
  if (!s || !*s) return std::nullopt;
  const std::int64_t now = wall_.now_ms();
  const storage::Session& session = **s;
  // A closed account's sessions end with it (the close drops them; one that raced it ends here).
  const bool live = !session.user.closed() &&
                    (session.last_seen_ms == 0
                         ? session.created_at >= utc_text(now - kSessionIdleMs)
                         : now - session.last_seen_ms < kSessionIdleMs && now - session.created_ms < kSessionMaxMs);
  if (!live) {
    (void)store_.drop_session(hash);  // else left for the account's next sign-in to sweep
    return std::nullopt;
  }
  if (now - session.last_seen_ms >= kTouchEveryMs) (void)store_.touch_session(hash, now);
  return LiveSession{session.user, hash};
}

std::optional<storage::User> AccountService::user_of(const std::string& cookie_header) {
  auto s = session_of(cookie_header);
  if (!s) return std::nullopt;
  return std::move(s->user);
}

std::optional<storage::User> AccountService::user_by_id(std::int64_t id) {
  auto u = store_.find_by_id(id);
  if (!u) return std::nullopt;
  return std::move(*u);
}

bool AccountService::route(const HttpRequest& req, const std::vector<std::string>& parts, const json& body,
                           const Respond& respond) {
  const std::string& m = req.method;
  const std::size_t n = parts.size();
  if (n < 2 || parts[1] != "account" || n > 3) return false;
  if (n == 2) {
    if (m != "GET") return false;
    const auto u = user_of(req.cookie);
    if (!u) respond(error_response(401, "not_signed_in", "nobody is signed in"));
    else respond(json_response(200, account_json(*u, wall_.now_ms())));
    return true;
  }
  const std::string& what = parts[2];
  if (m != "POST") return false;
  // Argon2id takes a fraction of a second and 64 MiB: on the hashing threads, or 503 when
  // their queue is full.
  using Lane = accounts::HashingQueue::Lane;
  const auto hash_then = [&](Lane lane, std::function<HttpResponse()> work) {
    if (hashing_.post(lane, [work = std::move(work), respond] { respond(work()); })) return true;
    HttpResponse r = error_response(503, "server_busy", "the server is busy: try again in a moment");
    r.headers.emplace_back("Retry-After", "2");
    respond(std::move(r));
    return true;
  };
  if (what == "register")
    return hash_then(Lane::sign_up, [this, body, client = req.client] { return sign_up(body, client); });
  if (what == "login")
    return hash_then(Lane::check, [this, body, client = req.client] { return sign_in(body, client); });
  if (what == "password")
    return hash_then(Lane::check, [this, body, cookie = req.cookie, client = req.client] {
      return change_password(cookie, body, client);
    });
  if (what == "logout") return respond(sign_out(req.cookie)), true;
  if (what == "logout_all") return respond(sign_out_everywhere(req.cookie)), true;
  if (what == "settings") return respond(settings(req.cookie, body)), true;
  return false;
}

HttpResponse AccountService::with_new_session(int status, const storage::User& u) {
  const std::string token = accounts::new_session_token();
  const std::int64_t now = wall_.now_ms();
  (void)store_.drop_expired_sessions(u.id, now - kSessionIdleMs, now - kSessionMaxMs);  // a sweep, not needed for this one
  if (auto s = store_.add_session(accounts::token_hash(token), u.id, now); !s)
    return error_response(500, "server_error", s.error());
  HttpResponse r = json_response(status, {{"id", u.id}, {"username", u.username}});
  r.headers.emplace_back("Set-Cookie", accounts::set_cookie(token));
  return r;
}

std::optional<HttpResponse> AccountService::name_taken(const std::string& name, const std::string& key,
                                                      const std::string& skeleton) {
  if (auto found = store_.find_by_name(key); found && *found)
    return error_response(409, "username_taken", "the user name " + name + " is taken", {{"username", name}});
  if (auto found = store_.find_by_skeleton(skeleton); found && *found)
    return error_response(409, "username_confusable",
                          "the user name " + name + " looks like " + (*found)->username + ", which is taken",
                          {{"username", name}, {"like", (*found)->username}});
  return std::nullopt;
}

HttpResponse AccountService::sign_up(const json& body, const std::string& client) {
  auto read = read_credentials(body);
  if (auto* e = std::get_if<HttpResponse>(&read)) return std::move(*e);
  const auto& [name, password] = std::get<Credentials>(read);
  const auto problem = accounts::name_problem(name);
  if (problem == accounts::NameProblem::mixed_scripts)
    return error_response(400, "username_mixed_scripts", accounts::username_problem(name), {{"username", name}});
  if (problem != accounts::NameProblem::none)
    return error_response(400, "bad_username", accounts::username_problem(name),
                          {{"min", accounts::kMinNameLength}, {"max", accounts::kMaxNameLength}});
  if (const std::string why = accounts::password_problem(password, name); !why.empty())
    return error_response(400, "weak_password", why, {{"min", accounts::kMinPasswordLength}});
  const std::string key = accounts::name_key(name), skeleton = accounts::name_skeleton(name);
  // A cheap look first, so a taken name costs no hash; the insert below still decides.
  if (auto taken = name_taken(name, key, skeleton)) return std::move(*taken);
  const auto wait = limits_.try_sign_up(client);
  if (!wait) return error_response(500, "server_error", wait.error());
  if (*wait > 0) return too_many(*wait, "too_many_sign_ups", "sign-ups from this address", client);
  const auto hash = accounts::hash_password(password);
  if (!hash) return error_response(500, "server_error", "the password could not be hashed (out of memory)");
  auto made = store_.create_user(name, key, skeleton, *hash);
  if (!made) return error_response(500, "server_error", made.error());
  if (!*made) {
    if (auto taken = name_taken(name, key, skeleton)) return std::move(*taken);
    return error_response(409, "username_taken", "the user name " + name + " is taken", {{"username", name}});
  }
  (void)store_.remember_address((*made)->id, client, wall_.now_ms());  // not worth failing the sign-up
  return with_new_session(201, **made);
}

HttpResponse AccountService::sign_in(const json& body, const std::string& client) {
  auto read = read_credentials(body);
  if (auto* e = std::get_if<HttpResponse>(&read)) return std::move(*e);
  const auto& [name, password] = std::get<Credentials>(read);
  // No account has such a name, and the limits' keys stay short.
  if (!accounts::username_problem(name).empty()) return error_response(401, "bad_credentials", "wrong user name or password");
  const std::string key = accounts::name_key(name);
  const auto attempt = limits_.try_sign_in(key, client);
  if (!attempt) return error_response(500, "server_error", attempt.error());
  if (attempt->wait_ms > 0) return too_many(attempt->wait_ms, "too_many_attempts", "failed sign-ins", client);
  auto found = store_.find_by_name(key);
  if (!found) return error_response(500, "server_error", found.error());
  const bool ok = accounts::verify_password(password, *found ? (*found)->password_hash : std::string());
  if (!ok || !*found) return error_response(401, "bad_credentials", "wrong user name or password");
  // Said only to one who knows the password: whether an account is closed is no one else's business.
  if ((*found)->closed()) return error_response(403, "account_closed", "this account was closed by a moderator");
  limits_.signed_in(*attempt, key, client, (*found)->id);
  return with_new_session(200, **found);
}

HttpResponse AccountService::sign_out(const std::string& cookie_header) {
  const std::string token = accounts::session_from_cookie_header(cookie_header);
  if (!token.empty())
    if (auto s = store_.drop_session(accounts::token_hash(token)); !s) return error_response(500, "server_error", s.error());
  HttpResponse r = json_response(200, json::object());
  r.headers.emplace_back("Set-Cookie", accounts::clear_cookie());
  return r;
}

HttpResponse AccountService::sign_out_everywhere(const std::string& cookie_header) {
  const auto s = session_of(cookie_header);
  if (!s) return error_response(401, "not_signed_in", "nobody is signed in");
  if (auto d = store_.drop_sessions(s->user.id); !d) return error_response(500, "server_error", d.error());
  HttpResponse r = json_response(200, json::object());
  r.headers.emplace_back("Set-Cookie", accounts::clear_cookie());
  return r;
}

HttpResponse AccountService::change_password(const std::string& cookie_header, const json& body,
                                             const std::string& client) {
  const auto s = session_of(cookie_header);
  if (!s) return error_response(401, "not_signed_in", "nobody is signed in");
  if (!body.is_object()) return error_response(400, "not_an_object", "the request body must be a JSON object");
  auto current = string_field(body, "current");
  if (!current) return error_response(400, "field_type", current.error());
  auto next = string_field(body, "new");
  if (!next) return error_response(400, "field_type", next.error());
  const storage::User& u = s->user;
  if (const std::string why = accounts::password_problem(*next, u.username); !why.empty())
    return error_response(400, "weak_password", why, {{"min", accounts::kMinPasswordLength}});
  // Whoever holds a session must still know the password: guessing it here is limited as at sign-in.
  const std::string key = accounts::name_key(u.username);
  const auto attempt = limits_.try_sign_in(key, client);
  if (!attempt) return error_response(500, "server_error", attempt.error());
  if (attempt->wait_ms > 0) return too_many(attempt->wait_ms, "too_many_attempts", "failed sign-ins", client);
  if (!accounts::verify_password(*current, u.password_hash))
    return error_response(403, "bad_credentials", "the current password is wrong");
  limits_.signed_in(*attempt, key, client, u.id);
  const auto hash = accounts::hash_password(*next);
  if (!hash) return error_response(500, "server_error", "the password could not be hashed (out of memory)");
  if (auto c = store_.change_password(u.id, *hash, s->token_hash); !c) return error_response(500, "server_error", c.error());
  return json_response(200, account_json(u, wall_.now_ms()));
}

HttpResponse AccountService::settings(const std::string& cookie_header, const json& body) {
  auto u = user_of(cookie_header);
  if (!u) return error_response(401, "not_signed_in", "nobody is signed in");
  if (!body.is_object()) return error_response(400, "not_an_object", "the request body must be a JSON object");
  if (body.contains("chat")) {
    if (!body["chat"].is_boolean()) return error_response(400, "field_type", "chat must be true or false");
    u->chat = body["chat"].get<bool>();
    if (auto s = store_.set_chat(u->id, u->chat); !s) return error_response(500, "server_error", s.error());
  }
  return json_response(200, account_json(*u, wall_.now_ms()));
}

}  // namespace oyin::server
