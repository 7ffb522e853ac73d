#pragma once
// Playing levels 0..10: a depth cap, how many best root lines are kept, and how much random
// noise (in centi-units) is added to their scores before the engine picks one. Level 0 is
// close to a random legal mover (it still takes a win in one); level 10 is the full search.
// The Elo each level reached in our own matches is in README ("Search, UCI, bench, analyze, match").
namespace oyin::search {

struct LevelSpec {
  int depth;     // 0 = no cap
  int multipv;   // root lines searched exactly; the choice is made among these
  int noise_cp;  // uniform noise 0..noise_cp added to each line's score
};

constexpr LevelSpec kLevels[11] = {
    {1, 99, 20000},  // 0 "child": any legal move, except that it never misses a win in one
    {1, 99, 800},    // 1
    {2, 99, 500},    // 2
    {3, 6, 350},     // 3
    {4, 5, 250},     // 4
    {5, 4, 180},     // 5
    {6, 4, 120},     // 6
    {8, 3, 70},      // 7
    {10, 3, 40},     // 8
    {13, 2, 15},     // 9
    {0, 1, 0},       // 10 full strength
};

constexpr int kDefaultMoveTimeMs = 1000;  // level 10 with no limit at all (e.g. `oyin play`)

}  // namespace oyin::search
