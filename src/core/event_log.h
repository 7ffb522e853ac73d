#pragma once
// The server's log: one JSON object per line on stderr, one write per line (whole even between
// threads), for the operator and for log collectors (journald, Loki, ...):
//   {"ts":"2026-12-05T03:30:00.123Z","level":"info","event":"start","port":8080,...}
// `ts` is UTC to the millisecond, `level` one of debug, info, warn, error, `event` a fixed name
// (docs/operations.md lists them), then the event's own fields. Nothing secret is ever a field:
// no passwords, session cookies or tokens, no request query (it may carry a seat's token).
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

namespace oyin::event_log {

enum class Level { debug = 0, info = 1, warn = 2, error = 3 };

// "debug", "info", "warn" or "error" (nullopt for anything else).
std::optional<Level> parse_level(std::string_view name);
const char* level_name(Level level);

// Events below `level` are dropped (default: info).
void set_level(Level level);
bool enabled(Level level);

// One field of an event: text, an integer, a number or a flag.
struct Field {
  Field(const char* k, std::string_view v) : key(k), value(std::string(v)) {}
  Field(const char* k, const std::string& v) : key(k), value(v) {}
  Field(const char* k, const char* v) : key(k), value(std::string(v)) {}
  Field(const char* k, bool v) : key(k), value(v) {}
  Field(const char* k, double v) : key(k), value(v) {}
  template <class T>
    requires std::is_integral_v<T>
  Field(const char* k, T v) : key(k), value(static_cast<std::int64_t>(v)) {}
  const char* key;
  std::variant<std::string, std::int64_t, double, bool> value;
};

// Writes the event's line if its level is enabled. Text that is not UTF-8 is written with
// U+FFFD in its place; control characters are escaped, so an event is always one line.
void write(Level level, std::string_view event, std::initializer_list<Field> fields = {});

inline void debug(std::string_view event, std::initializer_list<Field> fields = {}) { write(Level::debug, event, fields); }
inline void info(std::string_view event, std::initializer_list<Field> fields = {}) { write(Level::info, event, fields); }
inline void warn(std::string_view event, std::initializer_list<Field> fields = {}) { write(Level::warn, event, fields); }
inline void error(std::string_view event, std::initializer_list<Field> fields = {}) { write(Level::error, event, fields); }

}  // namespace oyin::event_log
