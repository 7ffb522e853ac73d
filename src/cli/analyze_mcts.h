#pragma once
// `oyin analyze` for a game played by the Monte-Carlo search (capture Go): the MCTS
// on a position, with Leela Zero style "info move ..." lines while it thinks and a final table.
#include <cstdint>
#include <iosfwd>
#include <string>

#include "core/result.h"

namespace oyin {

struct CapgoAnalyzeOptions {
  std::string rules = "size=9,target=1";
  std::string position;         // position text; empty = the rules' start
  std::string moves;            // moves to play first, GTP notation separated by spaces
  std::uint64_t playouts = 0;   // 0 = until the time is up
  double seconds = 5;           // 0 = until the playouts are done
  int threads = 1;
  int report_ms = 1000;
  int lines = 10;               // moves listed in each report and in the table
};

// Errors (bad rules, position or moves; a finished game) come back as one line for the command
// line to print with exit code 2; nothing is written to `out` then.
Status analyze_capgo(const CapgoAnalyzeOptions& o, std::ostream& out);

}  // namespace oyin
