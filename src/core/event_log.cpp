#include "core/event_log.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <nlohmann/json.hpp>

#include <unistd.h>

namespace oyin::event_log {

namespace {

std::atomic<int> g_level{static_cast<int>(Level::info)};

std::string utc_now_ms() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[40];
  const std::size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  std::snprintf(buf + n, sizeof buf - n, ".%03dZ", static_cast<int>(ms));
  return buf;
}

}  // namespace

std::optional<Level> parse_level(std::string_view name) {
  for (Level l : {Level::debug, Level::info, Level::warn, Level::error})
    if (name == level_name(l)) return l;
  return std::nullopt;
}

const char* level_name(Level level) {
  switch (level) {
    case Level::debug: return "debug";
    case Level::info: return "info";
    case Level::warn: return "warn";
    case Level::error: return "error";
  }
  return "info";
}

void set_level(Level level) { g_level = static_cast<int>(level); }
bool enabled(Level level) { return static_cast<int>(level) >= g_level.load(std::memory_order_relaxed); }

void write(Level level, std::string_view event, std::initializer_list<Field> fields) {
  if (!enabled(level)) return;
  // ordered_json keeps ts, level and event first, as a reader expects them.
  nlohmann::ordered_json line;
  line["ts"] = utc_now_ms();
  line["level"] = level_name(level);
  line["event"] = std::string(event);
  for (const Field& f : fields)
    std::visit([&](const auto& v) { line[f.key] = v; }, f.value);
  std::string text = line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  text += '\n';
  // One write(2) per line: lines of several threads never interleave.
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t n = ::write(STDERR_FILENO, p, left);
    if (n <= 0) return;
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

}  // namespace oyin::event_log
