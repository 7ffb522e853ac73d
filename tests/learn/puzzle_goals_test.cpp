// Goals short of the game's end (Togyz "stones", Tojmot "material"): what the solver won is
// counted after the defender's answer, so a big capture that the answer takes back is no
// solution; the line ends with that answer; the trainer and verify agree.
#include <gtest/gtest.h>

#include "games/togyz/game.h"
#include "learn/puzzle_book.h"
#include "learn/puzzles.h"
#include "registry/puzzle_support.h"
#include "registry/registry.h"
#include "shipped_puzzle_files.h"

namespace oyin {
namespace {

using Kind = learn::PuzzleVerdict::Kind;
using T = togyz::Togyz;

const auto& shipped_of = testing::shipped_puzzles_of;

// The solver's gain in stones (its kazan's growth less the opponent's) from `start` to `now`.
int gain(const T::Position& start, const T::Position& now) {
  const int a = start.side, d = a ^ 1;
  return (now.kazan[a] - start.kazan[a]) - (now.kazan[d] - start.kazan[d]);
}

// The defender's best answer (the one leaving the solver the least) after the solver's move m.
int gain_after_best_answer(const T::Position& start, T::Move m) {
  T::Position after = start;
  togyz::make_move<true>(after, m);
  if (T::status(after).over()) return 1000;
  T::MoveList replies;
  T::generate_moves(after, replies);
  int least = 1000;
  for (const auto& r : replies) {
    T::Position answered = after;
    togyz::make_move<true>(answered, r);
    least = std::min(least, gain(start, answered));
  }
  return least;
}

TEST(PuzzleGoals, TogyzStonesCountAfterTheAnswer) {
  register_builtin_games();
  const auto puzzles = shipped_of("togyz", "stones", 1);
  ASSERT_GE(puzzles.size(), 100u);
  const PuzzleSupport* s = find_puzzles("togyz", "stones");
  ASSERT_TRUE(s && s->reached);
  int traps = 0, failed_traps = 0;
  for (const auto& p : puzzles) {
    auto pos = T::parse_position(p.position, {});
    ASSERT_TRUE(pos) << p.id;
    ASSERT_EQ(p.solution.size(), 2u) << p.id;  // the key and the answer after which it holds
    // The key keeps 10 stones or more whatever the answer; every other move keeps fewer.
    T::MoveList moves;
    T::generate_moves(*pos, moves);
    for (const auto& m : moves) {
      const int kept = gain_after_best_answer(*pos, m);
      if (T::move_to_text(*pos, m) == p.solution[0]) {
        EXPECT_GE(kept, 10) << p.id;
        continue;
      }
      EXPECT_LT(kept, 10) << p.id << " " << T::move_to_text(*pos, m);
      T::Position after = *pos;
      if (togyz::make_move<true>(after, m).captured < 10) continue;
      // A trap: 10 stones or more taken at once, but the answer takes enough back.
      ++traps;
      const learn::PuzzleBook book = [&] {
        learn::PuzzleBook b;
        EXPECT_TRUE(b.add_file("one.jsonl", learn::to_json_line(p) + "\n"));
        return b;
      }();
      auto v = book.judge(book.puzzles().at(0), {T::move_to_text(*pos, m)});
      ASSERT_TRUE(v) << v.error();
      // Not solved: it fails, or it keeps 10 stones only a move later ("slower").
      EXPECT_TRUE(v->kind == Kind::Wrong || v->kind == Kind::Slower) << p.id;
      if (v->kind == Kind::Wrong) ++failed_traps;
    }
    // The answer is what the line shows, and after it the goal is met.
    T::Position end = *pos;
    for (const auto& text : p.solution) {
      auto m = T::parse_move(end, text);
      ASSERT_TRUE(m) << p.id;
      togyz::make_move<true>(end, *m);
    }
    EXPECT_GE(gain(*pos, end), 10) << p.id;
    EXPECT_TRUE(s->reached(p.rules, p.position, T::position_to_text(end))) << p.id;
  }
  EXPECT_GT(traps, 0) << "no stones-in-1 puzzle with a capture of 10 that the answer takes back";
  EXPECT_GT(failed_traps, 0);
}

TEST(PuzzleGoals, TheTrainerSolvesWithTheAnswerPlayed) {
  register_builtin_games();
  for (const char* game : {"togyz", "tojmot"}) {
    const std::string goal = std::string(game) == "togyz" ? "stones" : "material";
    const auto two = shipped_of(game, goal, 2);
    ASSERT_FALSE(two.empty()) << game;
    const learn::Puzzle& p = two.front();
    learn::PuzzleBook book;
    ASSERT_TRUE(book.add_file("one.jsonl", learn::to_json_line(p) + "\n"));
    const learn::Puzzle& mine = book.puzzles().at(0);
    auto first = book.judge(mine, {p.solution[0]});
    ASSERT_TRUE(first) << first.error();
    EXPECT_EQ(first->kind, Kind::Continue) << p.id;
    auto v = book.judge(mine, {p.solution[0], p.solution[2]});
    ASSERT_TRUE(v) << v.error();
    EXPECT_EQ(v->kind, Kind::Solved) << p.id;
    EXPECT_FALSE(v->reply.empty()) << p.id << ": the answer after which the goal holds is shown";
    auto line = book.offline_line(mine);
    ASSERT_TRUE(line) << line.error();
    ASSERT_EQ(line->size(), 2u) << p.id;
    EXPECT_TRUE(line->at(1).value("solved", false)) << p.id;
    EXPECT_TRUE(line->at(1).contains("reply")) << p.id;
  }
}

TEST(PuzzleGoals, VerifyWantsTheAnswerAndAKnownGoal) {
  register_builtin_games();
  auto p = shipped_of("togyz", "stones", 1).at(0);
  EXPECT_TRUE(learn::verify_puzzles("ok.jsonl", learn::to_json_line(p) + "\n", {}));
  learn::Puzzle cut = p;
  cut.solution.pop_back();
  auto r = learn::verify_puzzles("cut.jsonl", learn::to_json_line(cut) + "\n", {});
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("the solution ends before the goal is reached"), std::string::npos) << r.error();
  learn::Puzzle other = p;
  other.goal = "material";
  r = learn::verify_puzzles("goal.jsonl", learn::to_json_line(other) + "\n", {});
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("togyz puzzles have no goal 'material' (win, stones)"), std::string::npos) << r.error();
  // The game's own goal ("win") asks for the game's end: 10 stones are not a win.
  learn::Puzzle win = p;
  win.goal = "win";
  win.themes[0] = "win-in-1";
  r = learn::verify_puzzles("win.jsonl", learn::to_json_line(win) + "\n", {});
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("does not reach the goal within 1 moves"), std::string::npos) << r.error();
}

}  // namespace
}  // namespace oyin
