#pragma once
// Playing levels 0..10: a depth cap, how many best root lines are kept, how much random noise
// (in centi-units) is added to their scores before the engine picks one, and the share of the
// budget spent. Level 0 is close to a random legal mover (it still takes a win in one); level 10
// is the full search. The rating each level reached in our own matches is in docs/engines.md
// ("The levels on the players' scale").
// kLevels is the alpha-beta engine's table; a game whose ladder needs other rows declares its
// own (the registry passes it to the engine, src/registry/alphabeta_declaration.h). The server
// and the terminal game take the think time from the table too.
#include <array>
#include <vector>

#include "search/engine.h"

namespace oyin::search {

struct LevelSpec {
  int depth;     // 0 = no cap
  int multipv;   // root lines searched exactly; the choice is made among these
  int noise_cp;  // uniform noise 0..noise_cp added to each line's score
  int think_ms;  // time limit of a move when the caller sets no limit of its own
  // Share of the caller's budget (nodes, move time, clock allotment) the level spends. At the
  // top of a ladder neither a depth cap nor a little noise separates two levels once the
  // budget is small (at 20,000 nodes no cap binds); a smaller share does at every budget.
  int budget_pct = 100;
};

using LevelTable = std::array<LevelSpec, kLevelCount>;

inline constexpr LevelTable kLevels = {{
    {1, 99, 20000, 50},  // 0 "child": any legal move, except that it never misses a win in one
    {1, 99, 800, 100},   // 1
    {2, 99, 500, 150},   // 2
    {3, 6, 350, 200},    // 3
    {4, 5, 250, 300},    // 4
    {5, 4, 180, 400},    // 5
    {6, 4, 120, 500},    // 6
    {8, 3, 70, 600},     // 7
    {10, 3, 40, 750},    // 8
    {13, 2, 15, 900},    // 9
    {0, 1, 0, 1000},     // 10 full strength
}};

// The moves a game is assumed to last from here when a clock is shared out (time_manager.h).
constexpr int kMovesToGo = 25;

inline std::vector<LevelInfo> alphabeta_levels(const LevelTable& table = kLevels) {
  std::vector<LevelInfo> out;
  for (int l = kMinLevel; l <= kMaxLevel; ++l) {
    const LevelSpec& s = table[static_cast<std::size_t>(l)];
    std::string what = s.depth ? "depth " + std::to_string(s.depth) : std::string("full search");
    if (s.noise_cp) what += ", picks among " + (s.multipv >= 99 ? std::string("all") : std::to_string(s.multipv)) +
                            " best moves with noise " + std::to_string(s.noise_cp);
    if (s.budget_pct < 100) what += ", " + std::to_string(s.budget_pct) + "% of the nodes or time";
    out.push_back({l, s.think_ms, what});
  }
  return out;
}

}  // namespace oyin::search
