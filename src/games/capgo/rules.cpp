#include "games/capgo/rules.h"

#include <cctype>

#include "core/text.h"

namespace oyin::capgo {

char column_letter(int x) { return static_cast<char>('A' + x + (x >= 8 ? 1 : 0)); }

std::string point_text(int x, int y) { return column_letter(x) + std::to_string(y + 1); }

Result<std::pair<int, int>> parse_point(std::string_view text, int size) {
  const std::string t = to_lower(trim(text));
  std::string quoted = "'";
  quoted.append(text).append("'");
  const std::string board = std::to_string(size) + "x" + std::to_string(size);
  if (t.size() < 2 || !std::isalpha(static_cast<unsigned char>(t[0])))
    return make_error(quoted + " is not a point (expected a column letter and a row, e.g. D4)");
  const char c = t[0];
  if (c == 'i') return make_error(quoted + ": column I is not used (columns skip from H to J)");
  const int x = c - 'a' - (c > 'i' ? 1 : 0);
  const auto row = parse_int(std::string_view(t).substr(1));
  if (!row || !std::isdigit(static_cast<unsigned char>(t[1])))
    return make_error(quoted + " is not a point (expected a column letter and a row, e.g. D4)");
  if (x >= size || *row < 1 || *row > size)
    return make_error(quoted + " is off the " + board + " board");
  return std::pair<int, int>{x, static_cast<int>(*row) - 1};
}

namespace {

Result<int> parse_target(const std::string& key, const std::string& v) {
  const auto n = parse_int(v);
  if (!n || *n < 0 || *n > 361)
    return make_error(key + " must be a whole number from 0 (no target) to 361, not '" + v + "'");
  return static_cast<int>(*n);
}

}  // namespace

Result<Rules> parse_rules(std::string_view text) {
  auto kv = parse_key_values(text);
  if (!kv) return make_error(kv.error());
  Rules r;
  bool has_target = false, has_split = false;
  std::string setup_text;
  for (const auto& [key, value] : *kv) {
    if (key == "size") {
      const auto n = parse_int(value);
      if (!n || *n < kMinSize || *n > kMaxSize)
        return make_error("size must be a whole number from 2 to 19, not '" + value + "'");
      r.size = static_cast<int>(*n);
    } else if (key == "target") {
      auto t = parse_target(key, value);
      if (!t) return make_error(t.error());
      r.target = {*t, *t};
      has_target = true;
    } else if (key == "target_b" || key == "target_w") {
      auto t = parse_target(key, value);
      if (!t) return make_error(t.error());
      r.target[key == "target_b" ? 0 : 1] = *t;
      has_split = true;
    } else if (key == "pass") {
      const auto b = parse_bool(value);
      if (!b) return make_error("pass must be 1 (allowed) or 0 (forbidden), not '" + value + "'");
      r.pass_allowed = *b;
    } else if (key == "setup") {
      setup_text = value;
    } else {
      return make_error("unknown capture Go setting '" + key + "' (known: size, target, target_b, target_w, pass, setup)");
    }
  }
  if (has_target && has_split) return make_error("give either target or target_b/target_w, not both");
  if (has_split && (!kv->count("target_b") || !kv->count("target_w")))
    return make_error("target_b and target_w must be given together");
  // Setup is read after size so the order of the settings does not matter.
  for (std::string_view item : split(setup_text, '+', true)) {
    item = trim(item);
    if (item.size() < 3 || (std::toupper(static_cast<unsigned char>(item[0])) != 'B' &&
                            std::toupper(static_cast<unsigned char>(item[0])) != 'W'))
      return make_error("setup stone '" + std::string(item) + "' must be B or W followed by a point, e.g. BC4");
    auto pt = parse_point(item.substr(1), r.size);
    if (!pt) return make_error("setup: " + pt.error());
    for (const auto& s : r.setup)
      if (s.x == pt->first && s.y == pt->second)
        return make_error("setup: " + point_text(s.x, s.y) + " is given twice");
    r.setup.push_back({std::toupper(static_cast<unsigned char>(item[0])) == 'B' ? 0 : 1, pt->first, pt->second});
  }
  return r;
}

std::string rules_to_text(const Rules& r) {
  std::string out = "size=" + std::to_string(r.size);
  if (r.target[0] == r.target[1]) out += ",target=" + std::to_string(r.target[0]);
  else out += ",target_b=" + std::to_string(r.target[0]) + ",target_w=" + std::to_string(r.target[1]);
  out += std::string(",pass=") + (r.pass_allowed ? "1" : "0");
  if (!r.setup.empty()) {
    out += ",setup=";
    for (std::size_t i = 0; i < r.setup.size(); ++i)
    {
      if (i) out += '+';
      out += r.setup[i].color == 0 ? 'B' : 'W';
      out += point_text(r.setup[i].x, r.setup[i].y);
    }
  }
  return out;
}

}  // namespace oyin::capgo
