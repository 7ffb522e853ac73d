// oyin puzzles stats: the facts of issue 44's source rules counted on hand-made lines and on the
// shipped files (the rules that hold there are checked on every shipped puzzle).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "learn/puzzle_stats.h"
#include "learn/puzzles.h"
#include "registry/registry.h"
#include "support/run_command.h"
#include "shipped_puzzle_files.h"

namespace oyin {
namespace {

const auto& shipped = testing::shipped_puzzle_text;

// A line with only what stats reads (it proves nothing).
std::string line(const std::string& game, const std::string& rules, const std::string& position, int moves,
                 const std::string& source) {
  return R"({"game":")" + game + R"(","goal":"g","id":"x","moves":)" + std::to_string(moves) + R"(,"position":")" +
         position + R"(","rating":500,"rules":")" + rules + R"(","solution":[],"source":")" + source +
         R"(","themes":[]})" + "\n";
}

const learn::FactCount& fact(const learn::PuzzleStats& st, const std::string& name) {
  for (const auto& f : st.facts)
    if (f.name == name) return f;
  throw std::runtime_error("no fact " + name);
}

TEST(PuzzleStats, TogyzKazansBelow70MeansBothKazans) {
  register_builtin_games();
  const std::string text = line("togyz", "", "4S,4S,4S,6/4S,4S,4S,6 69 69 S 1", 1, "middle#1") +
                           line("togyz", "", "9S,9S,9S,9S,5S,4/9S,9S,9S,9S,5S,4 70 10 S 1", 2, "records:a.pgn#3") +
                           line("togyz", "", "9S,9S,9S,9S,5S,4/9S,9S,9S,9S,5S,4 10 70 N 1", 2, "selfplay#2") +
                           line("togyz", "", "9S,9S,9S,9S,5S,4/9S,9S,9S,9S,5S,4 80 0 N 1", 3, "selfplay#5");
  auto st = learn::puzzle_stats(text);
  ASSERT_TRUE(st) << st.error();
  EXPECT_EQ(st->puzzles, 4);
  EXPECT_EQ(st->by_depth, (std::map<int, int>{{1, 1}, {2, 2}, {3, 1}}));
  EXPECT_EQ(st->by_source, (std::map<std::string, int>{{"middle", 1}, {"records", 1}, {"selfplay", 2}}));
  EXPECT_EQ(fact(*st, "kazans-below-70").count, 1);
  EXPECT_FALSE(fact(*st, "kazans-below-70").met);  // 1 of 4: less than a third
  EXPECT_EQ(fact(*st, "real-game").count, 1);
  EXPECT_TRUE(fact(*st, "real-game").met);
  // One more in the middle game: 2 of 5 is a third.
  auto more = learn::puzzle_stats(text + line("togyz", "", "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1", 1, "middle#2"));
  ASSERT_TRUE(more) << more.error();
  EXPECT_TRUE(more->rules_met());
}

TEST(PuzzleStats, TojmotMaterialIsThePieceCount) {
  register_builtin_games();
  const std::string rules = "own_pieces_in_zone=1,piece6_both=0,threefold=1,fifty_move=1";
  // 4 against 1: 3 ahead; 5 against 1: 4 ahead.
  const std::string text = line("tojmot", rules, "b W:1B14,2L6,3E11,4C7 B:1G15 33 100", 1, "balanced#1") +
                           line("tojmot", rules, "b W:1B14,2L6,3E11,4C7,5D12 B:1G15 33 100", 1, "selfplay#1");
  auto st = learn::puzzle_stats(text);
  ASSERT_TRUE(st) << st.error();
  EXPECT_EQ(fact(*st, "material-within-3").count, 1);
  EXPECT_TRUE(fact(*st, "material-within-3").met);  // 1 of 2: half
}

