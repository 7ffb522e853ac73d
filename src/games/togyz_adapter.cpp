#include "games/adapter_impl.h"
#include "games/togyz/game.h"

namespace oyin {

std::unique_ptr<GameAdapter> make_togyz_adapter() {
  return std::make_unique<AdapterImpl<togyz::Togyz>>();
}

}  // namespace oyin
