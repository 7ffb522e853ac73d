#pragma once
// The computer's fixed rating at each level (kMinLevel..kMaxLevel) of each registered game, on
// the players' Glicko-2 scale: a signed-in player is rated against it, and it never moves. Taken
// from the measured level ladders (docs/engines.md), as 400 + the Elo above level 0; each game's
// figures and their source are in its declaration (registry/<game>/declaration.cpp).
#include <span>
#include <string_view>

namespace oyin {

// Empty for a game with no measured ladder.
std::span<const int> level_ratings(std::string_view game);

}  // namespace oyin
