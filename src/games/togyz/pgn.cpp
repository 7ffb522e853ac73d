// PlayOK-style PGN for Togyz Kumalak: the generic reader/writer plus the FEN tag for set-up games.
#include "core/pgn.h"
#include "core/text.h"
#include "games/togyz/game.h"

namespace oyin::togyz {

Result<std::vector<GameRecord>> read_pgn(std::string_view text) { return read_pgn_records(text); }

std::string write_pgn(const GameRecord& r, const Position& start) {
  GameRecord out = r;
  std::erase_if(out.tags, [](const auto& t) { return t.first == "SetUp" || t.first == "FEN"; });
  if (!(start == togyz::start_position())) {
    out.tags.emplace_back("SetUp", "1");
    out.tags.emplace_back("FEN", to_fen(start));
  }
  return write_pgn_record(out, start.side == 0, start.move_number);
}

Result<Rules> Togyz::parse_rules(std::string_view text) {
  auto kv = parse_key_values(text);
  if (!kv) return make_error(kv.error());
  if (!kv->empty()) return make_error("Togyz Kumalak has no rule options (got '" + kv->begin()->first + "')");
  return Rules{};
}

}  // namespace oyin::togyz
