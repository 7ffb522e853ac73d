// The exact solver: the published results (../shared/rules/capture-go.md, "Known results"),
// agreement with a plain brute force on small positions, and the command line.
#include <gtest/gtest.h>

#include "core/random.h"
#include "games/capgo/game.h"
#include "search/capgo_solver.h"
#include "support/run_command.h"

namespace oyin::capgo {
namespace {

SolveResult solve_rules(const char* rules, std::uint64_t max_nodes) {
  SolverOptions o;
  o.rules_text = rules;
  o.max_nodes = max_nodes;
  o.memory_gb = 0.03;
  auto r = solve(o);
  EXPECT_TRUE(r.ok()) << r.error();
  return *r;
}

TEST(CapgoSolver, FourByFourEmptyIsAWhiteWin) {
  const SolveResult r = solve_rules("size=4,target=1,pass=0", 100'000);
  ASSERT_TRUE(r.solved) << r.stopped;
  EXPECT_EQ(r.winner, 1);
  EXPECT_EQ(r.value, -1);
}

TEST(CapgoSolver, FiveByFiveEmptyIsABlackWin) {
  const SolveResult r = solve_rules("size=5,target=1,pass=0", 1'000'000);
  ASSERT_TRUE(r.solved) << r.stopped;
  EXPECT_EQ(r.winner, 0);
  EXPECT_FALSE(r.best_move.empty());
}

TEST(CapgoSolver, SixBySixCentralCrosscutIsABlackWin) {
  // Black on C3 and D4, White on C4 and D3: the central crosscut.
  const SolveResult r = solve_rules("size=6,target=1,pass=0,setup=BC3+BD4+WC4+WD3", 4'000'000);
  ASSERT_TRUE(r.solved) << r.stopped;
  EXPECT_EQ(r.winner, 0);
}

// Plain negamax over every legal move by the rules core: no table, no pruning, no symmetry.
int brute(Position& p, std::uint64_t& nodes) {
  ++nodes;
  const GameStatus st = status(p);
  if (st.over()) return st.outcome == Outcome::Draw ? 0 : (index(st.winner) == p.to_move ? 1 : -1);
  MoveList l;
  generate_moves(p, l);
  int best = -1;
  for (Move m : l) {
    Undo u;
    capgo::play(p, m, u);
    best = std::max(best, -brute(p, nodes));
    capgo::undo(p, m, u);
    if (best == 1) break;
  }
  return best;
}

// Random positions with few empty points, over sizes, targets and both pass settings.
TEST(CapgoSolver, AgreesWithBruteForceOnSmallPositions) {
  Rng rng(2026);
  int compared = 0, draws = 0, wins = 0, losses = 0, after_capture = 0;
  const char* rule_set[] = {"size=3,target=1,pass=0", "size=3,target=2,pass=0", "size=3,target=2,pass=1",
                            "size=3,target=3,pass=1", "size=4,target=1,pass=0", "size=4,target=1,pass=1",
                            "size=4,target=2,pass=0", "size=4,target=3,pass=1", "size=3,target_b=1,target_w=2,pass=1"};
  for (const char* r : rule_set) {
    auto rules = *CaptureGo::parse_rules(r);
    for (int attempt = 0; attempt < 60; ++attempt) {
      Position p = CaptureGo::start_position(rules);
      const int max_empty = rules.size == 3 ? 7 : 8;
      bool ok = true;
      for (;;) {
        int empties = 0;
        for (int q = 0; q < p.npoints; ++q) empties += p.color[q] == kEmpty;
        if (empties <= max_empty && rng.below(3) == 0) break;
        MoveList l;
        generate_moves(p, l);
        Move m = l[rng.below(static_cast<std::uint32_t>(l.size()))];
        if (m == kPass && l.size() > 1) m = l[0];
        Undo u;
        capgo::play(p, m, u);
        if (is_over(p)) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      std::uint64_t nodes = 0;
      Position b = p;
      const int expect = brute(b, nodes);
      if (nodes > 3'000'000) continue;
      SolverOptions o;
      o.memory_gb = 0.01;
      const SolveResult s = solve_position(p, o);
      ASSERT_TRUE(s.solved);
      ASSERT_EQ(s.value, expect) << r << " position " << to_text(p);
      ++compared;
      after_capture += p.captures[0] + p.captures[1] > 0;
      (expect > 0 ? wins : expect < 0 ? losses : draws) += 1;
    }
  }
  EXPECT_GT(compared, 300);
  EXPECT_GT(wins, 30);
  EXPECT_GT(losses, 30);
  EXPECT_GT(draws, 5);
  EXPECT_GT(after_capture, 20) << "positions after a capture exercise the no-table (superko) path";
}

TEST(CapgoSolver, SymmetryDoesNotChangeTheAnswer) {
  for (const char* r : {"size=4,target=1,pass=0", "size=4,target=1,pass=1", "size=3,target=2,pass=1"}) {
    SolverOptions a, b;
    a.rules_text = b.rules_text = r;
    a.memory_gb = b.memory_gb = 0.01;
    b.symmetry = false;
    const auto x = *solve(a), y = *solve(b);
    ASSERT_TRUE(x.solved && y.solved);
    EXPECT_EQ(x.value, y.value) << r;
    EXPECT_LE(x.nodes, y.nodes) << r;
  }
}

TEST(CapgoSolveCommand, PrintsProgressAndTheResultLast) {
  const auto r = oyin::testing::run_oyin("solve capgo --rules size=4,target=1,pass=0");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(oyin::testing::last_line(r.out), "Result: W");
  EXPECT_NE(r.out.find("Nodes: "), std::string::npos);
  EXPECT_NE(r.out.find("First move: "), std::string::npos);
  const auto b = oyin::testing::run_oyin("solve capgo --rules size=5,target=1,pass=0 --quiet");
  EXPECT_EQ(oyin::testing::last_line(b.out), "Result: B");
}

TEST(CapgoSolveCommand, UnsolvedWithinTheLimitSaysSo) {
  const auto r = oyin::testing::run_oyin("solve capgo --rules size=7,target=1,pass=0 --nodes 5000 --quiet");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(oyin::testing::last_line(r.out), "Result: unknown (node limit)");
}

TEST(CapgoSolveCommand, BadInputIsOneLineAndExitCode2) {
  auto r = oyin::testing::run_oyin("solve capgo --rules size=40");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: size must be a whole number from 2 to 19, not '40'\n");
  r = oyin::testing::run_oyin("solve togyz");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("capture Go only"), std::string::npos);
  r = oyin::testing::run_oyin("solve capgo --rules size=3 --position '3 XXX/OOO/... b 0 0 0'");
  EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
}  // namespace oyin::capgo
