#include "search/capgo/lz_analyze.h"

#include <cmath>

namespace oyin {

std::string lz_analyze_text(const CapgoAnalysis& a, int max_moves) {
  std::string out;
  int order = 0;
  for (const auto& m : a.moves) {
    if (order >= max_moves) break;
    if (m.visits == 0 && m.proof == Proof::Unknown) continue;
    if (!out.empty()) out += ' ';
    out += "info move " + m.text + " visits " + std::to_string(m.visits) + " winrate " +
           std::to_string(static_cast<int>(std::lround(m.winrate * 10000))) + " prior " +
           std::to_string(static_cast<int>(std::lround(m.prior * 10000))) + " order " + std::to_string(order++) + " pv";
    for (const auto& p : m.pv) out += " " + p;
  }
  return out;
}

}  // namespace oyin
