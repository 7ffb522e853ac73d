#pragma once
// String helpers shared by every parser: splitting, trimming, integers and key=value options.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace oyin {

std::string_view trim(std::string_view s);
std::vector<std::string_view> split(std::string_view s, char sep, bool skip_empty = false);
std::vector<std::string_view> split_ws(std::string_view s);
std::string to_lower(std::string_view s);
bool starts_with_ci(std::string_view s, std::string_view prefix);
std::optional<std::int64_t> parse_int(std::string_view s);
// A finite decimal number ("nan", "inf" and hex floats are refused).
std::optional<double> parse_real(std::string_view s);
std::optional<bool> parse_bool(std::string_view s);  // 0/1/true/false/yes/no/on/off

// Parses "k=v,k2=v2" into an ordered map. Keys are lower-cased; an empty text gives an empty map.
Result<std::map<std::string, std::string>> parse_key_values(std::string_view text);

}  // namespace oyin
