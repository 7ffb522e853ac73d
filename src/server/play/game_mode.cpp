#include "server/play/game_mode.h"

namespace oyin::server {

namespace {
constexpr const char* kModeNames[] = {"ai", "hotseat", "online", "review"};
}  // namespace

const char* mode_name(Mode m) { return kModeNames[static_cast<int>(m)]; }

std::optional<Mode> parse_mode(std::string_view name) {
  for (int i = 0; i < 4; ++i)
    if (name == kModeNames[i]) return static_cast<Mode>(i);
  return std::nullopt;
}

}  // namespace oyin::server
