#pragma once
// Maps a game name to its adapter. Registration is explicit (register_builtin_games), no static
// initialisation tricks; adding a game is one folder plus one line in registry.cpp.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/game_adapter.h"

namespace oyin {

void register_game(std::unique_ptr<GameAdapter> adapter);
void register_builtin_games();  // idempotent
const GameAdapter* find_game(std::string_view name);  // accepts aliases such as "togyzkumalak"
std::vector<const GameAdapter*> all_games();

}  // namespace oyin
