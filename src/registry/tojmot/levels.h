#pragma once
// Tojmot's level table: the alpha-beta table (search/levels.h) with levels 4 to 7 on a share of
// the budget. At the ladder's 20,000 nodes a move Tojmot's wide tree reaches depth 4 or so, so
// none of the depth caps from level 5 up binds, and levels 7 and 8 (three lines each, noise 70
// against 40, small beside a Roman's 100) played even (-3.5 +- 33.8 in 200 games). The nodes are
// what sets Tojmot's levels apart (level 8 on a quarter of them lost 147 Elo to level 7), so the
// middle levels spend less of them: each step from 3 to 10 is then a gain beyond its margin
// (docs/engines.md "The levels on the players' scale"). The puzzles' self-play keeps the shared
// table (registry/tojmot/puzzles.cpp), so that the shipped puzzle files rebuild byte for byte.
#include "search/levels.h"

namespace oyin {

inline constexpr search::LevelTable kTojmotLevels = [] {
  search::LevelTable t = search::kLevels;
  t[4].budget_pct = 55;
  t[5].budget_pct = 55;
  t[6].budget_pct = 65;
  t[7].budget_pct = 75;
  return t;
}();

}  // namespace oyin
