#include "server/common/request_json.h"

#include <charconv>

namespace oyin::server {

namespace {

// Counts nesting and stops the parse (returns false) as soon as it goes past the limit; builds
// nothing, so the check costs one pass and no allocation.
class DepthCheck : public nlohmann::json_sax<json> {
 public:
  explicit DepthCheck(int max_depth) : max_(max_depth) {}
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return enter(); }
  bool key(string_t&) override { return true; }
  bool end_object() override { return leave(); }
  bool start_array(std::size_t) override { return enter(); }
  bool end_array() override { return leave(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    malformed = true;
    return false;
  }
  bool too_deep = false;
  bool malformed = false;

 private:
  bool enter() {
    if (++depth_ > max_) too_deep = true;
    return !too_deep;
  }
  bool leave() {
    --depth_;
    return true;
  }
  int max_;
  int depth_ = 0;
};

std::string range_text(std::int64_t lo, std::int64_t hi) { return std::to_string(lo) + ".." + std::to_string(hi); }

}  // namespace

Result<json> parse_request_json(std::string_view text, std::size_t max_bytes, int max_depth) {
  if (text.size() > max_bytes)
    return make_error("the JSON is " + std::to_string(text.size()) + " bytes; at most " + std::to_string(max_bytes) +
                      " are accepted");
  DepthCheck check(max_depth);
  json::sax_parse(text.begin(), text.end(), &check, json::input_format_t::json, false);
  if (check.too_deep) return make_error("the JSON is nested deeper than " + std::to_string(max_depth) + " levels");
  if (check.malformed) return make_error("the request body is not valid JSON");
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return make_error("the request body is not valid JSON");
  return j;
}

std::string_view request_json_error_code(std::string_view message) {
  if (message.find("nested deeper") != std::string_view::npos) return "too_deep";
  if (message.find(" bytes; at most ") != std::string_view::npos) return "too_large";
  return "bad_json";
}

Result<std::int64_t> int_field(const json& obj, const char* key, std::int64_t lo, std::int64_t hi,
                               std::int64_t fallback) {
  if (!obj.is_object()) return fallback;
  const auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return fallback;
  const std::string want = std::string(key) + " must be an integer " + range_text(lo, hi);
  if (it->is_number_unsigned()) {
    const std::uint64_t v = it->get<std::uint64_t>();
    if (hi < 0 || v > static_cast<std::uint64_t>(hi) || static_cast<std::int64_t>(v) < lo)
      return make_error(want + " (got " + it->dump() + ")");
    return static_cast<std::int64_t>(v);
  }
  if (it->is_number_integer()) {
    const std::int64_t v = it->get<std::int64_t>();
    if (v < lo || v > hi) return make_error(want + " (got " + it->dump() + ")");
    return v;
  }
  return make_error(want + " (got " + it->dump() + ")");
}

Result<std::string> string_field(const json& obj, const char* key, std::string fallback) {
  if (!obj.is_object()) return fallback;
  const auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return fallback;
  if (!it->is_string()) return make_error(std::string(key) + " must be a string");
  return it->get<std::string>();
}

Result<std::int64_t> int_param(const std::string& name, const std::string& text, std::int64_t lo, std::int64_t hi,
                               std::int64_t fallback) {
  if (text.empty()) return fallback;
  std::int64_t v = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size() || v < lo || v > hi) {
    const std::string shown = text.size() > 40 ? text.substr(0, 40) + "…" : text;
    return make_error(name + " must be an integer " + range_text(lo, hi) + " (got '" + shown + "')");
  }
  return v;
}

}  // namespace oyin::server
