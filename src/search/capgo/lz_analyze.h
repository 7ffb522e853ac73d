#pragma once
// The Monte-Carlo search's analysis as Leela Zero's "lz-analyze" lines, the text GTP analysis
// front ends (Sabaki, Lizzie) read and `oyin analyze` prints while capture Go is searched.
#include <string>

#include "search/capgo/mcts_engine.h"

namespace oyin {

// "info move D4 visits 120 winrate 5321 prior 1234 order 0 pv D4 E5 ..." for at most
// `max_moves` moves (those with visits or a proof).
std::string lz_analyze_text(const CapgoAnalysis& a, int max_moves);

}  // namespace oyin