TEST(PuzzleStats, CaptureGoSizesTargetsAndTheTable) {
  register_builtin_games();
  const std::string text =
      line("capgo", "size=9,target=2", "9 ........./........./........./........./........./........./........./........./......... b 1 1 0", 1, "selfplay-9x9-target2#1") +
      line("capgo", "size=9,target=3", "9 ........./........./........./........./........./........./........./........./......... b 2 2 0", 1, "selfplay-9x9-target3#1") +
      line("capgo", "size=6,target=1,pass=0", "6 ....../....../....../....../....../..X... w 0 0 0", 2, "table-6x6-C1#4") +
      line("capgo", "size=5,target=1,pass=0", "5 ...../...../...../...../..... b 0 0 0", 1, "solver-5x5#1");
  auto st = learn::puzzle_stats(text);
  ASSERT_TRUE(st) << st.error();
  EXPECT_EQ(fact(*st, "9x9").count, 2);
  EXPECT_TRUE(fact(*st, "9x9").met);
  EXPECT_EQ(fact(*st, "target-2").count, 1);
  EXPECT_EQ(fact(*st, "target-3").count, 1);
  EXPECT_EQ(fact(*st, "table-6x6").count, 1);
  EXPECT_TRUE(st->rules_met());
  EXPECT_EQ(st->by_source.at("table-6x6-C1"), 1);
}

TEST(PuzzleStats, MixedGamesAndBadLinesFail) {
  register_builtin_games();
  auto mixed = learn::puzzle_stats(line("capgo", "size=5", "5 ...../...../...../...../..... b 0 0 0", 1, "a") +
                                   line("togyz", "", "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1", 1, "b"));
  ASSERT_FALSE(mixed);
  EXPECT_EQ(mixed.error(), "line 2: a togyz puzzle in a capgo file");
  auto bad = learn::puzzle_stats("{broken\n");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().rfind("line 1: not JSON", 0), 0u) << bad.error();
}

TEST(PuzzleStatsCli, PrintsTheSharesAndChecksTheRules) {
  const std::string file = ::testing::TempDir() + "stats_togyz.jsonl";
  {
    std::ofstream out(file);
    out << line("togyz", "", "4S,4S,4S,6/4S,4S,4S,6 69 69 S 1", 1, "middle#1")
        << line("togyz", "", "9S,9S,9S,9S,5S,4/9S,9S,9S,9S,5S,4 70 10 S 1", 2, "selfplay#2");
  }
  auto r = testing::run_oyin("puzzles stats " + file);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, file + ": 2 togyz puzzles\n  by depth: 1: 1, 2: 1\n  by goal: g 2\n  by source: middle 1, selfplay 1\n"
                          "  kazans-below-70: 1 of 2 (50.0 %); the rule asks at least 33.3 % (met) -- the solver's kazan and "
                          "the opponent's both below 70 at the start\n"
                          "  real-game: 0 of 2 (0.0 %); the rule asks at least 1 puzzle (NOT MET) -- a position of a real "
                          "game (the --records files)\n");
  auto checked = testing::run_oyin("puzzles stats --check " + file);
  EXPECT_EQ(checked.exit_code, 1);
  auto help = testing::run_oyin("puzzles stats --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--check"), std::string::npos);
}

// The source rules measured on every shipped puzzle (issue 44).
TEST(PuzzleSourceRules, ShippedCaptureGo) {
  register_builtin_games();
  auto st = learn::puzzle_stats(shipped("capgo"));
  ASSERT_TRUE(st) << st.error();
  EXPECT_GE(st->puzzles, 1000);
  for (const char* name : {"9x9", "target-2", "target-3", "table-6x6"})
    EXPECT_TRUE(fact(*st, name).met) << name << ": " << fact(*st, name).count << " of " << st->puzzles;
  // Targets above 1 only where each side is one capture from its target ("... b 1 1 0": the
  // captures by Black and by White), so every capture ends the game and superko never matters.
  int above_one = 0;
  std::istringstream in(shipped("capgo"));
  for (std::string l; std::getline(in, l);) {
    auto p = learn::parse_puzzle_line(l);
    ASSERT_TRUE(p) << p.error();
    const auto t = p->rules.find("target=");
    const int target = t == std::string::npos ? 1 : p->rules[t + 7] - '0';
    if (target == 1) continue;
    ++above_one;
    std::istringstream f(p->position);
    std::string size, rows, side;
    int black = 0, white = 0;
    f >> size >> rows >> side >> black >> white;
    EXPECT_EQ(black, target - 1) << p->id;
    EXPECT_EQ(white, target - 1) << p->id;
  }
  EXPECT_EQ(above_one, fact(*st, "target-2").count + fact(*st, "target-3").count);
}

