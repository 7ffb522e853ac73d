// The trainer's judging (learn/puzzle_book.h) of moves that are not the solution's: another
// move that reaches the goal as fast is right (any capture in a capture in 1), a slower win is
// "slower" and not a fail, anything else fails.
#include <gtest/gtest.h>

#include <fstream>

#include "learn/puzzle_book.h"
#include "registry/puzzle_support.h"
#include "registry/registry.h"

namespace oyin {
namespace {

using Kind = learn::PuzzleVerdict::Kind;

// Two white stones in atari: B4 and D3 both capture at once (not a shippable puzzle: not unique).
learn::PuzzleBook two_ways() {
  learn::Puzzle p;
  p.id = "two-ways";
  p.game = "capgo";
  p.rules = "size=5,target=1,pass=0";
  p.position = "5 XOX../...../...../..XOX/...X. b 0 0 0";
  p.goal = "capture";
  p.moves = 1;
  p.solution = {"B4"};
  p.themes = {"capture-in-1", "capture"};
  p.rating = 500;
  learn::PuzzleBook book;
  EXPECT_TRUE(book.add_file("two.jsonl", learn::to_json_line(p) + "\n"));
  return book;
}

TEST(PuzzleTrainer, AnyCaptureSolvesACaptureInOne) {
  register_builtin_games();
  const auto book = two_ways();
  const learn::Puzzle& p = book.puzzles().at(0);
  auto right = book.judge(p, {"B4"});
  ASSERT_TRUE(right) << right.error();
  EXPECT_EQ(right->kind, Kind::Solved);
  auto other = book.judge(p, {"D3"});
  ASSERT_TRUE(other) << other.error();
  EXPECT_EQ(other->kind, Kind::Solved);
  EXPECT_EQ(other->move, "D3");
  EXPECT_EQ(other->board["captures"][0], 1);
}

TEST(PuzzleTrainer, AWinInMoreMovesIsSlowerNotAFail) {
  register_builtin_games();
  const auto book = two_ways();
  const learn::Puzzle& p = book.puzzles().at(0);
  // A4 captures nothing but saves Black's A5 from White's A4; White cannot save both its stones,
  // so Black captures on its next move.
  auto slow = book.judge(p, {"A4"});
  ASSERT_TRUE(slow) << slow.error();
  EXPECT_EQ(slow->kind, Kind::Slower);
  EXPECT_EQ(slow->wins_in, 2);
  EXPECT_EQ(slow->move, "A4");
  EXPECT_TRUE(slow->reply.empty());
}

TEST(PuzzleTrainer, ASlowerWinOfAShippedPuzzleIsSlower) {
  register_builtin_games();
  const PuzzleSupport* s = find_puzzles("togyz");
  const learn::PuzzleBook& book = learn::shipped_puzzles();
  ASSERT_TRUE(learn::shipped_puzzles_error().empty()) << learn::shipped_puzzles_error();
  // The first Togyz puzzle with a first move that wins one move later than the key.
  for (const auto& p : book.puzzles()) {
    if (p.game != "togyz") continue;
    auto st = find_game("togyz")->new_game(p.rules, p.position);
    ASSERT_TRUE(st);
    for (const auto& m : (*st)->legal_moves()) {
      if (m == p.solution[0]) continue;
      auto proof = s->prove_move(p.rules, p.position, m, p.moves + 1, learn::kTrainerNodes);
      ASSERT_TRUE(proof) << proof.error();
      if (proof->wins_in != p.moves + 1) continue;
      auto v = book.judge(p, {m});
      ASSERT_TRUE(v) << v.error();
      EXPECT_EQ(v->kind, Kind::Slower) << p.id << " " << m;
      EXPECT_EQ(v->wins_in, p.moves + 1);
      EXPECT_EQ(learn::verdict_name(v->kind), "slower");
      return;
    }
  }
  FAIL() << "no Togyz puzzle with a slower win";
}

TEST(PuzzleTrainer, AMoveThatDoesNotWinFailsWithTheExpectedMove) {
  register_builtin_games();
  const auto book = two_ways();
  const learn::Puzzle& p = book.puzzles().at(0);
  // E5 lets White take A5 (its last liberty is A4) first.
  auto v = book.judge(p, {"E5"});
  ASSERT_TRUE(v) << v.error();
  EXPECT_EQ(v->kind, Kind::Wrong);
  EXPECT_EQ(v->expected, "B4");
  EXPECT_EQ(v->move, "E5");
}

}  // namespace
}  // namespace oyin
