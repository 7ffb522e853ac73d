// The built-in games in the order front ends list them, apart from the registry's lookups
// (registry.cpp) so that a program may register fewer (registry/builtin_games.h).
#include "registry/builtin_games.h"

#include <mutex>

namespace oyin {

void register_builtin_games() {
  static std::once_flag once;
  std::call_once(once, [] {
    register_game(declare_togyz());
    register_game(declare_tojmot());
    register_game(declare_capgo());
  });
}

}  // namespace oyin
