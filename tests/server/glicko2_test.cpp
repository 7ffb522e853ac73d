// Glicko-2 against the worked example of Glickman's paper "Example of the Glicko-2 system":
// a 1500/200/0.06 player beats a 1400/30 player and loses to 1550/100 and 1700/300, tau 0.5:
// rating 1464.06, deviation 151.52, volatility 0.05999.
#include <gtest/gtest.h>

#include <vector>

#include "server/ratings/glicko2.h"

namespace oyin::ratings {
namespace {

TEST(Glicko2, GlickmansWorkedExample) {
  const Rating player{1500, 200, 0.06};
  const std::vector<Result> period = {{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}};
  const Rating r = update(player, period, {.tau = 0.5});
  // The paper rounds its intermediate values (mu' = -0.2069, phi' = 0.8722) before printing
  // 1464.06 / 151.52 / 0.05999; computed without rounding the same steps give 1464.0507,
  // 151.5165 and 0.0599960.
  EXPECT_NEAR(r.rating, 1464.06, 0.01);
  EXPECT_NEAR(r.deviation, 151.52, 0.005);
  EXPECT_NEAR(r.volatility, 0.05999, 0.00001);
  EXPECT_NEAR(r.rating, 1464.0507, 0.0001);
  EXPECT_NEAR(r.deviation, 151.5165, 0.0001);
  EXPECT_NEAR(r.volatility, 0.0599960, 0.0000001);
}

TEST(Glicko2, APeriodWithoutGamesOnlyWidensTheDeviation) {
  const Rating r = update({1500, 200, 0.06}, {});
  EXPECT_EQ(r.rating, 1500);
  EXPECT_NEAR(r.deviation, 200.2714, 0.0001);  // sqrt(phi^2 + sigma^2) on the Glicko-2 scale
  EXPECT_EQ(r.volatility, 0.06);
  EXPECT_EQ(update({1500, 350, 0.06}, {}).deviation, 350);  // never past a new player's
}

TEST(Glicko2, WinsRaiseLossesLowerDrawsBetweenEqualsKeep) {
  const Rating fresh;
  const Rating won = update(fresh, std::vector<Result>{{fresh, 1}});
  const Rating lost = update(fresh, std::vector<Result>{{fresh, 0}});
  const Rating drew = update(fresh, std::vector<Result>{{fresh, 0.5}});
  EXPECT_GT(won.rating, 1600);
  EXPECT_NEAR(won.rating - 1500, 1500 - lost.rating, 1e-9);  // symmetric
  EXPECT_NEAR(drew.rating, 1500, 1e-9);
  EXPECT_LT(drew.deviation, 350);
  EXPECT_TRUE(provisional(won));
  EXPECT_FALSE(provisional(Rating{1500, 100, 0.06}));
  // Beating a much stronger, well-known player is worth more than beating an equal one.
  const Rating upset = update(fresh, std::vector<Result>{{{2000, 50, 0.06}, 1}});
  EXPECT_GT(upset.rating, won.rating);
}

}  // namespace
}  // namespace oyin::ratings
