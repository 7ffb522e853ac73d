// What a puzzle set must hold beyond each proof (learn/puzzle_rules.h): a decision at the key
// move, no repeat up to the game's symmetries, no puzzle inside another's solution; and the
// natural choice among equally long defences. Checked on constructed cases and on every
// shipped puzzle file.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "learn/puzzle_rules.h"
#include "learn/puzzles.h"
#include "registry/puzzle_support.h"
#include "registry/registry.h"

namespace oyin {
namespace {

std::vector<learn::Puzzle> shipped(const std::string& game) {
  std::ifstream in(std::string(OYIN_SOURCE_DIR) + "/data/puzzles/" + game + ".jsonl");
  std::vector<learn::Puzzle> out;
  for (std::string l; std::getline(in, l);) {
    auto p = learn::parse_puzzle_line(l);
    if (p) out.push_back(*p);
  }
  return out;
}

const PuzzleSupport& support(const std::string& game) {
  register_builtin_games();
  return *find_puzzles(game);
}

class ShippedRules : public ::testing::TestWithParam<std::string> {};

// Every shipped file: each key asks for a decision, no two puzzles are one position up to
// symmetry, and no puzzle's position is met inside another's solution.
TEST_P(ShippedRules, HoldOnEveryPuzzle) {
  const auto puzzles = shipped(GetParam());
  ASSERT_GE(puzzles.size(), 300u);
  auto r = learn::check_puzzle_set(puzzles);
  EXPECT_TRUE(r) << r.error();
}

INSTANTIATE_TEST_SUITE_P(Games, ShippedRules, ::testing::Values("togyz", "tojmot", "capgo"));

TEST(PuzzleKeys, CaptureGoBoardsTurnedOrMirroredAreOnePosition) {
  const auto& s = support("capgo");
  const std::string rules = "size=5,target=1,pass=0";
  const std::string a = s.symmetric_key(rules, "5 XOX../...../...../..XOX/...X. b 0 0 0");
  EXPECT_EQ(s.symmetric_key(rules, "5 ..XOX/...../...../XOX../.X... b 0 0 0"), a);  // left-right
  EXPECT_EQ(s.symmetric_key(rules, "5 ...X./..XOX/...../...../XOX.. b 0 0 0"), a);  // upside down
  EXPECT_NE(s.symmetric_key(rules, "5 XOX../...../...../..XOX/...X. w 0 0 0"), a);  // the other side to move
  EXPECT_NE(s.symmetric_key("size=5,target=2,pass=0", "5 XOX../...../...../..XOX/...X. b 0 0 0"), a);
}

TEST(PuzzleKeys, TogyzAndTojmotPositionsSeenByTheOtherSideAreOnePosition) {
  const auto& t = support("togyz");
  EXPECT_EQ(t.symmetric_key("", "3,t,1,5S,3/t,4,1S,8S,1,2S 80 66 S 75"),
            t.symmetric_key("", "2S,1,8S,1S,4,t/3,5S,1,t,3 66 80 N 75"));
  EXPECT_NE(t.symmetric_key("", "3,t,1,5S,3/t,4,1S,8S,1,2S 80 66 S 75"),
            t.symmetric_key("", "3,t,1,5S,3/t,4,1S,8S,1,2S 80 66 N 75"));
  const auto& m = support("tojmot");
  const std::string rules = "own_pieces_in_zone=1,piece6_both=0,threefold=1,fifty_move=1";
  EXPECT_EQ(m.symmetric_key(rules, "b W:1B14 B:2L6,6C7,3E11,IIM11,9D12,VIIIJ12,IXG13,VK13,XF14,XH14,1G15 33 100"),
            m.symmetric_key(rules, "w W:1G3,XF4,XH4,VK5,IXG5,9D6,VIIIJ6,3E7,IIM7,6C11,2L12 B:1B4 33 100"));
}

TEST(PuzzleDecision, AKeyThatIsTheOnlyCaptureOrAtariIsNoDecision) {
  const auto& s = support("capgo");
  learn::Puzzle p;
  p.id = "only-capture";
  p.game = "capgo";
  p.rules = "size=5,target=1,pass=0";
  p.position = "5 XOX../...../...../...../..... b 0 0 0";
  p.goal = "capture";
  p.moves = 1;
  p.solution = {"B4"};
  p.themes = {"capture-in-1", "capture"};
  EXPECT_EQ(learn::no_decision(s, p), "the key move B4 is the only forcing move");
  // Two stones in atari: either capture is forcing, so the key is a choice.
  p.position = "5 XOX../...../...../..XOX/...X. b 0 0 0";
  EXPECT_EQ(learn::no_decision(s, p), "");
  EXPECT_EQ(s.forcing_moves(p.rules, p.position), (std::vector<std::string>{"D3", "B4"}));
}

TEST(PuzzleSetRules, APositionInsideAnotherSolutionOrAMirrorImageConflicts) {
  // The first shipped two-move capture Go puzzle, and its position after the first two plies.
  learn::Puzzle deep;
  for (const auto& p : shipped("capgo"))
    if (p.moves == 2 && p.solution.size() == 3) {
      deep = p;
      break;
    }
  ASSERT_FALSE(deep.id.empty());
  const auto& s = support("capgo");  // (registers the games: this test may run on its own)
  auto st = find_game("capgo")->new_game(deep.rules, deep.position);
  ASSERT_TRUE(st);
  ASSERT_TRUE((*st)->play(deep.solution[0]));
  ASSERT_TRUE((*st)->play(deep.solution[1]));
  learn::Puzzle inner = deep;
  inner.id = "inner";
  inner.position = (*st)->position_text();
  inner.moves = 1;
  inner.solution = {deep.solution[2]};
  auto deep_keys = learn::puzzle_keys(s, deep), inner_keys = learn::puzzle_keys(s, inner);
  ASSERT_TRUE(deep_keys && inner_keys);
  ASSERT_EQ(deep_keys->line.size(), 1u);
  EXPECT_EQ(deep_keys->line[0], inner_keys->start);
  learn::PuzzleSet a;
  a.add(deep.id, *deep_keys);
  EXPECT_EQ(a.conflict(*inner_keys), "its position is inside the solution of " + deep.id);
  EXPECT_EQ(a.conflict(*deep_keys), "the same position as " + deep.id + " (up to symmetry)");
  learn::PuzzleSet b;
  b.add("inner", *inner_keys);
  EXPECT_EQ(b.conflict(*deep_keys), "the position of inner is inside its solution");
}

// Capture Go 5x5: D4 puts the four white stones in atari and E5 takes them. Every reply loses at
// once; the old rule played the alphabetically first, the corner A1, which touches nothing.
TEST(PuzzleDefence, TheLastDefenceTouchesTheFightNotTheCorner) {
  const auto& s = support("capgo");
  auto line = s.find("size=5,target=1,pass=0", "5 ...../..X.O/...XO/...XO/...XO b 0 0 0", 3, 2'000'000);
  ASSERT_TRUE(line) << line.error();
  ASSERT_EQ(line->solution.size(), 3u);
  EXPECT_EQ(line->solution[0], "D4");
  EXPECT_EQ(line->solution[1], "D5");  // next to D4, touching the white chain
  EXPECT_EQ(line->solution[2], "E5");
}

}  // namespace
}  // namespace oyin
