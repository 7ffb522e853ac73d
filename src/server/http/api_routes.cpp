// The API's route table: every route with its method, pattern and thread, in the order of
// docs/api.md's sections. A route whose service the server was started without (the lobby,
// accounts, the game base...) answers 404, as if it were not there.
#include <limits>

#include "server/accounts/accounts.h"
#include "server/http/api.h"
#include "server/fair_play/fair_play_service.h"
#include "server/play/game_upload.h"
#include "server/learn/learn_progress.h"
#include "server/learn/lessons_api.h"
#include "server/learn/puzzles_api.h"
#include "server/ratings/rating_service.h"
#include "server/review/review_service.h"
#include "server/common/request_json.h"
#include "server/operations/health.h"

namespace oyin::server {

namespace {

// 429 {"code", "params": {"wait_s"}} with Retry-After.
HttpResponse too_many(std::string_view code, const std::string& what, std::int64_t wait_ms) {
  const std::int64_t wait_s = std::max<std::int64_t>(1, (wait_ms + 999) / 1000);
  const Reply r = Reply::error(429, code, what + ": try again in " + std::to_string(wait_s) + " s", {{"wait_s", wait_s}});
  HttpResponse res = json_response(r.status, r.body);
  res.headers.emplace_back("Retry-After", std::to_string(wait_s));
  return res;
}

void not_here(const ApiCall& c) { c.reply(Reply::error(404, "not_found", "no API endpoint " + c.t.path)); }

}  // namespace

void Api::add_routes() {
  add_game_routes();
  add_lobby_routes();
  add_people_routes();
  add_learning_routes();
  add_tournament_routes();
  add_operations_routes();
}

// For the operator and the load balancer (docs/operations.md#health-checks): outside /api/, and
// never with anything a client sent in the answer.
void Api::add_operations_routes() {
  table_.add("GET", "/healthz", "io", [](ApiCall& c) { c.reply({200, {{"status", "ok"}}}); });
  table_.add("GET", "/readyz", "loader", [this](ApiCall& c) {
    if (!readiness_) return c.reply({503, {{"status", "not_ready"}, {"failed", {"store"}}}});
    // A store that is away may take a while to say so: not on the I/O thread.
    games_.run_slow([this, respond = c.respond] {
      const Reply r = readiness_->check();
      HttpResponse res = json_response(r.status, r.body);
      respond(std::move(res));
    });
  });
}

void Api::add_game_routes() {
  table_.add("GET", "/api/meta", "io", [this](ApiCall& c) {
    json meta = games_.meta();
    meta["browser_computer_games"] = browser_computer_games_;
    c.reply({200, meta});
  });
  table_.add("GET", "/api/games", "io", [this](ApiCall& c) {
    const auto offset = int_param("offset", c.t.param("offset"), 0, std::numeric_limits<std::int32_t>::max(), 0);
    if (!offset) return c.reply(Reply::error(400, "bad_number", offset.error()));
    const auto limit = int_param("limit", c.t.param("limit"), 1, 100, 20);
    if (!limit) return c.reply(Reply::error(400, "bad_number", limit.error()));
    c.reply(games_.list(static_cast<std::size_t>(*offset), static_cast<std::size_t>(*limit)));
  });
  table_.add("POST", "/api/games", "io", [this](ApiCall& c) {
    const std::int64_t user = user_of_cookie(c.req.cookie);
    if (games_made_)
      if (const std::int64_t wait = games_made_->take(client_key(user, c.req.client)); wait > 0)
        return c.respond(too_many("too_many_games", "too many new games", wait));
    const std::string base = !c.req.link_base.empty() ? c.req.link_base
                                                      : "http://" + (c.req.host.empty() ? std::string("127.0.0.1") : c.req.host);
    c.reply(games_.create(c.body, base, user, nullptr, c.req.client));
  });
  // A game played in the browser, kept by the signed-in account: each is stored for good, so an
  // account's uploads are limited per hour (and each game's moves, GameUploads).
  table_.add("POST", "/api/games/upload", "loader", [this](ApiCall& c) {
    if (!uploads_) return not_here(c);
    const std::int64_t user = user_of_cookie(c.req.cookie);
    if (user == 0) return c.reply(Reply::error(401, "not_signed_in", "sign in to keep a game played in the browser"));
    if (uploads_made_)
      if (const std::int64_t wait = uploads_made_->take(client_key(user, c.req.client)); wait > 0)
        return c.respond(too_many("too_many_uploads", "too many uploaded games", wait));
    games_.run_slow([this, body = std::move(c.body), user, respond = c.respond] {
      const Reply r = uploads_->upload(body, user);
      respond(json_response(r.status, r.body));
    });
  });
  const auto game = [this](ApiCall& c) { game_route(c); };
  table_.add("GET", "/api/games/{id}", "loader", game);
  for (const char* what : {"positions", "boards", "record"}) table_.add("GET", std::string("/api/games/{id}/") + what, "loader", game);
  for (const char* what : {"moves", "resign", "undo", "draw", "claim", "rematch", "chat"})
    table_.add("POST", std::string("/api/games/{id}/") + what, "loader", game);
  // A finished game's analysis by the queue's workers: asked for, then read as it fills.
  table_.add("POST", "/api/games/{id}/analysis", "loader", [this](ApiCall& c) {
    if (!review_) return not_here(c);
    const std::int64_t user = user_of_cookie(c.req.cookie);
    std::string token = seat_token_of(c.req, c.t);
    if (token.empty() && c.body.is_object() && c.body.contains("token") && c.body["token"].is_string())
      token = c.body["token"].get<std::string>();
    games_.run_slow([this, id = c.parts[2], body = c.body, token, user,
                     client = client_key(user, c.req.client), respond = c.respond] {
      const Reply r = review_->request(id, body, token, user, client);
      respond(json_response(r.status, r.body));
    });
  });
  table_.add("GET", "/api/games/{id}/analysis", "loader", [this](ApiCall& c) {
    if (!review_) return not_here(c);
    games_.run_slow([this, id = c.parts[2], respond = c.respond] {
      const Reply r = review_->status(id);
      respond(json_response(r.status, r.body));
    });
  });
  // "Learn from your mistakes": the signed-in player's mistakes in their analysed games.
  table_.add("GET", "/api/account/mistakes", "loader", [this](ApiCall& c) {
    if (!review_) return not_here(c);
    const auto limit = int_param("limit", c.t.param("limit"), 1, 100, 20);
    if (!limit) return c.reply(Reply::error(400, "bad_number", limit.error()));
    games_.run_slow([this, user = user_of_cookie(c.req.cookie), game = std::string(c.t.param("game")),
                     id = std::string(c.t.param("id")), n = static_cast<int>(*limit), respond = c.respond] {
      const Reply r = review_->mistakes(user, game, id, n);
      respond(json_response(r.status, r.body));
    });
  });
  table_.add("POST", "/api/import", "loader", [this](ApiCall& c) {
    // Every import is kept for good: a client's imports are limited in number and in size.
    const std::string client = client_key(user_of_cookie(c.req.cookie), c.req.client);
    if (imports_)
      if (const std::int64_t wait = imports_->take(client); wait > 0)
        return c.respond(too_many("too_many_imports", "too many imports", wait));
    if (import_kb_)
      if (const std::int64_t wait = import_kb_->take(client, static_cast<std::int64_t>(c.req.body.size() / 1024 + 1)); wait > 0)
        return c.respond(too_many("too_many_imports", "too much imported text", wait));
    // Reading and replaying a whole record is slow work: off the I/O thread.
    games_.run_slow([this, body = std::move(c.body), respond = c.respond] {
      const Reply r = games_.import(body);
      respond(json_response(r.status, r.body));
    });
  });
  table_.add("POST", "/api/analysis", "analysis", [this](ApiCall& c) {
    // The reply is the final line of the analysis; progress lines are dropped here (use the
    // WebSocket channel to stream them). It stops when the connection closes. Counted per
    // client: the account when one is signed in, else the address, whatever the connection.
    auto stop = c.req.cancelled ? c.req.cancelled : std::make_shared<std::atomic<bool>>(false);
    const Reply r = analysis_.start(c.body, client_key(user_of_cookie(c.req.cookie), c.req.client),
                                    [respond = c.respond](const json& line) {
                                      if (line.value("done", false)) respond(json_response(200, line));
                                    },
                                    stop);
    if (r.status >= 400) c.reply(r);
  });
  table_.add("GET", "/api/explorer", "knowledge", [this](ApiCall& c) {
    if (!knowledge_) return not_here(c);
    knowledge_->explorer(c.t.query, [respond = c.respond](Reply r) { respond(json_response(r.status, r.body)); });
  });
  table_.add("GET", "/api/base", "knowledge", [this](ApiCall& c) {
    if (!knowledge_) return not_here(c);
    knowledge_->run([this, q = c.t.query] { return knowledge_->base(q); },
                    [respond = c.respond](Reply r) { respond(json_response(r.status, r.body)); });
  });
  table_.add("POST", "/api/base/{id}/review", "knowledge", [this](ApiCall& c) {
    if (!knowledge_) return not_here(c);
    knowledge_->run([this, id = c.parts[2]] { return knowledge_->review(id); },
                    [respond = c.respond](Reply r) { respond(json_response(r.status, r.body)); });
  });
}

void Api::add_lobby_routes() {
  // The signed-in account of a lobby request (0 and "" for a guest).
  const auto who = [this](const ApiCall& c) { return account_of_cookie(c.req.cookie); };
  table_.add("GET", "/api/seeks", "io", [this](ApiCall& c) { lobby_ ? c.reply(lobby_->list()) : not_here(c); });
  table_.add("POST", "/api/seeks", "io", [this, who](ApiCall& c) {
    if (!lobby_) return not_here(c);
    const auto u = who(c);
    c.reply(lobby_->create(c.body, u ? u->id : 0, u ? u->username : std::string(), c.req.client));
  });
  table_.add("POST", "/api/seeks/{id}/cancel", "io",
             [this](ApiCall& c) { lobby_ ? c.reply(lobby_->cancel(c.parts[2], c.body)) : not_here(c); });
  table_.add("POST", "/api/seeks/{id}/accept", "io", [this, who](ApiCall& c) {
    if (!lobby_) return not_here(c);
    const auto u = who(c);
    c.reply(lobby_->accept(c.parts[2], c.body, u ? u->id : 0));
  });
  table_.add("POST", "/api/pairing", "io", [this, who](ApiCall& c) {
    if (!lobby_) return not_here(c);
    const auto u = who(c);
    c.reply(lobby_->pair(c.body, u ? u->id : 0, u ? u->username : std::string(), c.req.client));
  });
  table_.add("DELETE", "/api/pairing/{id}", "io", [this, who](ApiCall& c) {
    if (!lobby_) return not_here(c);
    const auto u = who(c);
    c.reply(lobby_->cancel_pairing(c.parts[2], seat_token_of(c.req, c.t), u ? u->id : 0));
  });
  table_.add("POST", "/api/challenges", "io", [this, who](ApiCall& c) {
    if (!lobby_) return not_here(c);
    const auto u = who(c);
    c.reply(lobby_->challenge(c.body, u ? u->id : 0, u ? u->username : std::string()));
  });
  table_.add("GET", "/api/challenges", "io", [this, who](ApiCall& c) {
    if (!lobby_) return not_here(c);
    const auto u = who(c);
    c.reply(lobby_->challenges(u ? u->id : 0));
  });
  for (const char* action : {"accept", "decline", "cancel"})
    table_.add("POST", std::string("/api/challenges/{id}/") + action, "io", [this, who](ApiCall& c) {
      if (!lobby_) return not_here(c);
      const auto u = who(c);
      c.reply(lobby_->challenge_action(c.parts[2], c.parts[3], u ? u->id : 0));
    });
}

void Api::add_people_routes() {
  const auto account = [this](ApiCall& c) {
    if (!accounts_ || !accounts_->route(c.req, c.parts, c.body, c.respond)) not_here(c);
  };
  table_.add("GET", "/api/account", "io", account);
  table_.add("POST", "/api/account/register", "hashing", account);
  table_.add("POST", "/api/account/login", "hashing", account);
  table_.add("POST", "/api/account/password", "hashing", account);
  for (const char* what : {"logout", "logout_all", "settings"}) table_.add("POST", std::string("/api/account/") + what, "io", account);
  // Several reads of the store each: on a loader thread.
  table_.add("GET", "/api/players/{name}", "loader", [this](ApiCall& c) {
    if (!ratings_) return not_here(c);
    games_.run_slow([this, name = c.parts[2], respond = c.respond] {
      const Reply r = ratings_->player(name);
      respond(json_response(r.status, r.body));
    });
  });
  table_.add("GET", "/api/online", "io", [this](ApiCall& c) {
    const auto who = account_of_cookie(c.req.cookie);
    c.reply({200, online_.answer(games_.games_in_play(), who ? who->username : "")});
  });
  table_.add("GET", "/api/leaderboard/{game}", "loader", [this](ApiCall& c) {
    if (!ratings_) return not_here(c);
    games_.run_slow([this, game = c.parts[2], speed = c.t.param("speed"), respond = c.respond] {
      const Reply r = ratings_->leaderboard(game, speed);
      respond(json_response(r.status, r.body));
    });
  });
  const auto fair = [this](ApiCall& c) {
    if (!fair_play_ || !fair_play_->route(c.req, c.t, c.parts, c.body, c.respond)) not_here(c);
  };
  table_.add("GET", "/api/blocks", "io", fair);
  table_.add("POST", "/api/blocks", "io", fair);
  table_.add("DELETE", "/api/blocks/{name}", "io", fair);
  table_.add("POST", "/api/reports", "io", fair);
  table_.add("GET", "/api/playban", "io", fair);
  table_.add("GET", "/api/mod/reports", "io", fair);
  table_.add("POST", "/api/mod/reports/{id}/close", "io", fair);
  table_.add("GET", "/api/mod/audit", "io", fair);
  table_.add("GET", "/api/mod/players/{name}", "io", fair);
  for (const char* action : {"mute", "close", "reopen"})
    table_.add("POST", std::string("/api/mod/players/{name}/") + action, "io", fair);
}

void Api::add_learning_routes() {
  // A learner's lessons and puzzles are kept with the account when one is signed in.
  const auto lessons = [this](ApiCall& c) {
    const std::int64_t user = c.req.method == "POST" && learn_progress_ ? user_of_cookie(c.req.cookie) : 0;
    c.reply(lessons_reply(c.req.method, c.t, c.parts, c.body, user, learn_progress_));
  };
  table_.add("GET", "/api/lessons", "io", lessons);
  table_.add("GET", "/api/lessons/{id}", "io", lessons);
  table_.add("POST", "/api/lessons/{id}/steps/{n}/try", "io", lessons);
  const auto puzzles = [this](ApiCall& c) {
    const bool keeps = c.req.method == "POST" || (c.parts.size() == 3 && c.parts[2] == "next");
    const std::int64_t user = keeps && learn_progress_ ? user_of_cookie(c.req.cookie) : 0;
    c.reply(puzzles_reply(c.req.method, c.t, c.parts, c.body, *puzzle_ratings_, {user, learn_progress_}));
  };
  table_.add("GET", "/api/puzzles", "io", puzzles);
  table_.add("GET", "/api/puzzles/next", "io", puzzles);
  table_.add("GET", "/api/puzzles/{id}", "io", puzzles);
  table_.add("POST", "/api/puzzles/{id}/try", "io", puzzles);
  const auto progress = [this](ApiCall& c) {
    if (!learn_progress_) return not_here(c);
    c.reply(learn_progress_->progress_reply(c.req.method, user_of_cookie(c.req.cookie), c.body));
  };
  table_.add("GET", "/api/learn/progress", "io", progress);
  // The offline app's lessons and puzzles (their answers: docs/web.md), made once.
  table_.add("GET", "/api/learn/offline", "io", [](ApiCall& c) {
    static const Result<json> pack = []() -> Result<json> {
      auto l = offline_lessons();
      if (!l) return make_error(l.error());
      auto p = offline_puzzles(kOfflinePuzzlesPerGame);
      if (!p) return make_error(p.error());
      return json{{"lessons", std::move(*l)}, {"puzzles", std::move(*p)}};
    }();
    c.reply(pack ? Reply{200, *pack} : Reply::error(500, "server_error", pack.error()));
  });
  table_.add("POST", "/api/learn/progress", "io", progress);
}

}  // namespace oyin::server
