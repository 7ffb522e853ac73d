#pragma once
// Reading client JSON safely: size and nesting depth are checked by a SAX pass before a document
// is built (a 100,000-deep array would otherwise overflow the stack when it is dumped), and
// numeric fields are checked in range as the JSON numbers they are, before any conversion.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"

namespace oyin::server {

using nlohmann::json;

constexpr std::size_t kMaxJsonBytes = 1u << 20;  // the HTTP body limit; WebSocket messages are smaller
constexpr int kMaxJsonDepth = 32;                // the API needs 3

// The document, or a one-line reason (too big, too deep, not JSON).
Result<json> parse_request_json(std::string_view text, std::size_t max_bytes = kMaxJsonBytes,
                                int max_depth = kMaxJsonDepth);

// A reply as text for the wire. Errors may quote what the client sent (an id from the path),
// bytes that need not be UTF-8: those are replaced rather than failing to answer.
inline std::string wire_text(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// The error code (server/common/error_codes.h) of a parse_request_json failure: too_large, too_deep
// or bad_json.
std::string_view request_json_error_code(std::string_view message);

// obj[key] as an integer in lo..hi; `fallback` when the key is absent (or null). A float, a
// string or a number out of range is an error naming the field and its range.
Result<std::int64_t> int_field(const json& obj, const char* key, std::int64_t lo, std::int64_t hi,
                               std::int64_t fallback);
// obj[key] as a string; `fallback` when absent (or null); any other type is an error.
Result<std::string> string_field(const json& obj, const char* key, std::string fallback = {});

// A decimal query parameter in lo..hi; `fallback` when empty.
Result<std::int64_t> int_param(const std::string& name, const std::string& text, std::int64_t lo, std::int64_t hi,
                               std::int64_t fallback);

}  // namespace oyin::server
