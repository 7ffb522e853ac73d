#pragma once
// Tests name games directly; the engine of a game comes from its registry entry.
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "registry/registry.h"

namespace oyin {

inline std::unique_ptr<Engine> make_engine(std::string_view game) {
  register_builtin_games();
  const GameEntry* g = find_game(game);
  if (!g) throw std::invalid_argument("no game '" + std::string(game) + "'");
  return g->make_engine();
}

}  // namespace oyin
