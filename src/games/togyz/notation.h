#pragma once
// Togyz Kumalak text: moves ("76", "36x", PlayOK's "65(10)" / "45X"), FEN and PGN records.
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/record.h"
#include "games/togyz/board.h"

namespace oyin::togyz {

// Standard notation: from pit and landing pit in their owners' numbering, "x" for a new tuzdyk.
std::string move_to_text(const Position& p, Move m);
// PlayOK record notation: the mover's kazan total in brackets after a capture, "X" for a tuzdyk.
std::string record_move_text(const Position& p, Move m);
// Accepts "7", "76", "36x", "36X", "65(10)"; checks every annotation that is given.
Result<Move> parse_move(const Position& p, std::string_view text);

std::string to_fen(const Position& p);
Result<Position> parse_fen(std::string_view fen);
// Checks a position built by hand: stone total, tuzdyk placement, counts in range.
Result<Position> validate(Position p);

Result<std::vector<GameRecord>> read_pgn(std::string_view text);
std::string write_pgn(const GameRecord& r, const Position& start);

}  // namespace oyin::togyz
