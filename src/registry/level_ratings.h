#pragma once
// The computer's fixed rating at each level (kMinLevel..kMaxLevel) of each registered game, on
// the players' Glicko-2 scale: a signed-in player is rated against it, and it never moves. Taken from the
// measured level ladders in README (each game's figures and their source are beside its table
// in level_ratings.cpp), as 400 + the Elo above level 0. Kept beside the registry's game
// declarations, in a file of its own so that a change of figures rebuilds one file.
#include <span>
#include <string_view>

namespace oyin {

// Empty for a game with no measured ladder.
std::span<const int> level_ratings(std::string_view game);

}  // namespace oyin
