// Round robin by the Berger tables: the published FIDE tables (Handbook C.05, Annex 1) for 4 and
// 6 players, byes for an odd field, every pair meeting once (twice with colours reversed).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tournament/round_robin.h"

namespace oyin::tournament {
namespace {

std::string round_text(int players, int round, bool twice = false) {
  std::string s;
  for (const auto& p : berger_round(players, round, twice)) {
    if (!s.empty()) s += ' ';  // (not `"" + ...`: GCC 12 warns falsely on it, -Wrestrict)
    s += std::to_string(p.white) + "-" + std::to_string(p.black);
  }
  return s;
}

TEST(Berger, FideTableForFourPlayers) {
  EXPECT_EQ(berger_rounds(4), 3);
  EXPECT_EQ(round_text(4, 1), "1-4 2-3");
  EXPECT_EQ(round_text(4, 2), "4-3 1-2");
  EXPECT_EQ(round_text(4, 3), "2-4 3-1");
}

TEST(Berger, FideTableForSixPlayers) {
  EXPECT_EQ(round_text(6, 1), "1-6 2-5 3-4");
  EXPECT_EQ(round_text(6, 2), "6-4 5-3 1-2");
  EXPECT_EQ(round_text(6, 3), "2-6 3-1 4-5");
  EXPECT_EQ(round_text(6, 4), "6-5 1-4 2-3");
  EXPECT_EQ(round_text(6, 5), "3-6 4-2 5-1");
  EXPECT_TRUE(berger_round(6, 6).empty());
}

TEST(Berger, AnOddFieldGivesOneByeARoundAndDoubleReversesColours) {
  EXPECT_EQ(round_text(5, 1), "1-0 2-5 3-4");  // player 6 is the dummy: 1 has the bye
  for (int n : {5, 7, 8, 10}) {
    std::set<std::pair<int, int>> met;
    for (int r = 1; r <= berger_rounds(n, true); ++r) {
      std::set<int> seen;
      for (const auto& p : berger_round(n, r, true)) {
        EXPECT_TRUE(seen.insert(p.white).second) << "a player twice in round " << r;
        if (p.is_bye()) continue;
        EXPECT_TRUE(seen.insert(p.black).second);
        EXPECT_TRUE(met.insert({p.white, p.black}).second) << p.white << "-" << p.black << " twice with the same colours";
      }
      EXPECT_EQ(static_cast<int>(seen.size()), n);
    }
    EXPECT_EQ(static_cast<int>(met.size()), n * (n - 1)) << "every pair twice, once with each colour";
  }
}

}  // namespace
}  // namespace oyin::tournament
