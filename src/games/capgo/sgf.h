#pragma once
// Capture Go records in SGF (FF[4], GM[1]): ../shared/rules/capture-go.md, "Coordinates and records".
// Reading maps each game's main line into a GameRecord:
//   tags  Rules  the settings as rules text (size from SZ, target/pass from RU, setup from AB/AW);
//                an RU without "capture:" (e.g. RU[Chinese]) or no RU is ordinary Go: target=0
//         FEN    the start position text when PL says White moves first
//         Black, White, Event, Date from PB, PW, EV, DT; Result keeps RE as written
//         (GoResult instead for ordinary Go, whose territory result our rules cannot check)
//   moves GTP points and "pass" (B[] or B[tt]);  result  1-0 / 0-1 / 1/2-1/2 / * from RE.
// Without PL the first move's colour says who starts (handicap records begin with W).
// OC[<captures by black> <captures by white> [<passes>]] (our own property, written only when
// not all zero) carries the counters of a set-up start position, read back into FEN.
// Writing replays the moves to give RE: B+C / W+C (capture target), B+R (resignation), B+n
// (more captures after two passes, by n), 0 (draw), B+ (the opponent had no legal move).
#include <string>
#include <string_view>
#include <vector>

#include "core/record.h"
#include "core/result.h"
#include "games/capgo/board.h"

namespace oyin::capgo {

Result<std::vector<GameRecord>> read_sgf(std::string_view text);
std::string write_sgf(const GameRecord& r, const Rules& rules, const Position& start);
// SGF result of a finished position ("B+C", "W+3", "0", ...), "" while the game goes on.
std::string sgf_result(const Position& p);
// Why the record's RE (tag "Result") disagrees with how the game at `end` stands; "" if it agrees.
std::string check_recorded_result(const Position& end, const GameRecord& r);
// RU value of the settings: capture:T;pass:yes;ko:positional;suicide:no
std::string sgf_rules(const Rules& r);

}  // namespace oyin::capgo
