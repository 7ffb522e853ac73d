// The beginner of the level ladder (search/greedy_engine.h, `oyin match … greedy`): it takes the
// largest free capture, breaks ties and picks its quiet moves by the seed, and never passes
// while it has a stone to play.
#include <gtest/gtest.h>

#include <set>

#include "games/capgo/game.h"
#include "games/tojmot/game.h"
#include "games/togyz/game.h"
#include "registry/registry.h"

namespace oyin {
namespace {

const GameEntry& game(const char* name) {
  register_builtin_games();
  return *find_game(name);
}

std::unique_ptr<GameState> state(const char* name, const std::string& rules, const std::string& position) {
  auto st = game(name).new_game(rules, position);
  EXPECT_TRUE(st.ok()) << position << ": " << (st.ok() ? "" : st.error());
  return st.ok() ? std::move(*st) : nullptr;
}

std::string greedy_move(const char* name, const GameState& st, std::uint64_t seed) {
  SearchLimits lim;
  lim.seed = seed;
  return game(name).make_greedy_engine()->search(st, lim, {}, nullptr).best_move;
}

// White's pit 8 (4 stones) ends on Black's pit 2 (5 -> 6, even): 6 stones; White's pit 9 (2
// stones) ends on Black's pit 1 (3 -> 4): 4 stones; pit 1 (1 stone) takes nothing.
std::string togyz_two_captures() {
  togyz::Position p;
  p.pits = {1, 0, 0, 0, 0, 0, 0, 4, 2, 3, 5, 0, 0, 0, 0, 0, 0, 0};
  p.kazan = {70, 77};
  return togyz::to_fen(p);
}

TEST(GreedyEngine, EveryGameHasOne) {
  for (const char* name : {"togyz", "tojmot", "capgo"}) {
    auto e = game(name).make_greedy_engine();
    ASSERT_NE(e, nullptr) << name;
    EXPECT_EQ(e->name(), "oyin greedy (" + std::string(name) + ")");
  }
}

TEST(GreedyEngine, TogyzTakesTheLargestCapture) {
  auto st = state("togyz", "", togyz_two_captures());
  ASSERT_NE(st, nullptr);
  const togyz::Position p = *togyz::parse_fen(togyz_two_captures());
  EXPECT_EQ(togyz::move_gain(p, togyz::Move{7}), 600);
  EXPECT_EQ(togyz::move_gain(p, togyz::Move{8}), 400);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) EXPECT_EQ(greedy_move("togyz", *st, seed), "82") << seed;
}

TEST(GreedyEngine, TogyzWithoutACaptureMovesAtRandomBySeed) {
  // White's pits 1 and 9 hold a stone each; pit 9's lands on Black's pit 1 (4 -> 5, odd).
  togyz::Position p;
  p.pits = {1, 0, 0, 0, 0, 0, 0, 0, 1, 4, 5, 0, 0, 0, 0, 0, 0, 0};
  p.kazan = {74, 77};
  auto st = state("togyz", "", togyz::to_fen(p));
  ASSERT_NE(st, nullptr);
  std::set<std::string> seen;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const std::string m = greedy_move("togyz", *st, seed);
    EXPECT_EQ(m, greedy_move("togyz", *st, seed)) << "the same seed plays the same move";
    seen.insert(m);
  }
  EXPECT_EQ(seen, (std::set<std::string>{"12", "91"}));
}

// Black's 4 on D4 can take White's 8 on F4 (600), which White takes back on F4, or White's 2 on
// B4 (150), which nothing takes back: a beginner takes the free one.
constexpr const char* kTojmotTwoCaptures =
    "b W:1G1,XE3,7G3,2B4,8F4,9H4,XJ4,4L4,IIA5,VC5,IXG5,3K5,5B6,VIJ6,IVL6,IIIN6,VIIIC7,6L8 "
    "B:4D4,9H10,3A11,VIC11,IIIB12,IIN12,IVC13,IXG13,VIIII13,VK13,6F14,7H14,8J14,5L14,2N14,XE15,XI15,1G17 4 15";

TEST(GreedyEngine, TojmotTakesTheFreeCaptureNotTheOneTakenBack) {
  auto st = state("tojmot", "", kTojmotTwoCaptures);
  ASSERT_NE(st, nullptr);
  tojmot::Position p = *tojmot::parse_position(kTojmotTwoCaptures, tojmot::Rules{});
  const tojmot::Move big = *tojmot::parse_move(p, "d4f4"), small = *tojmot::parse_move(p, "d4b4");
  EXPECT_EQ(tojmot::move_gain(p, big), 600);
  EXPECT_EQ(tojmot::move_gain(p, small), 150);
  auto taken_back = [&](tojmot::Move m) {
    tojmot::Undo u;
    tojmot::play(p, m, u);
    tojmot::MoveList replies;
    tojmot::generate_moves(p, replies);
    bool back = false;
    for (const tojmot::Move& r : replies) back = back || r.to == m.to;
    tojmot::undo(p, m, u);
    return back;
  };
  EXPECT_TRUE(taken_back(big));
  EXPECT_FALSE(taken_back(small));
  for (std::uint64_t seed = 1; seed <= 20; ++seed) EXPECT_EQ(greedy_move("tojmot", *st, seed), "d4b4") << seed;
}

TEST(GreedyEngine, CaptureGoTakesTheLargerGroup) {
  // E3 captures White's E4-E5 (2 stones), A2 the stone on A1 (1).
  auto st = state("capgo", "size=5,target=5", "5 ...XO/...XO/...../...../OX... b 0 0 0");
  ASSERT_NE(st, nullptr);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) EXPECT_EQ(greedy_move("capgo", *st, seed), "E3") << seed;
  ASSERT_TRUE(st->play("E3").ok());
  ASSERT_TRUE(st->play("C3").ok());
  EXPECT_EQ(greedy_move("capgo", *st, 7), "A2");
}

TEST(GreedyEngine, CaptureGoNeverPassesWhileItHasAStone) {
  auto st = state("capgo", "size=5,target=1", "");
  ASSERT_NE(st, nullptr);
  std::set<std::string> seen;
  for (std::uint64_t seed = 1; seed <= 50; ++seed) seen.insert(greedy_move("capgo", *st, seed));
  EXPECT_EQ(seen.count("pass"), 0u);
  EXPECT_GE(seen.size(), 15u);  // 25 points, 50 seeds: a spread, not one favourite
}

}  // namespace
}  // namespace oyin
