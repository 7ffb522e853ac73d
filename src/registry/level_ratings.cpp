#include "registry/level_ratings.h"

#include "registry/registry.h"

namespace oyin {

std::span<const int> level_ratings(std::string_view game) {
  const GameEntry* g = find_game(game);
  if (!g) return {};
  return g->level_ratings();
}

}  // namespace oyin
