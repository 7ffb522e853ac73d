#include "registry/computer_move.h"

#include <algorithm>
#include <string>

namespace oyin {

std::unique_ptr<Engine> make_computer_engine(const GameEntry& game, int hash_mb, bool own_book) {
  auto e = game.make_engine();
  // Engines without a hash table (Monte-Carlo, random) refuse the option; that is fine.
  (void)e->set_option("Hash", std::to_string(hash_mb));
  if (own_book && game.book_settings().played) (void)e->set_option("OwnBook", "true");
  return e;
}

SearchLimits computer_limits(const GameEntry& game, int level, std::uint64_t seed, std::uint64_t nodes) {
  SearchLimits limits;
  limits.level = std::clamp(level, kMinLevel, kMaxLevel);
  limits.seed = seed;
  limits.nodes = nodes;
  if (!nodes) limits.movetime_ms = game.levels().at(static_cast<std::size_t>(limits.level - kMinLevel)).think_ms;
  return limits;
}

}  // namespace oyin
