#include "games/adapter_impl.h"
#include "games/tojmot/game.h"

namespace oyin {

std::unique_ptr<GameAdapter> make_tojmot_adapter() {
  return std::make_unique<AdapterImpl<tojmot::Tojmot>>();
}

}  // namespace oyin
