// Tojmot games as PGN: the generic reader/writer plus the Rules tag (every game carries its rule
// options) and SetUp/FEN for games that start from another position.
#include "core/pgn.h"
#include "games/tojmot/notation.h"

namespace oyin::tojmot {

Result<std::vector<GameRecord>> read_pgn(std::string_view text) { return read_pgn_records(text); }

std::string write_pgn(const GameRecord& r, const Rules& rules, const Position& start) {
  GameRecord out = r;
  std::erase_if(out.tags, [](const auto& t) {
    return t.first == "SetUp" || t.first == "FEN" || t.first == "Rules" || t.first == "Variant";
  });
  out.tags.emplace_back("Variant", "tojmot");
  out.tags.emplace_back("Rules", rules_to_text(rules));
  if (!(start == start_position(rules))) {
    out.tags.emplace_back("SetUp", "1");
    out.tags.emplace_back("FEN", to_text(start));
  }
  return write_pgn_record(out, start.side == kWhite, static_cast<int>(start.move_number));
}

}  // namespace oyin::tojmot
