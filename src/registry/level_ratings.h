#pragma once
// The computer's fixed rating at each level (kMinLevel..kMaxLevel) of each registered game, on
// the players' Glicko-2 scale: a signed-in player is rated against it, it never moves, and the
// new-game dialog shows it beside the level (/api/meta `levels[].rating`). Each game's figures
// come from its measured level ladder (docs/engines.md "Levels"): the beginner who takes every
// free capture (`oyin match … greedy`) is put at kBeginnerRating and every level placed by its
// chain of matches from there; each declaration (registry/<game>/declaration.cpp) says how.
#include <span>
#include <string_view>

namespace oyin {

// Where the ladders are anchored: the greedy beginner's rating. A new account starts at 1500 (the
// average player the system knows nothing about); a player who sees captures one move deep and
// nothing else is well below that, as on chess sites' Glicko scales (docs/engines.md "Levels").
inline constexpr int kBeginnerRating = 800;

// Empty for a game with no measured ladder.
std::span<const int> level_ratings(std::string_view game);

}  // namespace oyin
