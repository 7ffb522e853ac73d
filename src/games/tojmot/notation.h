#pragma once
// Tojmot text (rules: "Notation"): protocol moves ("l4l14", "f14e15=9"), record moves
// ("4L4xL14", "IXF14-E15=9+"), the position string and the rule options.
#include <string>
#include <string_view>
#include <vector>

#include "core/record.h"
#include "core/result.h"
#include "games/tojmot/position.h"

namespace oyin::tojmot {

std::string move_to_text(const Position& p, Move m);         // protocol: l4l14, d14e15=7
std::string record_move_text(const Position& p, Move m);     // record: 4L4xL14, IXF14-E15=9+
// Accepts both notations, any letter case; checks every annotation that is given (piece, x/-,
// =piece, +/#). A Roman's forced promotion may be left out; the X's choice may not.
Result<Move> parse_move(const Position& p, std::string_view text);

// "w W:1G1,XE3,... B:1G17,... 0 1": canonical order (by row, then column).
std::string to_text(const Position& p);
// Any order of pieces; the clock and move number may be left out (0 1). The position is checked:
// one 1 a side, every piece on one of the 89 cells, no enemy piece in a zone, piece counts
// possible, the side not to move not in check.
Result<Position> parse_position(std::string_view text, const Rules& rules);
// Checks a position built by hand (as parse_position does) and computes its key.
Result<Position> validate(Position p);

// "own_pieces_in_zone=0,piece6_both=1": the defaults for options not given.
Result<Rules> parse_rules(std::string_view text);
std::string rules_to_text(const Rules& r);  // every option, in the order of the rules file

Result<std::vector<GameRecord>> read_pgn(std::string_view text);
std::string write_pgn(const GameRecord& r, const Rules& rules, const Position& start);

std::string render(const Position& p, const Move* last, bool color);

}  // namespace oyin::tojmot
