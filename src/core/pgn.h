#pragma once
// Game-agnostic PGN reading and writing: tag pairs, move numbers, comments, NAGs and results.
// Move tokens are handed to the game as written; the game checks them.
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/record.h"

namespace oyin {

Result<std::vector<GameRecord>> read_pgn_records(std::string_view text);

// Seven-tag roster first (filled with "?" when missing), then the other tags, then the move text
// wrapped at 80 columns, then the result.
std::string write_pgn_record(const GameRecord& r, bool first_side_moves_first = true,
                             int first_move_number = 1);

}  // namespace oyin
