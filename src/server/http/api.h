#pragma once
// The JSON API and the static UI files, independent of the HTTP library: a request goes in, a
// response comes out through `respond` (at once, or later from a worker for analysis). Api::handle
// needs no socket, so tests and fuzzers can call it in-process with an HttpRequest.
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/play/analysis.h"
#include "server/play/game_service.h"
#include "server/http/route_table.h"
#include "server/knowledge/knowledge_service.h"
#include "server/learn/puzzle_rating_store.h"
#include "server/lobby/lobby_service.h"
#include "server/presence/online_now.h"
#include "server/common/rate_limiter.h"
#include "storage/account_store.h"

namespace oyin::server {

struct HttpRequest {
  std::string method;  // "GET", "POST", ...
  std::string target;  // path and query, as sent
  std::string body;
  std::string host;    // the Host header, for links
  std::string client;  // the client's address (limits per client; behind --trusted-proxy the
                       // forwarded one); empty in-process
  // Set by the connection when its client goes away (an analysis then stops); may be null.
  std::shared_ptr<std::atomic<bool>> cancelled;
  std::string cookie;  // the Cookie header (the session of a signed-in user)
  bool secure = false;    // https as the client sees it (a trusted proxy's X-Forwarded-Proto)
  std::string link_base = {};  // "scheme://host[:port]" links start with; empty in-process (the Host's)
  // The X-Oyin-Seat header: a seat's token sent where no proxy's access log keeps it (the
  // `token` query parameter is still read when it is absent, for older clients).
  std::string seat = {};
};

// The name of the header that carries a seat's token, and the WebSocket subprotocol that does
// ("oyin.seat.<token>", offered beside "oyin", which the server answers with).
inline constexpr const char* kSeatHeader = "X-Oyin-Seat";
inline constexpr std::string_view kSeatProtocolPrefix = "oyin.seat.";
inline constexpr const char* kProtocol = "oyin";

struct HttpResponse {
  int status = 200;
  std::string body;
  std::string content_type = "application/json";
  std::vector<std::pair<std::string, std::string>> headers;
};

using Respond = std::function<void(HttpResponse)>;
HttpResponse json_response(int status, const json& body);

// Splits "/a/b?x=1&y=2" into the decoded path and query value lookups.
struct Target {
  std::string path;
  std::vector<std::pair<std::string, std::string>> query;
  std::string param(const std::string& key) const {
    for (const auto& [k, v] : query)
      if (k == key) return v;
    return {};
  }
};
Target parse_target(const std::string& target);
std::string seat_token_of(const HttpRequest& req, const Target& t);
std::vector<std::string> split_path(const std::string& path);

// What one client (an account, else an address) may make the server store in a short time.
struct ClientLimits {
  int games_per_minute = 30;              // new games (POST /api/games); 0: no limit
  int imports_burst = 10;                 // imported records at once ...
  std::int64_t import_every_ms = 60'000;  // ... then one a minute
  std::int64_t import_kb_per_hour = 4096; // and at most this much record text
  int uploads_per_hour = 60;              // games played in the browser, uploaded to the account
};

// One request as a route's handler sees it.
struct ApiCall {
  const HttpRequest& req;
  const Target& t;
  const std::vector<std::string>& parts;  // the path's segments: parts[2] is {id} in /api/games/{id}
  json& body;                             // a POST's parsed body (an empty object when none)
  const Respond& respond;
  void reply(const Reply& r) const { respond(json_response(r.status, r.body)); }
};

class AccountService;
class FairPlayService;
class GameUploads;
class Readiness;
struct RequestSeen;
class LearnProgressService;
class RatingService;
class ReviewService;
class TournamentService;

class Api {
 public:
  Api(GameService& games, AnalysisService& analysis, std::string web_root)
      : games_(games), analysis_(analysis), web_root_(std::move(web_root)) {
    add_routes();
  }
  void handle(const HttpRequest& req, Respond respond);
  // The explorer and the game base (/api/explorer, /api/base); without it those answer 404.
  void set_knowledge(KnowledgeService* k) { knowledge_ = k; }
  // `oyin serve --clock manual` (tests): POST /api/test/clock {"advance_ms": N} moves it on. The
  // route exists only then.
  void set_manual_clock(ManualClock* clock);
  // Who keeps the learners' puzzle ratings (by default the guests' browsers).
  void set_puzzle_ratings(PuzzleRatingStore* store) { puzzle_ratings_ = store ? store : &guest_ratings_; }
  // Signed-in learners' progress (/api/learn/progress, and their lessons, puzzle ratings and
  // finished puzzles); without it those are the browser's, as for a guest.
  void set_learn_progress(LearnProgressService* p);
  // The lobby (/api/seeks); without it those answer 404.
  void set_lobby(LobbyService* lobby) { lobby_ = lobby; }
  // Accounts (/api/account); without them those routes answer 404 and every request is a guest's.
  void set_accounts(AccountService* a) { accounts_ = a; }
  // Blocks, reports, playbans and the moderators' routes (needs the accounts).
  void set_fair_play(FairPlayService* f) { fair_play_ = f; }
  // Analysis of finished games (/api/games/{id}/analysis); without it those answer 404.
  void set_review(ReviewService* r) { review_ = r; }
  // Games played in the browser uploaded to an account (POST /api/games/upload); without it 404.
  void set_uploads(GameUploads* u) { uploads_ = u; }
  // What /api/meta tells the web page of where casual computer games are played.
  void set_browser_computer_games(bool on) { browser_computer_games_ = on; }
  // Tournaments (/api/tournaments); without them those answer 404.
  void set_tournaments(TournamentService* t) { tournaments_ = t; }
  // Players and leaderboards (/api/players, /api/leaderboard); without them those answer 404.
  void set_ratings(RatingService* r) { ratings_ = r; }
  // What seals a guest's puzzle results (server/learn/result_seal.h).
  void set_result_seal(const ResultSeal* seal) { guest_ratings_.set_seal(seal); }
  // GET /readyz's checks (server/operations/health.h); without them /readyz answers 503.
  void set_readiness(Readiness* r) { readiness_ = r; }
  // A request answered after more than this many ms is a "slow_request" event (0: none).
  void set_slow_request_ms(std::int64_t ms) { slow_request_ms_ = ms; }
  // Limits on what one client may have stored (none until set).
  void set_limits(Clock& clock, const ClientLimits& limits);
  // The account signed in by a Cookie header, 0 for a guest (the WebSocket's upgrade request).
  std::int64_t user_of_cookie(const std::string& cookie_header);
  // The signed-in account itself (its settings), nullopt for a guest.
  std::optional<storage::User> account_of_cookie(const std::string& cookie_header);
  // Every route: {method, pattern, thread} (api_routes.cpp), as docs/api.md lists them.
  struct RouteInfo {
    std::string method, pattern, thread;
  };
  std::vector<RouteInfo> routes() const;

