#pragma once
// GET /metrics: the server's counters in Prometheus's text format (version 0.0.4), written by
// this small module rather than prometheus-cpp (docs/operations.md#metrics says why):
//   oyin_http_requests_total{method,route,status}        counter
//   oyin_http_request_duration_seconds{method,route}     histogram (fixed buckets, 1 ms .. 10 s)
//   oyin_sign_in_failures_total{reason}                  counter (wrong password, limited)
//   oyin_websocket_connections                           gauge
//   oyin_games_in_memory                                 gauge (games held by this instance)
//   oyin_process_resident_memory_bytes, oyin_process_open_fds, oyin_process_start_time_seconds
// Routes are the route table's patterns ("/api/games/{id}"), never a path's values, so the number
// of series is bounded.
#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>

namespace oyin::server {

class Metrics {
 public:
  static constexpr std::array<double, 12> kBuckets = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                                      0.1,   0.25,   0.5,   1.0,  2.5,   10.0};

  // The process's one set (every Api of the process counts into it).
  static Metrics& process();

  // A request answered: its method, route pattern, status and time taken.
  void request(std::string_view method, std::string_view route, int status, double seconds);
  void websocket_opened() { ++websockets_; }
  void websocket_closed() { --websockets_; }
  std::int64_t websockets() const { return websockets_; }

  // The text of GET /metrics; `games_in_memory` from the game service.
  std::string render(std::int64_t games_in_memory) const;

 private:
  struct Latency {
    std::array<std::uint64_t, kBuckets.size()> le{};  // not cumulative here; summed when written
    std::uint64_t count = 0;
    double sum = 0;
  };
  mutable std::mutex m_;
  std::map<std::tuple<std::string, std::string, int>, std::uint64_t> requests_;  // method, route, status
  std::map<std::pair<std::string, std::string>, Latency> latency_;               // method, route
  std::map<std::string, std::uint64_t> sign_in_failures_;                        // reason
  std::atomic<std::int64_t> websockets_{0};
  const std::int64_t started_s_;

 public:
  Metrics();
};

// Whether a request for /metrics may be answered: from a loopback client (the forwarded client
// behind a trusted proxy), or with "Authorization: Bearer <token>" when a token is set.
bool metrics_allowed(std::string_view client_address, std::string_view authorization, std::string_view token);

}  // namespace oyin::server
