#pragma once
// Whether bytes are well-formed UTF-8 (no overlong forms, surrogates or code points past
// U+10FFFF). The request's path and query are checked before any of it reaches a store:
// PostgreSQL refuses such text with an error where SQLite quietly stores it.
#include <optional>
#include <string>
#include <string_view>

namespace oyin::server {

bool valid_utf8(std::string_view s);

// The code points of `s`, or nullopt when it is not well-formed UTF-8 (RFC 3629), for text
// counted and compared as a person reads it (user names, passwords).
std::optional<std::u32string> utf8_code_points(std::string_view s);
// Appends `cp` to `out` in UTF-8.
void append_utf8(std::string& out, char32_t cp);

}  // namespace oyin::server
