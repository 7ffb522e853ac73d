// The server's analysis (a real `oyin serve`, POST /api/analysis) of small capture Go boards where
// every capture ends the game: the proof of the perfect-play table or the solver (a win with its
// winning move, or a loss), not an estimate. Beside the other perfect-play tests, whose code it
// checks through the server.
#include <gtest/gtest.h>

#include "server/server_process.h"

namespace oyin::testing {
namespace {

class AnalysisProofTest : public ServerTest {
 protected:
  json analyse(const std::string& rules, const json& moves) {
    auto r = http_post(port_, "/api/analysis",
                       {{"game", "capgo"}, {"rules", rules}, {"position", ""}, {"moves", moves}, {"movetime", 300}});
    EXPECT_EQ(r.status, 200) << r.text;
    return r.body;
  }
};

TEST_F(AnalysisProofTest, AProvedWinComesWithItsMoveAndAProvedLossSaysSo) {
  // 6x6 from the empty board: the table's C3 (docs/research/capgo-6x6-proof.md).
  json a = analyse("size=6,target=1,pass=0", json::array());
  EXPECT_EQ(a["bestmove"], "C3") << a.dump();
  EXPECT_EQ(a["mate"], 1) << a.dump();
  EXPECT_EQ(a["pv_text"], json::array({"C3"})) << a.dump();
  EXPECT_EQ(a["win_chance_first"], 1.0) << a.dump();
  // White to move after Black's B1: White's C2 wins (the table), so the first side (Black) loses.
  a = analyse("size=6,target=1,pass=0", json::array({"B1"}));
  EXPECT_EQ(a["bestmove"], "C2") << a.dump();
  EXPECT_EQ(a["mate"], 1) << a.dump();
  EXPECT_EQ(a["win_chance_first"], 0.0) << a.dump();
  // 4x4 is lost for Black (the solver, within the move).
  a = analyse("size=4,target=1,pass=0", json::array());
  EXPECT_EQ(a["mate"], -1) << a.dump();
  EXPECT_EQ(a["win_chance_first"], 0.0) << a.dump();
  // With passing allowed nothing is proved at the start: the tree search's estimate.
  a = analyse("size=6,target=1,pass=1", json::array());
  EXPECT_FALSE(a.contains("mate")) << a.dump();
}

}  // namespace
}  // namespace oyin::testing