 private:
  void route(const HttpRequest& req, const Respond& respond, RequestSeen& seen);
  // The route table (api_routes.cpp): every route of the API but the test clock's.
  void add_routes();
  void add_game_routes();
  void add_lobby_routes();
  void add_people_routes();
  void add_learning_routes();
  void add_operations_routes();
  void add_tournament_routes();  // api_tournament_routes.cpp
  // /api/games/{id}/...: on a loader thread once the game is in memory, then route_game.
  void game_route(ApiCall& c);
  // /api/games/{id} and below, once the game is in memory.
  void route_game(const std::string& method, const Target& t, const std::vector<std::string>& parts, const json& body,
                  std::int64_t user, const std::string& client, const std::string& seat, const Respond& respond);
  HttpResponse serve_static(const std::string& path) const;
  GameService& games_;
  AnalysisService& analysis_;
  std::string web_root_;
  KnowledgeService* knowledge_ = nullptr;
  ManualClock* manual_clock_ = nullptr;
  GuestPuzzleRatings guest_ratings_;
  PuzzleRatingStore* puzzle_ratings_ = &guest_ratings_;
  LearnProgressService* learn_progress_ = nullptr;
  LobbyService* lobby_ = nullptr;
  AccountService* accounts_ = nullptr;
  FairPlayService* fair_play_ = nullptr;
  RatingService* ratings_ = nullptr;
  ReviewService* review_ = nullptr;
  GameUploads* uploads_ = nullptr;
  bool browser_computer_games_ = true;
  TournamentService* tournaments_ = nullptr;
  Readiness* readiness_ = nullptr;
  std::int64_t slow_request_ms_ = 500;
  std::unique_ptr<RateLimiter> games_made_, imports_, import_kb_, uploads_made_;
  OnlineNow online_;  // GET /api/online
  RouteTable<ApiCall> table_;
};

}  // namespace oyin::server
