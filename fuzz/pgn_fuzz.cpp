// libFuzzer harness: the game-agnostic PGN reader and writer (core/pgn.h). Whatever reads must
// write and read back the same: tags (names and values), move tokens and result.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/pgn.h"
#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto records = oyin::read_pgn_records(text);
  if (!records) return 0;
  for (const oyin::GameRecord& r : *records) {
    const std::string out = oyin::write_pgn_record(r);
    auto back = oyin::read_pgn_records(out);
    FUZZ_CHECK(back.ok(), "a written record does not read back: " + back.error() + "\n" + out);
    FUZZ_CHECK(back->size() == 1, "a written record reads as " + std::to_string(back->size()) + " games\n" + out);
    const oyin::GameRecord& r2 = back->front();
    FUZZ_CHECK(r2.moves == r.moves, "moves change in a round trip\n" + out);
    FUZZ_CHECK(r2.result == r.result, "the result changes in a round trip\n" + out);
    // The writer's conventions: the Result tag follows the result, an empty roster tag is "?".
    for (const auto& [k, v] : r.tags)
      if (k != "Result" && !r.tag(k).empty())
        FUZZ_CHECK(r2.tag(k) == r.tag(k), "tag " + k + " changes in a round trip\n" + out);
    FUZZ_CHECK(oyin::write_pgn_record(r2) == out, "record -> text -> record -> text is not stable\n" + out);
  }
  return 0;
}
