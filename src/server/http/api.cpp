#include "server/http/api.h"

#include <charconv>
#include <limits>
#include <optional>

#include "server/accounts/accounts.h"
#include "server/http/request_log.h"
#include "server/fair_play/fair_play_service.h"
#include "server/learn/learn_progress.h"
#include "server/learn/lessons_api.h"
#include "server/learn/puzzles_api.h"
#include "server/ratings/rating_service.h"
#include "server/common/request_json.h"
#include "server/common/valid_utf8.h"

namespace oyin::server {

namespace {

std::string percent_decode(std::string_view s, bool plus_is_space) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      int v = 0;
      auto [p, ec] = std::from_chars(s.data() + i + 1, s.data() + i + 3, v, 16);
      if (ec == std::errc() && p == s.data() + i + 3) {
        out += static_cast<char>(v);
        i += 2;
        continue;
      }
    }
    out += plus_is_space && s[i] == '+' ? ' ' : s[i];
  }
  return out;
}

// The code of a 404 for an id or name under /api/{what}/.
std::string missing_code(const std::vector<std::string>& parts) {
  static const std::vector<std::pair<std::string, std::string>> codes = {
      {"games", "no_such_game"},   {"players", "no_such_player"}, {"seeks", "no_such_seek"},
      {"challenges", "no_such_challenge"}, {"base", "no_such_base_game"}, {"lessons", "no_such_lesson"},
      {"puzzles", "no_such_puzzle"}};
  if (parts.size() >= 3 && parts[0] == "api")
    for (const auto& [what, code] : codes)
      if (parts[1] == what) return code;
  return "not_found";
}

}  // namespace

// A seat's token: the X-Oyin-Seat header, else (older clients) the `token` query parameter.
std::string seat_token_of(const HttpRequest& req, const Target& t) { return req.seat.empty() ? t.param("token") : req.seat; }

Target parse_target(const std::string& target) {
  Target t;
  const auto q = target.find('?');
  t.path = percent_decode(std::string_view(target).substr(0, q), false);
  if (q == std::string::npos) return t;
  std::string_view rest = std::string_view(target).substr(q + 1);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const std::string_view kv = rest.substr(0, amp);
    const auto eq = kv.find('=');
    t.query.emplace_back(percent_decode(kv.substr(0, eq), true),
                         eq == std::string_view::npos ? "" : percent_decode(kv.substr(eq + 1), true));
    if (amp == std::string_view::npos) break;
    rest.remove_prefix(amp + 1);
  }
  return t;
}

std::vector<std::string> split_path(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t i = 0;
  while (i < path.size()) {
    while (i < path.size() && path[i] == '/') ++i;
    const auto j = path.find('/', i);
    if (i < path.size()) parts.push_back(path.substr(i, j - i));
    if (j == std::string::npos) break;
    i = j;
  }
  return parts;
}

HttpResponse json_response(int status, const json& body) {
  // An error may quote what the client sent (an id from the path, a move), bytes that need not be
  // UTF-8: replace those rather than fail to answer.
  return {status, wire_text(body), "application/json", {{"Cache-Control", "no-store"}}};
}

std::int64_t Api::user_of_cookie(const std::string& cookie_header) {
  if (!accounts_ || cookie_header.empty()) return 0;
  const auto u = accounts_->user_of(cookie_header);
  return u ? u->id : 0;
}

