// SGF against hostile and careless input (issue 11): a set-up position's capture counts survive
// the round trip, and deep nesting is read without recursion.
#include <gtest/gtest.h>

#include "games/capgo/game.h"
#include "registry/registry.h"

namespace oyin::capgo {
namespace {

const GameAdapter& capgo_adapter() {
  register_builtin_games();
  return *find_game("capgo");
}

TEST(CaptureGoSgfHardening, SetUpCapturesRoundTripSoTheWinReplays) {
  // Black has already captured one stone; A2 captures the white A1, the second: target 2.
  const GameAdapter& g = capgo_adapter();
  const std::string fen = "5 ...../...../...../...../OX... b 1 0 0";
  auto st = g.new_game("size=5,target=2", fen);
  ASSERT_TRUE(st.ok()) << st.error();
  ASSERT_TRUE((*st)->play("A2").ok());
  ASSERT_TRUE((*st)->status().over());
  const std::string sgf = (*st)->write_record(GameRecord{});
  EXPECT_NE(sgf.find("RE[B+C]"), std::string::npos) << sgf;
  EXPECT_NE(sgf.find("OC[1 0]"), std::string::npos) << sgf;
  auto records = g.read_records(sgf);
  ASSERT_TRUE(records.ok()) << records.error();
  const GameRecord& r = records->front();
  EXPECT_EQ(r.tag("FEN"), fen);
  auto again = g.new_game(r.tag("Rules"), r.tag("FEN"));
  ASSERT_TRUE(again.ok()) << again.error();
  for (const auto& m : r.moves) ASSERT_TRUE((*again)->play(m).ok()) << m;
  EXPECT_TRUE((*again)->status().over()) << "before the fix the replay had 1 capture, not 2: no win";
  EXPECT_EQ(result_text((*again)->status()), r.result);
  EXPECT_EQ((*again)->check_recorded_result(r), "");
  EXPECT_EQ((*again)->write_record(GameRecord{}), sgf) << "record -> replay -> record is stable";
}

TEST(CaptureGoSgfHardening, PassesAndWhiteToMoveRoundTripToo) {
  const GameAdapter& g = capgo_adapter();
  const std::string fen = "5 ...../..X../...../...../..... w 0 3 1";
  auto st = g.new_game("size=5,target=5", fen);
  ASSERT_TRUE(st.ok()) << st.error();
  const std::string sgf = (*st)->write_record(GameRecord{});
  EXPECT_NE(sgf.find("PL[W]OC[0 3 1]"), std::string::npos) << sgf;
  auto records = g.read_records(sgf);
  ASSERT_TRUE(records.ok()) << records.error();
  EXPECT_EQ(records->front().tag("FEN"), fen);
}

TEST(CaptureGoSgfHardening, BadCountersAreClearErrors) {
  const GameAdapter& g = capgo_adapter();
  for (const char* oc : {"OC[-1 0]", "OC[1]", "OC[1 2 3]", "OC[70000 0]", "OC[a b]", "OC[1 2 0 0]"}) {
    auto r = g.read_records(std::string("(;GM[1]SZ[5]RU[capture:2]") + oc + ";B[aa])");
    ASSERT_FALSE(r.ok()) << oc;
    EXPECT_NE(r.error().find("must be '<captures by black> <captures by white> [<passes 0..2>]'"), std::string::npos)
        << r.error();
  }
}

TEST(CaptureGoSgfHardening, DeepNestingIsReadIteratively) {
  // 100,000 nested variations (some programs nest every move): the recursive reader overflowed
  // the stack at 10,000 in the sanitizer build, and refused more than 10,000 otherwise.
  const GameAdapter& g = capgo_adapter();
  const int depth = 100000;
  std::string sgf = "(;GM[1]SZ[5]RU[capture:1]";
  for (int i = 0; i < depth; ++i) sgf += i % 2 ? "(;W[]" : "(;B[]";
  sgf += std::string(depth, ')') + ")";
  auto r = g.read_records(sgf);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->front().moves.size(), static_cast<std::size_t>(depth));
  // Unclosed: a clear error, not a crash.
  auto open = g.read_records(std::string(depth, '(') + ";");
  ASSERT_FALSE(open.ok());
  EXPECT_NE(open.error().find("expected ';' to start a node"), std::string::npos) << open.error();
}

TEST(CaptureGoSgfHardening, TheMainLineFollowsTheFirstVariationAtEveryLevel) {
  const GameAdapter& g = capgo_adapter();
  auto r = g.read_records("(;GM[1]SZ[5]RU[capture:1](;B[aa](;W[bb];B[cc])(;W[dd]))(;B[ee]))");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->front().moves, (std::vector<std::string>{"A5", "B4", "C3"}));
}

}  // namespace
}  // namespace oyin::capgo
