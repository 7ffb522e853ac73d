// The exact solver: the published results (../shared/rules/capture-go.md, "Known results"),
// agreement with a plain brute force on small positions, and the command line.
#include <gtest/gtest.h>

#include "core/random.h"
#include "games/capgo/game.h"
#include <algorithm>
#include <cstdio>

#include "search/capgo/solver.h"
#include "search/capgo/tactics.h"
#include "support/run_command.h"
#include "support/subprocess.h"

namespace oyin::capgo {
namespace {

SolveResult solve_rules(const char* rules, std::uint64_t max_nodes, SolverMethod method = SolverMethod::Auto) {
  SolverOptions o;
  o.rules_text = rules;
  o.max_nodes = max_nodes;
  o.memory_gb = 0.03;
  o.method = method;
  auto r = solve(o);
  EXPECT_TRUE(r.ok()) << r.error();
  return *r;
}

// The first move a solve named wins: after it the other method finds the opponent lost.
void expect_winning_move(const char* rules, const SolveResult& r, SolverMethod check_with) {
  auto parsed = *CaptureGo::parse_rules(rules);
  Position p = CaptureGo::start_position(parsed);
  auto m = CaptureGo::parse_move(p, r.best_move);
  ASSERT_TRUE(m.ok()) << r.best_move;
  Undo u;
  capgo::play(p, *m, u);
  SolverOptions o;
  o.memory_gb = 0.03;
  o.method = check_with;
  const SolveResult after = solve_position(p, o);
  ASSERT_TRUE(after.solved);
  EXPECT_EQ(after.value, -1) << rules << ": " << r.best_move << " does not win";
}

// The published results, by both methods, each within a node budget.
struct Known {
  const char* rules;
  int winner;
  std::uint64_t alphabeta_budget, pn_budget;
};
constexpr Known kKnown[] = {
    {"size=4,target=1,pass=0", 1, 10'000, 20'000},
    {"size=5,target=1,pass=0", 0, 100'000, 500'000},
    // Black on C3 and D4, White on C4 and D3: the central crosscut.
    {"size=6,target=1,pass=0,setup=BC3+BD4+WC4+WD3", 0, 1'000'000, 100'000},
};

// Each known result by `method` within its budget; a winning first move is checked by `other`.
void check_known_results(SolverMethod method, SolverMethod other) {
  for (const Known& k : kKnown) {
    const std::uint64_t budget = method == SolverMethod::AlphaBeta ? k.alphabeta_budget : k.pn_budget;
    const SolveResult r = solve_rules(k.rules, budget, method);
    ASSERT_TRUE(r.solved) << k.rules << ": " << r.stopped;
    EXPECT_EQ(r.method, method);
    EXPECT_EQ(r.winner, k.winner) << k.rules;
    if (k.winner == 0) expect_winning_move(k.rules, r, other);
  }
}

TEST(CapgoSolver, KnownResultsByAlphaBeta) { check_known_results(SolverMethod::AlphaBeta, SolverMethod::ProofNumber); }

TEST(CapgoSolver, KnownResultsByProofNumberSearch) {
  check_known_results(SolverMethod::ProofNumber, SolverMethod::AlphaBeta);
}

TEST(CapgoSolver, AutoPicksProofNumbersWhereEveryCaptureEndsTheGame) {
  EXPECT_EQ(solve_rules("size=4,target=1,pass=0", 0).method, SolverMethod::ProofNumber);
  EXPECT_EQ(solve_rules("size=4,target=1,pass=1", 0).method, SolverMethod::AlphaBeta);
  EXPECT_EQ(solve_rules("size=3,target=2,pass=0", 0).method, SolverMethod::AlphaBeta);
  SolverOptions o;
  o.rules_text = "size=4,target=1,pass=1";
  o.method = SolverMethod::ProofNumber;
  EXPECT_FALSE(solve(o).ok());
}

// Plain negamax over every legal move by the rules core: no table, no pruning, no symmetry.
// With a node cap (0 = none) the answer is meaningless once `nodes` passes it.
int brute(Position& p, std::uint64_t& nodes, std::uint64_t cap = 0) {
  if (++nodes > cap && cap) return 0;
  const GameStatus st = status(p);
  if (st.over()) return st.outcome == Outcome::Draw ? 0 : (index(st.winner) == p.to_move ? 1 : -1);
  MoveList l;
  generate_moves(p, l);
  int best = -1;
  for (Move m : l) {
    Undo u;
    capgo::play(p, m, u);
    best = std::max(best, -brute(p, nodes, cap));
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

// The win-in-two detection and the threat zones prune exactly: on bigger boards with more empty
// points (where they fire often) the solver agrees with itself without them, and with the brute
// force where that is small enough.
TEST(CapgoSolver, ThreatPruningAgreesWithPlainSearch) {
  Rng rng(77);
  int compared = 0, brute_checked = 0, wins = 0, losses = 0;
  std::uint64_t cuts = 0;
  const char* rule_set[] = {"size=5,target=1,pass=0", "size=5,target=1,pass=1", "size=5,target=2,pass=0",
                            "size=6,target=1,pass=0", "size=6,target=1,pass=1", "size=5,target_b=1,target_w=2,pass=0"};
  for (const char* r : rule_set) {
    auto rules = *CaptureGo::parse_rules(r);
    for (int attempt = 0; attempt < 25; ++attempt) {
      Position p = CaptureGo::start_position(rules);
      const int max_empty = 10 + static_cast<int>(rng.below(7));
      bool ok = true;
      for (;;) {
        int empties = 0;
        for (int q = 0; q < p.npoints; ++q) empties += p.color[q] == kEmpty;
        if (empties <= max_empty) break;
        // Random stones that capture nothing: the positions stay full of ataris and short chains.
        MoveList l, quiet;
        generate_moves(p, l);
        for (Move m : l)
          if (m != kPass && tactics::captured_by(p, m.point, p.to_move + 1) == 0) quiet.push(m);
        if (quiet.empty()) {
          ok = false;
          break;
        }
        Undo u;
        capgo::play(p, quiet[rng.below(static_cast<std::uint32_t>(quiet.size()))], u);
      }
      if (!ok || is_over(p)) continue;
      SolverOptions with, without;
      with.memory_gb = without.memory_gb = 0.01;
      without.threat_pruning = false;
      without.method = SolverMethod::AlphaBeta;  // and the other method where proof numbers apply
      without.max_nodes = 100'000;
      const SolveResult b = solve_position(p, without);
      if (!b.solved) continue;
      const SolveResult a = solve_position(p, with);
      ASSERT_TRUE(a.solved);
      ASSERT_EQ(a.value, b.value) << r << " position " << to_text(p);
      EXPECT_EQ(b.threat_cuts, 0u);
      cuts += a.threat_cuts;
      ++compared;
      (a.value > 0 ? wins : losses) += a.value != 0;
      std::uint64_t nodes = 0;
      Position c = p;
      const int expect = brute(c, nodes, 300'000);
      if (nodes <= 300'000) {
        ASSERT_EQ(expect, a.value) << r << " position " << to_text(p);
        ++brute_checked;
      }
    }
  }
  EXPECT_GT(compared, 120);
  EXPECT_GT(brute_checked, 80);
  EXPECT_GT(wins, 20);
  EXPECT_GT(losses, 20);
  EXPECT_GT(cuts, 1000u) << "the threat logic must actually fire on these positions";
  std::printf("compared %d (brute force %d), wins %d, losses %d, threat cuts %llu\n", compared, brute_checked, wins,
              losses, static_cast<unsigned long long>(cuts));
}

bool replies_all_lose(Position& p, int plies);

// Can the side to move force a win within `plies` plies? By the rules core alone.
bool forces_win(Position& p, int plies) {
  if (plies <= 0) return false;
  MoveList l;
  generate_moves(p, l);
  for (Move m : l) {
    Undo u;
    capgo::play(p, m, u);
    const bool win = replies_all_lose(p, plies - 1);
    capgo::undo(p, m, u);
    if (win) return true;
  }
  return false;
}

// The side to move has just been moved against: does every reply lose within `plies` more?
bool replies_all_lose(Position& p, int plies) {
  const GameStatus st = status(p);
  if (st.over()) return st.outcome != Outcome::Draw && index(st.winner) != p.to_move;
  if (plies <= 0) return false;
  MoveList l;
  generate_moves(p, l);
  for (Move m : l) {
    Undo u;
    capgo::play(p, m, u);
    const GameStatus s2 = status(p);
    const bool lost = s2.over() ? s2.outcome != Outcome::Draw && index(s2.winner) == p.to_move
                                : forces_win(p, plies - 1);
    capgo::undo(p, m, u);
    if (!lost) return false;
  }
  return true;
}

// The threat logic checked move by move against the plain search: a win-in-two move wins, and
// every move outside the opponent's threat zone loses.
TEST(CapgoSolver, ThreatZonesAreExact) {
  Rng rng(5);
  int wins_checked = 0, zones = 0, outside_checked = 0, ladders_checked = 0;
  for (const char* r : {"size=5,target=1,pass=0", "size=6,target=1,pass=1", "size=6,target=2,pass=0"}) {
    auto rules = *CaptureGo::parse_rules(r);
    for (int game = 0; game < 1000; ++game) {
      Position p = CaptureGo::start_position(rules);
      const int stop_at = 8 + static_cast<int>(rng.below(static_cast<std::uint32_t>(rules.size * rules.size - 14)));
      for (int ply = 0; ply < stop_at; ++ply) {
        MoveList l, quiet;
        generate_moves(p, l);
        for (Move m : l)
          if (m != kPass && tactics::captured_by(p, m.point, p.to_move + 1) == 0) quiet.push(m);
        if (quiet.empty()) break;
        Undo u;
        capgo::play(p, quiet[rng.below(static_cast<std::uint32_t>(quiet.size()))], u);
      }
      if (is_over(p)) continue;
      const ThreatInfo info = threat_info(p);
      if (info.win_in_two >= 0) {
        Position c = p;
        Undo u;
        capgo::play(c, Move{static_cast<std::uint16_t>(info.win_in_two)}, u);
        ASSERT_TRUE(replies_all_lose(c, 2))
            << r << " " << to_text(p) << " win-in-two " << move_to_text(p, Move{static_cast<std::uint16_t>(info.win_in_two)});
        ++wins_checked;
      }
      if (info.ladder >= 0) {
        Position c = p;
        Undo u;
        capgo::play(c, Move{static_cast<std::uint16_t>(info.ladder)}, u);
        SolverOptions plain;
        plain.memory_gb = 0.01;
        plain.threat_pruning = false;
        plain.method = SolverMethod::AlphaBeta;
        plain.max_nodes = 50'000;
        const SolveResult s = solve_position(c, plain);
        if (s.solved) {
          ASSERT_EQ(s.value, -1) << r << " " << to_text(p) << " ladder " << move_to_text(p, Move{static_cast<std::uint16_t>(info.ladder)});
          ++ladders_checked;
        }
      }
      if (!info.opponent_threats) continue;
      ++zones;
      MoveList l;
      generate_moves(p, l);
      for (Move m : l) {
        if (m != kPass && std::find(info.zone.begin(), info.zone.end(), m.point) != info.zone.end()) continue;
        if (m == kPass && p.passes) continue;  // a pass after a pass ends the game by the count
        Position c = p;
        Undo u;
        capgo::play(c, m, u);
        ASSERT_TRUE(forces_win(c, 3)) << r << " " << to_text(p) << " move outside the zone " << move_to_text(p, m);
        ++outside_checked;
      }
    }
  }
  std::printf("win-in-two moves %d, ladders %d, zones %d, moves outside zones %d\n", wins_checked, ladders_checked,
              zones, outside_checked);
  EXPECT_GT(ladders_checked, 100);
  EXPECT_GT(wins_checked, 200);
  EXPECT_GT(zones, 200);
  EXPECT_GT(outside_checked, 3000);
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
  EXPECT_EQ(r.err, "oyin: oyin solve has an exact solver for capgo only, not 'togyz'\n");
  r = oyin::testing::run_oyin("solve capgo --rules size=3 --position '3 XXX/OOO/... b 0 0 0'");
  EXPECT_EQ(r.exit_code, 2);
  r = oyin::testing::run_oyin("solve capgo --rules size=4,target=1,pass=1 --method pn");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: proof-number search needs target 1 for both sides, passing forbidden and no capture yet\n");
  r = oyin::testing::run_oyin("solve capgo --method dfs");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: --method must be auto, alphabeta or pn, not 'dfs'\n");
}

TEST(CapgoSolveCommand, ProofNumberProgressShowsTheRootNumbers) {
  const auto r = oyin::testing::run_oyin("solve capgo --rules size=6,target=1,pass=0 --time 1.5");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(oyin::testing::last_line(r.out), "Result: unknown (time limit)");
  const auto at = r.out.find("progress: ");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
  EXPECT_NE(line.find(" root proof "), std::string::npos) << line;
  EXPECT_NE(line.find(" disproof "), std::string::npos) << line;
  EXPECT_NE(line.find(", most proving move "), std::string::npos) << line;
}

TEST(CapgoSolveCommand, AVeryDeepSearchStopsCleanly) {
  // Ordinary Go without passing on 19x19: the first line searched is a game of thousands of
  // moves. This overflowed an 8 MB stack within a second; the solver now has a stack of its own.
  const auto r = oyin::testing::run_oyin("solve capgo --rules size=19,target=0,pass=0 --time 1 --quiet");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(oyin::testing::last_line(r.out), "Result: unknown (time limit)");
}

TEST(CapgoSolveCommand, InterruptEndsWithTheFiguresSoFar) {
  oyin::testing::Subprocess solve({OYIN_BINARY, "solve", "capgo", "--rules", "size=6,target=1,pass=0"});
  ASSERT_TRUE(solve.ok());
  solve.read_until("progress: ");  // it is working
  ASSERT_FALSE(solve.eof());
  solve.signal(SIGINT);
  const std::string rest = solve.read_until("Result: unknown (stopped)\n");
  EXPECT_FALSE(solve.eof()) << rest;
  EXPECT_NE(rest.find("\nNodes: "), std::string::npos) << rest;
  EXPECT_EQ(solve.wait(), 1);
}

TEST(CapgoSolveCommand, NamesTheMethod) {
  auto r = oyin::testing::run_oyin("solve capgo --rules size=4,target=1,pass=0 --quiet");
  EXPECT_NE(r.out.find("Method: proof-number search (df-pn)\n"), std::string::npos) << r.out;
  r = oyin::testing::run_oyin("solve capgo --rules size=4,target=1,pass=0 --method alphabeta --quiet");
  EXPECT_NE(r.out.find("Method: alpha-beta\n"), std::string::npos) << r.out;
  EXPECT_EQ(oyin::testing::last_line(r.out), "Result: W");
}

}  // namespace
}  // namespace oyin::capgo
