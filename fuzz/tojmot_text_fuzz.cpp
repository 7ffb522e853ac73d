// libFuzzer harness: tojmot position, move, rules and record text (see game_text.h).
#include "game_text.h"
#include "games/tojmot/game.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return oyin::fuzz::fuzz_game_text<oyin::tojmot::Tojmot>(data, size);
}
