#pragma once
// GTP "lz-analyze" for capture Go (Leela Zero's analysis extension, as Sabaki and Lizzie use it):
//   lz-analyze [COLOR] [INTERVAL]     INTERVAL in centiseconds between reports (default 100)
// answers "=" and then one line of "info move D4 visits 120 winrate 5321 prior 1234 order 0
// pv D4 E5 ..." per interval, until the next command line arrives; an empty line ends the answer.
#include <iosfwd>
#include <string>

#include "games/capgo/board.h"
#include "search/capgo/lz_analyze.h"

namespace oyin::protocol {

using oyin::lz_analyze_text;  // the lines themselves (search/capgo/lz_analyze.h)

// When `line` is an lz-analyze command: analyses `pos` until a new line arrives on `in`, stores
// that line in `line` (empty at end of input) and returns true. Otherwise returns false.
bool run_lz_analyze(const capgo::Position& pos, int threads, std::string& line, std::istream& in, std::ostream& out);

}  // namespace oyin::protocol
