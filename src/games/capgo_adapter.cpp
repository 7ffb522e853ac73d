#include "games/adapter_impl.h"
#include "games/capgo/game.h"

namespace oyin {

std::unique_ptr<GameAdapter> make_capgo_adapter() {
  return std::make_unique<AdapterImpl<capgo::CaptureGo>>();
}

}  // namespace oyin
