#pragma once
// What every answered API request leaves on the event log (core/event_log.h), and the hiding of
// server errors. Server errors (5xx) are for the operator, not the client: each is an
// "http_error" event (method, route, path without its query, status, detail) and a 500's text,
// which may be a database's own message (table names, SQL), is replaced by "internal error"
// before it leaves. A request that took longer than the slow threshold is a "slow_request"
// event (not analysis, which runs for seconds by design); with --log-level debug every request
// is a "request" event. The query and the headers are never logged: a query may carry a seat's
// token, and the Cookie header a session.
#include <chrono>
#include <cstdint>
#include <string>

#include "server/http/api.h"

namespace oyin::server {

// One request as far as the log is concerned, filled as the request is routed.
struct RequestSeen {
  std::string method;
  std::string path;    // without the query
  std::string route;   // the route table's pattern ("/api/games/{id}/moves"), "static", or "none"
  std::string thread;  // the route's thread ("io", "loader", ...)
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

// Logs the answer `r` to `seen` as above and hides a 500's detail; `slow_ms` 0: no slow events.
void log_request(const RequestSeen& seen, HttpResponse& r, std::int64_t slow_ms);

}  // namespace oyin::server
