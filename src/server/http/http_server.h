#pragma once
// `oyin serve`: Boost.Beast HTTP + WebSocket on a few I/O threads, engine work on a worker pool.
#include <functional>
#include <ostream>
#include <string>

namespace oyin::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0 = any free port (printed on start)
  std::string db = "data/oyin.sqlite";
  std::string web_root = "web/dist";
  int io_threads = 2;
  int workers = 0;           // threads for the computer players; 0 = number of cores
  int analysis_threads = 0;  // threads for analysis; 0 = half the cores (at least 1)
  int analysis_workers = 1;  // workers of the games' analysis queue in this server (0: oyin worker only)
  int hash_mb = 16;          // hash table of each alpha-beta engine, allocated on its first search
  std::string clock = "steady";  // "manual": game time moves only by POST /api/test/clock (tests)
  int max_games_per_minute = 30;  // new games per client (account, else address); 0: no limit
  // Whether the web page plays unrated, untimed games against the computer with the browser's own
  // engine (docs/wasm.md "Local games"), told by /api/meta; rated ones are always the server's.
  bool browser_computer_games = true;
  std::int64_t drop_unstarted_after_s = 24 * 3600;  // games never moved in are deleted then; 0: never
  std::string trusted_proxies;   // CIDRs whose X-Forwarded-For / X-Forwarded-Proto are believed
  std::string public_urls;       // comma list: the origins allowed to change state; the first makes links
  int max_connections_per_address = 64;  // open HTTP + WebSocket connections of one client address
  std::string log_level = "info";  // the event log's (core/event_log.h): debug, info, warn, error
  std::int64_t slow_request_ms = 500;  // a request answered later is a "slow_request" event; 0: none
  double retention_days = 7;            // ended lobby rows kept this long; 0: no retention sweeps
  std::int64_t retention_every_s = 3600;  // a retention sweep this often (server/operations/retention.h)
  std::string metrics_token;  // GET /metrics from a non-loopback client needs "Authorization: Bearer <it>"
  std::string version;  // this build's, for the start event
};

// Runs until SIGINT or SIGTERM. Prints "listening on http://HOST:PORT" once ready. Returns an
// error message, empty on a clean stop.
std::string run_server(const ServerOptions& opt, std::ostream& log);

}  // namespace oyin::server
