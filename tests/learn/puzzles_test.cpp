// oyin puzzles: the shipped files re-prove, broken puzzles fail with the right message, and
// generation is deterministic for a seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <nlohmann/json.hpp>
#include <sstream>

#include "registry/registry.h"
#include "registry/puzzle_support.h"
#include "learn/puzzles.h"
#include "support/run_command.h"
#include "shipped_puzzle_files.h"

namespace oyin {
namespace {

using testing::lines_of;
using testing::read_text;
const auto& shipped_path = testing::shipped_puzzle_path;

class Shipped : public ::testing::TestWithParam<std::string> {};

// Every shipped puzzle is re-proved: legal position, goal in exactly the stated moves, unique
// solving moves, longest defence.
TEST_P(Shipped, EveryPuzzleReproves) {
  register_builtin_games();
  const std::string text = read_text(shipped_path(GetParam()));
  const auto lines = lines_of(text);
  ASSERT_GE(lines.size(), 300u) << shipped_path(GetParam());
  auto r = learn::verify_puzzles(GetParam() + ".jsonl", text, {});
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->puzzles, static_cast<int>(lines.size()));
  // Each has the required fields, a goal depth theme and a source.
  std::set<int> depths;
  for (const auto& l : lines) {
    auto p = learn::parse_puzzle_line(l);
    ASSERT_TRUE(p) << p.error();
    EXPECT_EQ(p->game, GetParam());
    const PuzzleSupport* s = find_puzzles(GetParam(), p->goal);
    ASSERT_TRUE(s) << l;
    EXPECT_EQ(p->themes.at(0), s->goal + "-in-" + std::to_string(p->moves));
    // The game's end: the solving side's last move reaches the goal, or a defence that has
    // nothing better ends the game itself (Togyz: its sowing drops the 82nd stone into the
    // solver's tuzdyk). A goal short of the end: the line ends with the answer after which what
    // was won holds, or with a last move of the solver's that ends the game (atsyrau).
    const std::size_t plies = p->solution.size();
    if (s->reached)
      EXPECT_TRUE(plies == static_cast<std::size_t>(2 * p->moves) || plies == static_cast<std::size_t>(2 * p->moves - 1))
          << l;
    else
      EXPECT_TRUE(plies == static_cast<std::size_t>(2 * p->moves - 1) ||
                  (plies == static_cast<std::size_t>(2 * p->moves - 2) && p->moves > 1))
          << l;
    EXPECT_FALSE(p->source.empty());
    EXPECT_GE(p->rating, 400);
    depths.insert(p->moves);
  }
  EXPECT_GE(depths.size(), 2u) << "puzzles of one depth only";
}

INSTANTIATE_TEST_SUITE_P(Games, Shipped, ::testing::Values("togyz", "tojmot", "capgo"));

// The first shipped puzzle of `game` with at least `moves` moves.
learn::Puzzle first_puzzle(const std::string& game, int moves) {
  for (const auto& l : lines_of(read_text(shipped_path(game)))) {
    auto p = learn::parse_puzzle_line(l);
    if (p && p->moves >= moves) return *p;
  }
  ADD_FAILURE() << "no " << game << " puzzle of " << moves << " moves";
  return {};
}

std::string verify_one(const learn::Puzzle& p) {
  auto r = learn::verify_puzzles("bad.jsonl", learn::to_json_line(p) + "\n", {});
  return r ? std::string("ok") : r.error();
}

TEST(PuzzleVerify, AChangedSolvingMoveFails) {
  register_builtin_games();
  learn::Puzzle p = first_puzzle("tojmot", 2);
  ASSERT_EQ(verify_one(p), "ok");
  // Another legal first move: it does not mate in the moves given (the solution's is the only one).
  auto st = find_game("tojmot")->new_game(p.rules, p.position);
  ASSERT_TRUE(st);
  std::string other;
  for (const auto& m : (*st)->legal_moves())
    if (m != p.solution[0]) {
      other = m;
      break;
    }
  p.solution[0] = other;
  EXPECT_EQ(verify_one(p), "bad.jsonl line 1 (" + p.id + "): move 1 (" + other +
                               ") does not reach the goal within " + std::to_string(p.moves) + " moves");
}

TEST(PuzzleVerify, AChangedDefenceFails) {
  register_builtin_games();
  // The first two-move puzzle where the defender has a choice.
  learn::Puzzle p;
  std::string other;
  for (const auto& l : lines_of(read_text(shipped_path("togyz")))) {
    auto q = learn::parse_puzzle_line(l);
    if (!q || q->moves < 2) continue;
    auto st = find_game("togyz")->new_game(q->rules, q->position);
    ASSERT_TRUE(st);
    ASSERT_TRUE((*st)->play(q->solution[0]));
    for (const auto& m : (*st)->legal_moves())
      if (m != q->solution[1]) other = m;
    if (!other.empty()) {
      p = *q;
      break;
    }
  }
  ASSERT_FALSE(other.empty()) << "no two-move puzzle with a choice of defence";
  ASSERT_EQ(verify_one(p), "ok");
  p.solution[1] = other;
  const std::string e = verify_one(p);
  EXPECT_TRUE(e.find("move 2 (" + other + ") is not the longest defence") != std::string::npos ||
              e.find("move 2 (" + other + ") is not the chosen one of the equally long defences") != std::string::npos)
      << e;
}

TEST(PuzzleVerify, ANonUniquePuzzleFails) {
  register_builtin_games();
  // Two white stones in atari: B4 and D3 both capture at once.
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
  EXPECT_EQ(verify_one(p), "bad.jsonl line 1 (two-ways): move 1 (B4) is not the only move that reaches the goal "
                           "within 1 moves: D3 does too");
}

TEST(PuzzleVerify, AShorterWinFails) {
  register_builtin_games();
  learn::Puzzle p = first_puzzle("capgo", 1);
  ASSERT_EQ(p.moves, 1);
  p.moves = 2;
  EXPECT_EQ(verify_one(p), "bad.jsonl line 1 (" + p.id + "): the goal is reached in fewer than 2 moves");
}

TEST(PuzzleVerify, MalformedLinesFail) {
  register_builtin_games();
  const std::string good = lines_of(read_text(shipped_path("capgo"))).at(0);
  auto bad = [](const std::string& text) {
    auto r = learn::verify_puzzles("bad.jsonl", text, {});
    return r ? std::string("ok") : r.error();
  };
  EXPECT_EQ(bad(good + "\n"), "ok");
  EXPECT_EQ(bad(good + "\n{\"id\": \"x\", \"game\"").rfind("bad.jsonl line 2: not JSON (", 0), 0u);
  auto j = nlohmann::json::parse(good);
  j.erase("solution");
  EXPECT_EQ(bad(j.dump()), "bad.jsonl line 1: \"solution\" is missing or not an array");
  j = nlohmann::json::parse(good);
  j["game"] = "chess";
  EXPECT_EQ(bad(j.dump()), "bad.jsonl line 1 (" + j["id"].get<std::string>() + "): unknown game 'chess'");
  j = nlohmann::json::parse(good);
  j["position"] = "5 XX/.. b 0 0 0";
  EXPECT_EQ(bad(j.dump()).rfind("bad.jsonl line 1 (" + j["id"].get<std::string>() + "): position: ", 0), 0u);
  EXPECT_EQ(bad(good + "\n" + good + "\n"), "bad.jsonl line 2 (" + j["id"].get<std::string>() + "): the id is used twice");
  EXPECT_EQ(bad(""), "bad.jsonl: no puzzles");
}

TEST(PuzzleCli, VerifyFailsWithOneLineNamingThePuzzle) {
  const std::string dir = ::testing::TempDir();
  const std::string file = dir + "puzzles_bad.jsonl";
  {
    std::ofstream out(file);
    out << lines_of(read_text(shipped_path("capgo"))).at(0) << "\n{broken\n";
  }
  auto r = testing::run_oyin("puzzles verify --quiet " + file);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.rfind("oyin: " + file + " line 2: not JSON (", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
  auto missing = testing::run_oyin("puzzles verify /nonexistent/p.jsonl");
  EXPECT_EQ(missing.exit_code, 2);
  auto unknown = testing::run_oyin("puzzles generate chess --out " + dir + "x.jsonl");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("chess"), std::string::npos);
}

// Same seed, same file; and what it makes verifies. (Togyz: its self-play is the quickest.)
TEST(PuzzleGenerate, DeterministicForASeed) {
  const std::string dir = ::testing::TempDir();
  for (const char* game : {"togyz"}) {
    const std::string a = dir + "gen_a_" + game + ".jsonl", b = dir + "gen_b_" + game + ".jsonl";
    auto ra = testing::run_oyin(std::string("puzzles generate ") + game + " --count 3 --seed 11 --quiet --out " + a);
    auto rb = testing::run_oyin(std::string("puzzles generate ") + game + " --count 3 --seed 11 --quiet --out " + b);
    ASSERT_EQ(ra.exit_code, 0) << ra.err;
    ASSERT_EQ(rb.exit_code, 0) << rb.err;
    EXPECT_EQ(lines_of(read_text(a)).size(), 3u);
    EXPECT_EQ(read_text(a), read_text(b));
    auto v = testing::run_oyin("puzzles verify --quiet " + a);
    EXPECT_EQ(v.exit_code, 0) << v.err;
    EXPECT_EQ(v.out.rfind(a + ": 3 puzzles proved (", 0), 0u) << v.out;
  }
}

}  // namespace
}  // namespace oyin
