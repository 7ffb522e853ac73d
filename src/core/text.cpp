#include "core/text.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace oyin {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split(std::string_view s, char sep, bool skip_empty) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t pos = s.find(sep, start);
    const std::string_view piece = s.substr(start, pos == std::string_view::npos ? pos : pos - start);
    if (!skip_empty || !piece.empty()) out.push_back(piece);
    if (pos == std::string_view::npos) break;
    start = pos + 1;
  }
  return out;
}

std::vector<std::string_view> split_ws(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    std::size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string to_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool starts_with_ci(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && to_lower(s.substr(0, prefix.size())) == to_lower(prefix);
}

std::optional<std::int64_t> parse_int(std::string_view s) {
  s = trim(s);
  if (s.empty()) return std::nullopt;
  if (s.front() == '+') s.remove_prefix(1);
  std::int64_t v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<double> parse_real(std::string_view s) {
  s = trim(s);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty()) return std::nullopt;
  double v = 0;
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 170000
  // The WebAssembly build's libc++ (emscripten 3.1.6) has no from_chars for double: strtod on the
  // characters from_chars's general format reads (no hex floats, no "inf"), the whole text.
  if (s.find_first_not_of("0123456789.eE+-") != std::string_view::npos) return std::nullopt;
  const std::string text(s);
  char* end = nullptr;
  v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(v)) return std::nullopt;
#else
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
#endif
  return v;
}

std::optional<bool> parse_bool(std::string_view s) {
  const std::string v = to_lower(trim(s));
  if (v == "1" || v == "true" || v == "yes" || v == "on") return true;
  if (v == "0" || v == "false" || v == "no" || v == "off") return false;
  return std::nullopt;
}

Result<std::map<std::string, std::string>> parse_key_values(std::string_view text) {
  std::map<std::string, std::string> out;
  for (std::string_view item : split(trim(text), ',', true)) {
    item = trim(item);
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      return make_error("expected key=value, got '" + std::string(item) + "'");
    const std::string key = to_lower(trim(item.substr(0, eq)));
    if (out.count(key)) return make_error("option '" + key + "' given twice");
    out[key] = std::string(trim(item.substr(eq + 1)));
  }
  return out;
}

}  // namespace oyin
