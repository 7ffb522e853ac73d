#pragma once
// Togyz Kumalak's level table: the alpha-beta table (search/levels.h) with levels 8 and 9 on a
// share of the budget. With the sixth net, at the ladder's 20,000 nodes a move no depth cap of
// levels 8 to 10 binds and level 9's two best lines are seldom within its noise of each other:
// level 9 played level 10's moves (+8.7 +- 22.6 in 400 games) and more noise did not help
// (+11.3 +- 22.1 with 40). Half the budget for level 9 and a quarter, one line, for level 8 make
// every step a gain beyond its margin (docs/engines.md "The levels on the players' scale").
// Tojmot has its own shares (registry/tojmot/levels.h): there a quarter of the budget for level 8
// lost 147 Elo to level 7.
#include "search/levels.h"

namespace oyin {

inline constexpr search::LevelTable kTogyzLevels = [] {
  search::LevelTable t = search::kLevels;
  t[8] = {10, 1, 0, 250, 25};
  t[9] = {13, 2, 15, 500, 50};
  return t;
}();

}  // namespace oyin
