// The computer levels' fixed ratings (registry/level_ratings.h): every registered game has one
// for each level, each level is rated above the one below, and level 0 is below the greedy
// beginner it loses to (docs/engines.md "Levels").
#include <gtest/gtest.h>

#include "registry/level_ratings.h"
#include "registry/registry.h"

namespace oyin {
namespace {

TEST(LevelRatings, EveryGameRatesEveryLevel) {
  register_builtin_games();
  std::vector<std::string> names;
  for (const GameEntry* g : all_games()) {
    names.push_back(g->name());
    const auto r = level_ratings(g->name());
    ASSERT_EQ(r.size(), static_cast<std::size_t>(kLevelCount)) << g->name();
    EXPECT_EQ(g->levels().size(), r.size()) << g->name();
  }
  EXPECT_EQ(names, (std::vector<std::string>{"togyz", "tojmot", "capgo"}));
}

TEST(LevelRatings, EachLevelIsAboveTheOneBelow) {
  register_builtin_games();
  for (const GameEntry* g : all_games()) {
    const auto r = level_ratings(g->name());
    for (std::size_t l = 1; l < r.size(); ++l) EXPECT_GT(r[l], r[l - 1]) << g->name() << " level " << l;
  }
}

TEST(LevelRatings, LevelZeroIsBelowTheBeginnerAndTheTopFarAbove) {
  register_builtin_games();
  for (const GameEntry* g : all_games()) {
    const auto r = level_ratings(g->name());
    ASSERT_FALSE(r.empty()) << g->name();
    EXPECT_LT(r.front(), kBeginnerRating) << g->name();
    EXPECT_GT(r.front(), 0) << g->name();
    EXPECT_GT(r.back(), 1500) << g->name() << ": the full search is above a new account's 1500";
  }
}

TEST(LevelRatings, UnknownGameHasNone) { EXPECT_TRUE(level_ratings("no-such-game").empty()); }

}  // namespace
}  // namespace oyin
