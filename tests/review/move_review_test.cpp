// A review's arithmetic: the win chance of a score, the fit of its scale, a move's class from the
// win chance it gives away, and a side's accuracy.
#include <gtest/gtest.h>

#include <cmath>

#include "review/move_review.h"
#include "review/win_chance_fit.h"

namespace oyin::review {
namespace {

storage::AnalysedPosition at(int ply, int score, std::string best, std::optional<int> mate = std::nullopt) {
  storage::AnalysedPosition p;
  p.ply = ply;
  p.score = score;
  p.mate = mate;
  p.best = std::move(best);
  return p;
}

TEST(WinChance, LogisticWinRateAndProvenResults) {
  const WinChance logistic{.scale = 400};
  EXPECT_DOUBLE_EQ(logistic.of(0), 0.5);
  EXPECT_NEAR(logistic.of(400), 1 / (1 + std::exp(-1.0)), 1e-12);
  EXPECT_NEAR(logistic.of(-400) + logistic.of(400), 1.0, 1e-12);
  EXPECT_EQ(logistic.of(0, 3), 1.0);
  EXPECT_EQ(logistic.of(0, -2), 0.0);
  const WinChance rate{.score_is_win_rate = true};
  EXPECT_DOUBLE_EQ(rate.of(0), 0.5);
  EXPECT_DOUBLE_EQ(rate.of(500), 0.75);
  EXPECT_DOUBLE_EQ(rate.of(-1000), 0.0);
  EXPECT_DOUBLE_EQ(rate.of(100000), 1.0);  // a finished game's score, clamped
}

TEST(WinChanceFit, RecoversTheScaleThatMadeTheResults) {
  // Results drawn as the curve at scale 500 says (the expected result as a soft label): the
  // likelihood is highest at 500 exactly.
  std::vector<ScoredResult> data;
  for (int s = -3000; s <= 3000; s += 10) data.push_back({s, 1 / (1 + std::exp(-s / 500.0))});
  data.push_back({20000, 1});  // a proven result: left out
  const WinChanceFit fit = fit_win_chance(data);
  EXPECT_EQ(fit.samples, data.size() - 1);
  EXPECT_NEAR(fit.scale, 500, 1);
  EXPECT_LT(fit.log_loss, fit.base_log_loss);
  ASSERT_FALSE(fit.bands.empty());
  for (const auto& b : fit.bands) EXPECT_NEAR(b.predicted, b.observed, 1e-6);
}

TEST(MoveReview, ClassesFromTheWinChanceGivenAwayAndAccuracyPerSide) {
  const WinChance wc{.scale = 400};
  // Ply 0: the first player (to move) is level and plays the engine's move; ply 1: still level
  // for the second player, who plays another move after which the first player is +1200.
  const std::vector<storage::AnalysedPosition> positions{at(0, 0, "a"), at(1, 0, "x"), at(2, 1200, "c")};
  const std::vector<std::string> moves{"a", "b"};
  const GameReview r = review_game(positions, moves, {0, 1, 0}, wc);
  ASSERT_EQ(r.moves.size(), 2u);
  EXPECT_EQ(r.moves[0].cls, MoveClass::best);
  EXPECT_DOUBLE_EQ(r.moves[0].win_before, 0.5);
  EXPECT_DOUBLE_EQ(r.moves[0].win_after, 0.5);
  EXPECT_EQ(r.moves[1].cls, MoveClass::blunder);
  EXPECT_EQ(r.moves[1].best, "x");
  EXPECT_EQ(r.moves[1].score_after, -1200);  // the mover's view
  EXPECT_NEAR(r.moves[1].win_after, 1 - wc.of(1200), 1e-12);
  ASSERT_TRUE(r.accuracy[0] && r.accuracy[1]);
  EXPECT_NEAR(*r.accuracy[0], 100, 1e-3);  // lichess's curve gives 99.9999 for no loss
  EXPECT_LT(*r.accuracy[1], 20);
}

TEST(MoveReview, ThresholdsAndGaps) {
  const WinChance rate{.score_is_win_rate = true};  // score = 1000 * (2p - 1): p moves by score / 2000
  // Losses of 0.04, 0.06, 0.12 and 0.2 in the mover's win chance, the side to move alternating.
  const std::vector<storage::AnalysedPosition> positions{
      at(0, 0, "z"), at(1, 80, "z"), at(2, 40, "z"), at(3, 200, "z"), at(4, 600, "z")};
  const GameReview r = review_game(positions, {"a", "b", "c", "d"}, {0, 1, 0, 1, 0}, rate);
  ASSERT_EQ(r.moves.size(), 4u);
  EXPECT_EQ(r.moves[0].cls, MoveClass::good);
  EXPECT_EQ(r.moves[1].cls, MoveClass::inaccuracy);
  EXPECT_EQ(r.moves[2].cls, MoveClass::mistake);
  EXPECT_EQ(r.moves[3].cls, MoveClass::blunder);
  EXPECT_STREQ(class_name(MoveClass::inaccuracy), "inaccuracy");
  // A position not analysed yet: the moves on either side of it wait.
  const GameReview partial = review_game({at(0, 0, "z"), at(2, 0, "z")}, {"a", "b"}, {0, 1, 0}, rate);
  EXPECT_TRUE(partial.moves.empty());
  EXPECT_FALSE(partial.accuracy[0]);
  EXPECT_NEAR(move_accuracy(0), 100, 1e-3);
  EXPECT_NEAR(move_accuracy(0.10), 103.1668 * std::exp(-0.4354) - 3.1669, 1e-9);
}

}  // namespace
}  // namespace oyin::review
