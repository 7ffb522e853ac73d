#pragma once
// Whether bytes are well-formed UTF-8 (no overlong forms, surrogates or code points past
// U+10FFFF). The request's path and query are checked before any of it reaches a store:
// PostgreSQL refuses such text with an error where SQLite quietly stores it.
#include <string_view>

namespace oyin::server {

bool valid_utf8(std::string_view s);

}  // namespace oyin::server
