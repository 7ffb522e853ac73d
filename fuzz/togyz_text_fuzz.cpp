// libFuzzer harness: togyz position, move, rules and record text (see game_text.h).
#include "game_text.h"
#include "games/togyz/game.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return oyin::fuzz::fuzz_game_text<oyin::togyz::Togyz>(data, size);
}