void Api::set_limits(Clock& clock, const ClientLimits& l) {
  if (l.games_per_minute > 0) games_made_ = std::make_unique<RateLimiter>(clock, l.games_per_minute, 60'000 / l.games_per_minute);
  if (l.imports_burst > 0) imports_ = std::make_unique<RateLimiter>(clock, l.imports_burst, l.import_every_ms);
  if (l.import_kb_per_hour > 0)
    import_kb_ = std::make_unique<RateLimiter>(clock, static_cast<int>(l.import_kb_per_hour), 3'600'000 / l.import_kb_per_hour);
  if (l.uploads_per_hour > 0)
    uploads_made_ = std::make_unique<RateLimiter>(clock, l.uploads_per_hour, 3'600'000 / l.uploads_per_hour);
}

void Api::set_learn_progress(LearnProgressService* p) {
  learn_progress_ = p;
  set_puzzle_ratings(p ? &p->puzzle_ratings() : nullptr);
}

std::optional<storage::User> Api::account_of_cookie(const std::string& cookie_header) {
  if (!accounts_ || cookie_header.empty()) return std::nullopt;
  return accounts_->user_of(cookie_header);
}

void Api::handle(const HttpRequest& req, Respond answer) {
  auto seen = std::make_shared<RequestSeen>();
  seen->method = req.method;
  seen->path = req.target.substr(0, req.target.find('?'));
  seen->route = "none";
  Respond respond = [answer = std::move(answer), seen, slow_ms = slow_request_ms_](HttpResponse r) {
    log_request(*seen, r, slow_ms);
    answer(std::move(r));
  };
  // A field of the wrong JSON type makes nlohmann-json throw; that is the client's error.
  try {
    route(req, respond, *seen);
  } catch (const json::exception& e) {
    respond(json_response(400, json{{"error", std::string("bad request: ") + e.what()}, {"code", "field_type"}}));
  }
}

void Api::route(const HttpRequest& req, const Respond& respond, RequestSeen& seen) {
  const Target t = parse_target(req.target);
  const auto parts = split_path(t.path);
  const auto reply = [&](const Reply& r) { respond(json_response(r.status, r.body)); };
  // Ids and names from the path and query go to the store, which may refuse bytes that are not
  // text (PostgreSQL does, with an error): the same answer on every store, before any look-up.
  // No id is such bytes, so the path's answer is the one SQLite gave: nothing by that name.
  if (!valid_utf8(t.path)) return reply(Reply::error(404, missing_code(parts), "no " + t.path));
  for (const auto& [k, v] : t.query)
    if (!valid_utf8(k) || !valid_utf8(v)) return reply(Reply::error(400, "bad_utf8", "the query is not valid UTF-8"));
  const bool is_api = !parts.empty() && parts[0] == "api";
  if (!is_api) {
    // The operator's routes outside /api (/healthz, /readyz) are in the table too.
    const auto found = table_.find(req.method == "HEAD" ? "GET" : req.method, parts);
    if (found.route) {
      seen.route = found.route->pattern;
      seen.thread = found.route->thread;
      json none = json::object();
      ApiCall call{req, t, parts, none, respond};
      return found.route->handler(call);
    }
    if (req.method != "GET" && req.method != "HEAD") return reply(Reply::error(405, "method_not_allowed", "method not allowed"));
    seen.route = "static";
    return respond(serve_static(t.path));
  }
  json body;
  if (req.method == "POST") {
    if (req.body.empty()) {
      body = json::object();
    } else {
      auto parsed = parse_request_json(req.body);
      if (!parsed) return reply(Reply::error(400, request_json_error_code(parsed.error()), parsed.error()));
      body = std::move(*parsed);
    }
  }
  const auto found = table_.find(req.method, parts);
  if (!found.route) {
    if (found.other_method)
      return reply(Reply::error(405, "method_not_allowed", "method " + req.method + " is not allowed on " + t.path));
    return reply(Reply::error(404, "not_found", "no API endpoint " + t.path));
  }
  seen.route = found.route->pattern;
  seen.thread = found.route->thread;
  ApiCall call{req, t, parts, body, respond};
  found.route->handler(call);
}

std::vector<Api::RouteInfo> Api::routes() const {
  std::vector<RouteInfo> out;
  for (const auto& r : table_.routes()) out.push_back({r.method, r.pattern, r.thread});
  return out;
}

void Api::set_manual_clock(ManualClock* clock) {
  if (!clock || manual_clock_) return;
  manual_clock_ = clock;
  table_.add("POST", "/api/test/clock", "io", [this](ApiCall& c) {
    const auto ms = int_field(c.body, "advance_ms", 0, std::int64_t{1} << 40, 0);
    if (!ms) return c.reply(Reply::error(400, "bad_number", ms.error()));
    manual_clock_->advance(*ms);  // the deadlines passed on the way are handled here
    c.reply({200, {{"now_ms", manual_clock_->now_ms()}}});
  });
}

void Api::game_route(ApiCall& c) {
  // A stored game may take a while to replay: that happens on a loader thread, not here.
  const std::int64_t user = user_of_cookie(c.req.cookie);  // who acts on a seat, or whose seat it is
  games_.when_loaded(c.parts[2], [this, t = c.t, parts = c.parts, body = std::move(c.body), m = c.req.method, user,
                                  client = c.req.client, seat = seat_token_of(c.req, c.t), respond = c.respond] {
    try {
      route_game(m, t, parts, body, user, client, seat, respond);
    } catch (const json::exception& e) {
      respond(json_response(400, json{{"error", std::string("bad request: ") + e.what()}, {"code", "field_type"}}));
    }
  });
}

void Api::route_game(const std::string& m, const Target& t, const std::vector<std::string>& parts, const json& body,
                     std::int64_t user, const std::string& client, const std::string& seat, const Respond& respond) {
  const std::size_t n = parts.size();
  const auto reply = [&](const Reply& r) { respond(json_response(r.status, r.body)); };
  if (n == 3 && parts[1] == "games" && m == "GET") return reply(games_.get(parts[2], seat, user));
  if (n == 4 && parts[1] == "games" && parts[3] == "positions" && m == "GET") {
    constexpr std::int64_t kMaxPly = std::numeric_limits<std::int32_t>::max();
    const auto from = int_param("from", t.param("from"), 0, kMaxPly, 0);
    if (!from) return reply(Reply::error(400, "bad_number", from.error()));
    const auto to = int_param("to", t.param("to"), 0, kMaxPly, -1);
    if (!to) return reply(Reply::error(400, "bad_number", to.error()));
    return reply(games_.positions(parts[2], static_cast<std::size_t>(*from),
                                  *to < 0 ? std::nullopt : std::optional<std::size_t>(static_cast<std::size_t>(*to))));
  }
  if (n == 4 && parts[1] == "games" && parts[3] == "boards" && m == "GET") {
    constexpr std::int64_t kMaxPly = std::numeric_limits<std::int32_t>::max();
    const auto from = int_param("from", t.param("from"), 0, kMaxPly, 0);
    if (!from) return reply(Reply::error(400, "bad_number", from.error()));
    const auto to = int_param("to", t.param("to"), 0, kMaxPly, kMaxPly);
    if (!to) return reply(Reply::error(400, "bad_number", to.error()));
    return reply(games_.boards(parts[2], static_cast<std::size_t>(*from), static_cast<std::size_t>(*to)));
  }
  if (n == 4 && parts[1] == "games" && parts[3] == "record" && m == "GET") {
    const Reply r = games_.record(parts[2]);
    if (r.status != 200) return reply(r);
    const std::string filename = r.body["filename"];
    return respond({200, r.body["text"].get<std::string>(), "text/plain; charset=utf-8",
                    {{"Content-Disposition", "attachment; filename=\"" + filename + "\""}}});
  }
  if (n == 4 && parts[1] == "games" && m == "POST") {
    if (!body.is_object()) return reply(Reply::error(400, "not_an_object", "the request body must be a JSON object"));
    auto token = string_field(body, "token", seat);
    if (!token) return reply(Reply::error(400, "field_type", token.error()));
    const std::string& action = parts[3];
    if (action == "moves") {
      const auto move = string_field(body, "move");
      if (!move || !body.contains("move"))
        return reply(Reply::error(400, "missing_move", "the request needs {\"move\": \"...\", \"token\": \"...\"}"));
      return reply(games_.move(parts[2], *move, *token, user, client));
    }
    if (action == "resign") return reply(games_.resign(parts[2], *token, user, client));
    if (action == "undo") return reply(games_.undo(parts[2], *token, user, client));
    if (action == "draw") return reply(games_.draw(parts[2], *token, user, client));
    if (action == "claim") return reply(games_.claim(parts[2], *token, user, client));
    if (action == "rematch") return reply(games_.rematch(parts[2], *token, user));
    if (action == "chat") {
      const auto text = string_field(body, "text");
      if (!text) return reply(Reply::error(400, "field_type", text.error()));
      return reply(games_.chat(parts[2], *token, *text, user));
    }  }
  return reply(Reply::error(405, "method_not_allowed", "method " + m + " is not allowed on " + t.path));
}

}  // namespace oyin::server
