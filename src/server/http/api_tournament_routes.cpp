// /api/tournaments: made, joined and read (docs/api.md, Tournaments). Every one reads or writes
// the store, so none runs on an I/O thread; joining a tournament with a password checks its
// Argon2 hash, on the hashing threads.
#include "server/http/api.h"
#include "server/tournaments/tournament_service.h"

namespace oyin::server {

void Api::add_tournament_routes() {
  // Runs `work(call, account)` on a loader thread; 404 without tournaments.
  const auto slow = [this](const char* method, std::string pattern, const char* thread, auto work) {
    table_.add(method, std::move(pattern), thread, [this, work](ApiCall& c) {
      if (!tournaments_) return c.reply(Reply::error(404, "not_found", "no API endpoint " + c.t.path));
      const auto who = account_of_cookie(c.req.cookie);
      games_.run_slow([work, parts = c.parts, body = c.body, who, respond = c.respond] {
        const Reply r = work(parts, body, who ? who->id : 0, who ? who->username : std::string());
        respond(json_response(r.status, r.body));
      });
    });
  };
  using Parts = std::vector<std::string>;
  slow("GET", "/api/tournaments", "loader",
       [this](const Parts&, const json&, std::int64_t, const std::string&) { return tournaments_->list(); });
  slow("POST", "/api/tournaments", "loader", [this](const Parts&, const json& body, std::int64_t user, const std::string& name) {
    return tournaments_->create(body, user, name);
  });
  slow("GET", "/api/tournaments/{id}", "loader",
       [this](const Parts& p, const json&, std::int64_t, const std::string&) { return tournaments_->get(p[2]); });
  slow("GET", "/api/tournaments/{id}/trf", "loader",
       [this](const Parts& p, const json&, std::int64_t, const std::string&) { return tournaments_->trf(p[2]); });
  slow("POST", "/api/tournaments/{id}/join", "loader",
       [this](const Parts& p, const json& body, std::int64_t user, const std::string& name) {
         return tournaments_->join(p[2], body, user, name);
       });
  slow("POST", "/api/tournaments/{id}/withdraw", "loader",
       [this](const Parts& p, const json&, std::int64_t user, const std::string&) { return tournaments_->withdraw(p[2], user); });
  slow("POST", "/api/tournaments/{id}/start", "loader",
       [this](const Parts& p, const json&, std::int64_t user, const std::string&) { return tournaments_->start_now(p[2], user); });
  slow("POST", "/api/tournaments/{id}/berserk", "loader",
       [this](const Parts& p, const json& body, std::int64_t user, const std::string&) {
         return tournaments_->berserk(p[2], body, user);
       });
  slow("POST", "/api/tournaments/{id}/remove", "loader",
       [this](const Parts& p, const json& body, std::int64_t user, const std::string&) {
         return tournaments_->remove(p[2], body, user);
       });
  slow("POST", "/api/tournaments/{id}/cancel", "loader",
       [this](const Parts& p, const json&, std::int64_t user, const std::string&) { return tournaments_->cancel(p[2], user); });
}

}  // namespace oyin::server
