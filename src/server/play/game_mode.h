#pragma once
// How a game is played; stored as its name.
#include <optional>
#include <string_view>

namespace oyin::server {

enum class Mode { ai, hotseat, online, review };
const char* mode_name(Mode m);
std::optional<Mode> parse_mode(std::string_view name);

}  // namespace oyin::server
