// Standings and tie-breaks (FIDE Handbook C.07: Buchholz, Buchholz cut 1, Sonneborn-Berger, wins,
// with the virtual opponent for unplayed games), worked by hand for a small Swiss with byes; shared
// ranks; the round robin crosstable.
#include <gtest/gtest.h>

#include "tournament/round_robin.h"
#include "tournament/standings.h"

namespace oyin::tournament {
namespace {

std::vector<Entrant> field(int n) {
  std::vector<Entrant> out;
  for (int i = 1; i <= n; ++i) out.push_back({i, std::string("P").append(std::to_string(i)), 2000 - i, true});
  return out;
}

// Round 1: 1-4 1-0, 5-2 0-1, 3 bye; round 2: 2-1 ½-½, 3-4 1-0, 5 bye.
// Scores 3: 2, 1: 1½, 2: 1½, 5: 1, 4: 0. Opponents count their unplayed rounds as draws:
// 3 and 5 as 1½ and ½. 3's bye in round 1 meets a virtual opponent of 0 + (1 - 1) + ½ × 1 = ½.
TEST(Standings, SwissTieBreaksFollowFideWithTheVirtualOpponent) {
  const std::vector<Pairing> played = {{1, 1, 4, 1.0, false}, {1, 5, 2, 0.0, false}, {1, 3, 0, 1.0, false},
                                       {2, 2, 1, 0.5, false}, {2, 3, 4, 1.0, false}, {2, 5, 0, 1.0, false}};
  const auto rows = standings(field(5), played, Format::swiss);
  ASSERT_EQ(rows.size(), 5u);
  const std::vector<int> order = {3, 2, 1, 5, 4};
  for (std::size_t i = 0; i < order.size(); ++i) {
    EXPECT_EQ(rows[i].number, order[i]);
    EXPECT_EQ(rows[i].rank, static_cast<int>(i) + 1);
  }
  const auto tb = [&](int i, const char* key) { return rows[i].tiebreaks.at(key); };
  EXPECT_EQ(rows[0].score, 2.0);
  EXPECT_EQ(tb(0, "buchholz"), 0.5);  // the virtual ½ and 4's 0
  EXPECT_EQ(tb(0, "sonneborn_berger"), 0.5);
  EXPECT_EQ(rows[0].games, 1);
  EXPECT_EQ(rows[0].wins, 1);
  EXPECT_EQ(tb(1, "buchholz"), 2.0);  // 2 met 5 (½ adjusted) and 1 (1½)
  EXPECT_EQ(tb(1, "buchholz_cut1"), 1.5);
  EXPECT_EQ(tb(1, "sonneborn_berger"), 1.25);
  EXPECT_EQ(tb(2, "buchholz"), 1.5);  // 1 met 4 (0) and 2 (1½)
  EXPECT_EQ(tb(2, "sonneborn_berger"), 0.75);
  EXPECT_EQ(tb(3, "buchholz"), 1.5);  // 5: 2 (1½) and a virtual 0 in the last round
  EXPECT_EQ(tb(4, "buchholz"), 3.0);
  EXPECT_EQ(tb(4, "buchholz_cut1"), 1.5);
  EXPECT_EQ(tb(4, "wins"), 0.0);
}

TEST(Standings, ExactTiesShareARankAndRoundRobinRestRoundsScoreNothing) {
  std::vector<Pairing> played;
  for (int r = 1; r <= berger_rounds(3); ++r)
    for (auto p : berger_round(3, r)) {
      p.result = p.is_bye() ? std::nullopt : std::optional<double>(0.5);
      played.push_back(p);
    }
  const auto rows = standings(field(3), played, Format::round_robin);
  for (const auto& s : rows) {
    EXPECT_EQ(s.rank, 1);
    EXPECT_EQ(s.score, 1.0) << "two draws, the rest round is no point";
    EXPECT_EQ(s.games, 2);
  }
}

TEST(Standings, CrosstableCellsPerResult) {
  const std::vector<Pairing> played = {{1, 1, 2, 1.0, false}, {2, 3, 1, 0.0, true}, {3, 2, 3, 0.5, false}};
  const auto t = crosstable(field(3), played);
  const std::vector<std::vector<std::string>> want = {{"", "1", "+"}, {"0", "", "½"}, {"-", "½", ""}};
  EXPECT_EQ(t, want);
  std::vector<Pairing> twice = {{1, 1, 2, 1.0, false}, {2, 2, 1, 0.5, false}};
  EXPECT_EQ(crosstable(field(2), twice)[0][1], "1½");
}

}  // namespace
}  // namespace oyin::tournament
