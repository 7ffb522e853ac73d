#pragma once
// Capture Go text: GTP moves ("D4", "pass", "resign") and the position text
//   <size> <rows> <to-move> <captures by black> <captures by white> <consecutive passes>
// where <rows> lists the rows from the top (row N) down to row 1, joined by '/', each N
// characters of X (black), O (white) or . (empty); <to-move> is b or w.
// Example, the empty 3×3 board: "3 .../.../... b 0 0 0". The superko history is not part of it.
#include <string>
#include <string_view>

#include "core/result.h"
#include "games/capgo/board.h"

namespace oyin::capgo {

std::string move_to_text(const Position& p, Move m);
// Accepts pass, resign and points in any case; every illegal move gets its own reason.
Result<Move> parse_move(const Position& p, std::string_view text);
// Why a stone at board index `point` is illegal, as one line ("D4 is occupied").
std::string illegal_reason(const Position& p, int point, Illegal why);

std::string to_text(const Position& p);
// The position up to the board's eight symmetries (the least of the eight boards' rows), the side
// to move and the captures; the count of passes left out.
std::string symmetric_identity(const Position& p);
// The size in the text must be the rules' size; targets and pass come from the rules.
Result<Position> parse_position(std::string_view text, const Rules& rules);

}  // namespace oyin::capgo