// Togyz: real games are a source of the shipped file, and the middle game (both kazans below 70)
// is at least a third of it: the `middle` run (seed 102) and the "stones" puzzles (seed 501),
// every one from a real game with both kazans below 70.
TEST(PuzzleSourceRules, ShippedTogyzHasRealGamesAndMiddleGames) {
  register_builtin_games();
  auto st = learn::puzzle_stats(shipped("togyz"));
  ASSERT_TRUE(st) << st.error();
  EXPECT_GE(st->puzzles, 1000);
  EXPECT_TRUE(fact(*st, "real-game").met);
  EXPECT_TRUE(fact(*st, "kazans-below-70").met) << fact(*st, "kazans-below-70").count << " of " << st->puzzles;
  EXPECT_TRUE(st->rules_met());
  EXPECT_EQ(fact(*st, "real-game").count, st->by_source.at("records"));
  int middle = 0, stones = 0;
  std::istringstream in(shipped("togyz"));
  for (std::string l; std::getline(in, l);) {
    auto p = learn::parse_puzzle_line(l);
    ASSERT_TRUE(p) << p.error();
    const bool is_stones = p->goal == "stones";
    EXPECT_EQ(is_stones, p->id.starts_with("togyz-501-")) << p->id;
    if (!p->id.starts_with("togyz-102-") && !is_stones) continue;
    ++(is_stones ? stones : middle);
    EXPECT_TRUE(p->source.starts_with("records:")) << p->id;
    std::istringstream f(p->position);  // "<pits> <kazan S> <kazan N> <side> <move>"
    std::string pits;
    int south = 0, north = 0;
    f >> pits >> south >> north;
    EXPECT_LT(south, 70) << p->id;
    EXPECT_LT(north, 70) << p->id;
  }
  EXPECT_EQ(middle, 2);  // the run's other 5 repeat puzzles of the `records` run
  EXPECT_EQ(stones, st->by_goal.at("stones"));
  EXPECT_GE(3 * fact(*st, "kazans-below-70").count, st->puzzles);
}

// Tojmot: half the shipped file starts with the material within 3 pieces: the "material" puzzles
// (seeds 3001 and up), every one from balanced self-play of two equal strong players.
TEST(PuzzleSourceRules, ShippedTojmotIsHalfBalanced) {
  register_builtin_games();
  auto st = learn::puzzle_stats(shipped("tojmot"));
  ASSERT_TRUE(st) << st.error();
  EXPECT_GE(st->puzzles, 1000);
  EXPECT_TRUE(fact(*st, "material-within-3").met) << fact(*st, "material-within-3").count << " of " << st->puzzles;
  EXPECT_TRUE(st->rules_met());
  int material = 0;
  std::istringstream in(shipped("tojmot"));
  for (std::string l; std::getline(in, l);) {
    auto p = learn::parse_puzzle_line(l);
    ASSERT_TRUE(p) << p.error();
    if (p->goal != "material") continue;
    ++material;
    EXPECT_TRUE(p->source.starts_with("material#")) << p->id;
    EXPECT_GE(std::stoi(p->id.substr(p->id.find('-') + 1)), 3001) << p->id;
    EXPECT_LE(p->moves, 2) << p->id;
  }
  EXPECT_EQ(material, st->by_goal.at("material"));
  EXPECT_GE(2 * fact(*st, "material-within-3").count, st->puzzles);
}

}  // namespace
}  // namespace oyin
