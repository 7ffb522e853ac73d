#include "server/operations/metrics.h"

#include <dirent.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>

namespace oyin::server {

namespace {

// A label value as the text format wants it: backslash, double quote and newline escaped.
std::string label(std::string_view v) {
  std::string out;
  for (char c : v) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

std::string number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

std::int64_t resident_bytes() {
  std::ifstream in("/proc/self/statm");
  std::int64_t size = 0, resident = 0;
  in >> size >> resident;
  return resident * sysconf(_SC_PAGESIZE);
}

std::int64_t open_fds() {
  DIR* d = opendir("/proc/self/fd");
  if (!d) return -1;
  std::int64_t n = 0;
  while (const dirent* e = readdir(d))
    if (e->d_name[0] != '.') ++n;
  closedir(d);
  return n - 1;  // the one opendir holds
}

}  // namespace

Metrics::Metrics()
    : started_s_(std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count()) {}

Metrics& Metrics::process() {
  static Metrics m;
  return m;
}

void Metrics::request(std::string_view method, std::string_view route, int status, double seconds) {
  std::lock_guard lock(m_);
  ++requests_[{std::string(method), std::string(route), status}];
  Latency& l = latency_[{std::string(method), std::string(route)}];
  std::size_t i = 0;
  while (i < kBuckets.size() && seconds > kBuckets[i]) ++i;
  if (i < kBuckets.size()) ++l.le[i];
  ++l.count;
  l.sum += seconds;
  if (route == "/api/account/login" && (status == 401 || status == 429))
    ++sign_in_failures_[status == 401 ? "bad_credentials" : "limited"];
}

std::string Metrics::render(std::int64_t games_in_memory) const {
  std::string out;
  std::lock_guard lock(m_);
  out += "# HELP oyin_http_requests_total HTTP requests answered, by method, route and status.\n"
         "# TYPE oyin_http_requests_total counter\n";
  for (const auto& [key, n] : requests_) {
    const auto& [method, route, status] = key;
    out += "oyin_http_requests_total{method=\"" + label(method) + "\",route=\"" + label(route) + "\",status=\"" +
           std::to_string(status) + "\"} " + std::to_string(n) + "\n";
  }
  out += "# HELP oyin_http_request_duration_seconds Time from a request read to its answer, by method and route.\n"
         "# TYPE oyin_http_request_duration_seconds histogram\n";
  for (const auto& [key, l] : latency_) {
    const std::string labels = "method=\"" + label(key.first) + "\",route=\"" + label(key.second) + "\"";
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i < kBuckets.size(); ++i) {
      cumulative += l.le[i];
      out += "oyin_http_request_duration_seconds_bucket{" + labels + ",le=\"" + number(kBuckets[i]) + "\"} " +
             std::to_string(cumulative) + "\n";
    }
    out += "oyin_http_request_duration_seconds_bucket{" + labels + ",le=\"+Inf\"} " + std::to_string(l.count) + "\n";
    out += "oyin_http_request_duration_seconds_sum{" + labels + "} " + number(l.sum) + "\n";
    out += "oyin_http_request_duration_seconds_count{" + labels + "} " + std::to_string(l.count) + "\n";
  }
  out += "# HELP oyin_sign_in_failures_total Sign-ins refused: a wrong name or password, or the limits.\n"
         "# TYPE oyin_sign_in_failures_total counter\n";
  for (const char* reason : {"bad_credentials", "limited"}) {
    const auto it = sign_in_failures_.find(reason);
    out += std::string("oyin_sign_in_failures_total{reason=\"") + reason + "\"} " +
           std::to_string(it == sign_in_failures_.end() ? 0 : it->second) + "\n";
  }
  const auto gauge = [&](const char* name, const char* help, std::int64_t v) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " gauge\n" + name + " " + std::to_string(v) + "\n";
  };
  gauge("oyin_websocket_connections", "Open WebSocket connections (games, lobby, analysis).", websockets_.load());
  gauge("oyin_games_in_memory", "Games this instance holds in memory (being played, watched or recently used).",
        games_in_memory);
  gauge("oyin_process_resident_memory_bytes", "Resident memory of the process.", resident_bytes());
  gauge("oyin_process_open_fds", "Open file descriptors of the process (connections among them).", open_fds());
  gauge("oyin_process_start_time_seconds", "When the process started, in Unix seconds.", started_s_);
  return out;
}

bool metrics_allowed(std::string_view client_address, std::string_view authorization, std::string_view token) {
  if (!token.empty() && authorization.starts_with("Bearer ")) {
    const std::string_view given = authorization.substr(7);
    // Compared in time that does not depend on where they differ.
    unsigned char diff = given.size() == token.size() ? 0 : 1;
    for (std::size_t i = 0; i < given.size() && i < token.size(); ++i)
      diff |= static_cast<unsigned char>(given[i] ^ token[i]);
    if (diff == 0) return true;
  }
  return client_address == "127.0.0.1" || client_address == "::1" || client_address.starts_with("127.") ||
         client_address == "::ffff:127.0.0.1";
}

}  // namespace oyin::server
