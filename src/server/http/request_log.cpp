#include "server/http/request_log.h"

#include "core/event_log.h"
#include "server/operations/metrics.h"

namespace oyin::server {

void log_request(const RequestSeen& seen, HttpResponse& r, std::int64_t slow_ms) {
  using namespace std::chrono;
  const double ms = static_cast<double>(duration_cast<microseconds>(steady_clock::now() - seen.start).count()) / 1000.0;
  Metrics::process().request(seen.method, seen.route, r.status, ms / 1000.0);
  if (r.status >= 500) {
    std::string detail = r.body;
    json body = json::parse(r.body, nullptr, false);
    if (body.is_object() && body.contains("error") && body["error"].is_string()) detail = body["error"].get<std::string>();
    event_log::error("http_error", {{"method", seen.method}, {"route", seen.route}, {"path", seen.path},
                                    {"status", r.status}, {"error", detail}, {"ms", ms}});
    if (r.status == 500) {
      const bool coded = body.is_object() && body.contains("code") && body["code"].is_string();
      const std::string code = coded ? body["code"].get<std::string>() : "server_error";
      r.body = json{{"error", "internal error"}, {"code", code}}.dump();
      r.content_type = "application/json";
    }
  } else if (slow_ms > 0 && ms > static_cast<double>(slow_ms) && seen.thread != "analysis") {
    event_log::warn("slow_request", {{"method", seen.method}, {"route", seen.route}, {"status", r.status}, {"ms", ms},
                                     {"threshold_ms", slow_ms}});
  }
  if (event_log::enabled(event_log::Level::debug))
    event_log::debug("request", {{"method", seen.method}, {"route", seen.route}, {"status", r.status}, {"ms", ms}});
}

}  // namespace oyin::server
