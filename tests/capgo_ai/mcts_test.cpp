// The tree search: immediate winning captures and forced defences on a suite of positions built
// from random games and checked by the solver, proofs, determinism, tree reuse, the engine.
#include <gtest/gtest.h>

#include "core/random.h"
#include "games/capgo/game.h"
#include "registry/registry.h"
#include <sstream>

#include "protocol/gtp_analyze.h"
#include "search/capgo/solver.h"
#include "search/capgo/mcts_engine.h"

namespace oyin::capgo {
namespace {

struct Suite {
  std::vector<Position> wins;      // the side to move can capture to its target now
  std::vector<Position> defences;  // the opponent threatens to; some moves (not all) stop it
};

bool loses_at_once(const Position& p, Move m) {
  Position q = p;
  Undo u;
  capgo::play(q, m, u);
  if (is_over(q)) return false;
  return capgo_immediate_win(q) >= 0;
}

// Could the opponent capture to its target if it were its turn?
bool threatened(const Position& p) {
  Position q = p;
  q.to_move ^= 1;
  q.passes = 0;
  return capgo_immediate_win(q) > 0;
}

// Positions from random games over sizes, targets and pass settings. Each is confirmed by the
// solver: a win position is solved as a win; in a defence position every move the solver
// shows losing at once (the opponent then wins in one node) is marked.
const Suite& suite() {
  static const Suite s = [] {
    Suite out;
    Rng rng(77);
    const char* rule_set[] = {"size=5,target=1", "size=6,target=2,pass=0", "size=7,target=1,pass=0",
                              "size=9,target=3", "size=7,target_b=2,target_w=1"};
    for (int game = 0; game < 400 && (out.wins.size() < 60 || out.defences.size() < 60); ++game) {
      auto rules = *CaptureGo::parse_rules(rule_set[game % 5]);
      Position p = CaptureGo::start_position(rules);
      while (!is_over(p)) {
        const bool win = capgo_immediate_win(p) > 0;
        if (win && out.wins.size() < 60) {
          SolverOptions o;
          o.max_nodes = 10;
          o.memory_gb = 0.001;
          const SolveResult r = solve_position(p, o);
          EXPECT_TRUE(r.solved && r.value == 1);
          out.wins.push_back(p);
        } else if (!win && out.defences.size() < 60 && threatened(p)) {
          MoveList l;
          generate_moves(p, l);
          int losing = 0;
          for (Move m : l) losing += loses_at_once(p, m);
          if (losing > 0 && losing < static_cast<int>(l.size())) out.defences.push_back(p);
        }
        MoveList l;
        generate_moves(p, l);
        Move m = l[rng.below(static_cast<std::uint32_t>(l.size()))];
        Undo u;
        capgo::play(p, m, u);
      }
    }
    return out;
  }();
  return s;
}

Move mcts_move(const Position& p, std::uint64_t playouts, CapgoAnalysis* a = nullptr) {
  CapgoMcts mcts;
  CapgoSearchOptions o;
  o.playouts = playouts;
  o.seed = 9;
  return mcts.search(p, o, a);
}

TEST(CapgoMcts, FindsEveryImmediateWinningCapture) {
  const Suite& s = suite();
  ASSERT_GE(s.wins.size(), 50u);
  for (const Position& p : s.wins) {
    const Move m = mcts_move(p, 200);
    ASSERT_NE(m, kPass) << to_text(p);
    Position q = p;
    Undo u;
    capgo::play(q, m, u);
    const GameStatus st = status(q);
    ASSERT_TRUE(st.over() && st.outcome == Outcome::Win && index(st.winner) == p.to_move)
        << to_text(p) << " played " << move_to_text(p, m);
  }
}

TEST(CapgoMcts, FindsEveryForcedDefence) {
  const Suite& s = suite();
  ASSERT_GE(s.defences.size(), 50u);
  int only_one = 0;
  for (const Position& p : s.defences) {
    const Move m = mcts_move(p, 300);
    EXPECT_FALSE(loses_at_once(p, m)) << to_text(p) << " played " << move_to_text(p, m);
    // The solver's tactics agree that the chosen move leaves the opponent no winning capture.
    Position q = p;
    Undo u;
    capgo::play(q, m, u);
    if (!is_over(q)) {
      EXPECT_LT(capgo_immediate_win(q), 0) << to_text(p) << " " << move_to_text(p, m);
    }
    MoveList l;
    generate_moves(p, l);
    int safe = 0;
    for (Move x : l) safe += !loses_at_once(p, x);
    only_one += safe == 1;
  }
  EXPECT_GE(only_one, 5) << "the suite holds positions with a single saving move";
}

TEST(CapgoMcts, ProvesSmallBoardsLikeTheSolver) {
  for (const char* r : {"size=3,target=1,pass=0", "size=2,target=1,pass=0", "size=3,target=2,pass=0"}) {
    const Position p = CaptureGo::start_position(*CaptureGo::parse_rules(r));
    CapgoAnalysis a;
    mcts_move(p, 100000, &a);
    SolverOptions o;
    o.rules_text = r;
    o.memory_gb = 0.01;
    const SolveResult s = *solve(o);
    ASSERT_NE(a.proof, Proof::Unknown) << r << " after " << a.playouts << " playouts";
    EXPECT_EQ(static_cast<int>(a.proof) - 1, s.value) << r;
  }
}

TEST(CapgoMcts, SameSeedSameSearch) {
  const Position p = CaptureGo::start_position(*CaptureGo::parse_rules("size=9,target=2"));
  CapgoAnalysis a, b;
  const Move x = mcts_move(p, 3000, &a), y = mcts_move(p, 3000, &b);
  EXPECT_EQ(x, y);
  ASSERT_EQ(a.moves.size(), b.moves.size());
  for (std::size_t i = 0; i < a.moves.size(); ++i) EXPECT_EQ(a.moves[i].visits, b.moves[i].visits);
  EXPECT_EQ(a.playouts, 3000u);
}

TEST(CapgoMcts, ReusesTheTreeAfterTwoMoves) {
  Position p = CaptureGo::start_position(*CaptureGo::parse_rules("size=7,target=1"));
  CapgoMcts mcts;
  CapgoSearchOptions o;
  o.playouts = 4000;
  CapgoAnalysis a;
  const Move m = mcts.search(p, o, &a);
  EXPECT_EQ(mcts.reused_visits(), 0u);
  Undo u1, u2;
  capgo::play(p, m, u1);
  ASSERT_GE(a.moves.front().pv.size(), 2u);
  auto reply = parse_move(p, a.moves.front().pv[1]);
  ASSERT_TRUE(reply.ok());
  capgo::play(p, *reply, u2);
  mcts.search(p, o);
  EXPECT_GT(mcts.reused_visits(), 10u) << "the expected reply's subtree is kept";
}

TEST(CapgoMcts, SeveralThreadsGiveALegalMove) {
  const Position p = CaptureGo::start_position(*CaptureGo::parse_rules("size=9,target=1"));
  CapgoMcts mcts;
  CapgoSearchOptions o;
  o.playouts = 5000;
  o.threads = 2;
  CapgoAnalysis a;
  const Move m = mcts.search(p, o, &a);
  EXPECT_TRUE(is_legal(p, m.point));
  EXPECT_GE(a.playouts, 5000u);
  std::uint64_t visits = 0;
  for (const auto& s : a.moves) visits += s.visits;
  EXPECT_GE(visits + 1, 5000u);
}

TEST(CapgoMcts, PassesIntoAWonCountAndNotIntoALostOne) {
  auto rules = *CaptureGo::parse_rules("size=5,target=4");
  // Black leads 2:1 and White has just passed: passing wins now.
  const Position lead = *parse_position("5 ...../.X.../...../...O./..... b 2 1 1", rules);
  EXPECT_EQ(mcts_move(lead, 500), kPass);
  // Black trails 1:2 after White's pass: passing would lose.
  const Position behind = *parse_position("5 ...../.X.../...../...O./..... b 1 2 1", rules);
  EXPECT_NE(mcts_move(behind, 500), kPass);
}

TEST(CapgoEngine, EveryLevelPlaysALegalMoveThroughTheGameState) {
  register_builtin_games();
  auto created = find_game("capgo")->new_game("size=9,target=1", "");
  std::unique_ptr<GameState> st = std::move(*created);
  ASSERT_TRUE(st->play("E5").ok());
  auto engine = make_capgo_engine();
  for (int level = 0; level <= 10; ++level) {
    SearchLimits l;
    l.level = level;
    l.seed = 5;
    if (level > 5) l.nodes = 2000;
    const SearchResult r = engine->search(*st, l, {}, nullptr);
    const auto legal = st->legal_moves();
    EXPECT_NE(std::find(legal.begin(), legal.end(), r.best_move), legal.end()) << "level " << level << " " << r.best_move;
  }
  EXPECT_EQ(capgo_level(0).mode, 0);
  EXPECT_EQ(capgo_level(10).playouts, 80000u);
}

// A regression: the reused subtree's root had been proven on its first visit (White's A1 lets
// Black capture at E7) and had no children, so the engine passed instead of winning.
TEST(CapgoEngine, TakesTheWinAfterReusingAProvenSubtree) {
  register_builtin_games();
  auto created = find_game("capgo")->new_game("size=7,target=1", "");
  std::unique_ptr<GameState> st = std::move(*created);
  auto engine = make_capgo_engine();
  const char* moves[] = {"B2", "C3", "F6", "E6", "F5", "C2", "D6", "B6", "E5", "A1"};
  std::string last;
  for (int i = 0; i <= 10; ++i) {
    if (i % 2 == 0) {
      SearchLimits l;
      l.nodes = 10000;
      l.seed = 7 + i;
      last = engine->search(*st, l, {}, nullptr).best_move;
    }
    if (i < 10) {
      ASSERT_TRUE(st->play(moves[i]).ok());
    }
  }
  EXPECT_EQ(last, "E7");
}

TEST(CapgoEngine, ReportsProgressAndStopsOnRequest) {
  register_builtin_games();
  auto created = find_game("capgo")->new_game("size=9,target=5", "");
  std::unique_ptr<GameState> st = std::move(*created);
  auto engine = make_capgo_engine();
  SearchLimits l;
  l.movetime_ms = 60000;
  l.nodes = 0;
  l.level = 10;
  std::atomic<bool> stop{false};
  int reports = 0;
  const SearchResult r = engine->search(*st, l, [&](const SearchInfo& i) {
    ++reports;
    EXPECT_FALSE(i.pv.empty());
    if (reports >= 1) stop = true;
  }, &stop);
  EXPECT_FALSE(r.best_move.empty());
  EXPECT_GE(reports, 1);
}

TEST(CapgoEngine, LzAnalyzeLines) {
  const Position p = CaptureGo::start_position(*CaptureGo::parse_rules("size=5,target=1"));
  CapgoAnalysis a;
  mcts_move(p, 500, &a);
  const std::string t = oyin::protocol::lz_analyze_text(a, 3);
  EXPECT_EQ(t.rfind("info move ", 0), 0u) << t;
  EXPECT_NE(t.find(" visits "), std::string::npos);
  EXPECT_NE(t.find(" winrate "), std::string::npos);
  EXPECT_NE(t.find(" order 2 pv "), std::string::npos) << t;
  EXPECT_EQ(t.find(" order 3 "), std::string::npos);
}

}  // namespace
}  // namespace oyin::capgo

namespace oyin {
namespace {

// `oyin analyze capgo`: capture Go's own analysis, the registry's hook.
Status analyze_capgo(const AnalyzeRequest& o, std::ostream& out) {
  register_builtin_games();
  return find_game("capgo")->analyze(o, out);
}

TEST(CapgoAnalyze, ReportsLinesThenATableAndTheBestMove) {
  AnalyzeRequest o;
  o.rules = "size=9,target=1";
  o.moves = "E5 E4";
  o.playouts = 3000;
  o.seconds = 0;
  o.report_ms = 1;
  std::ostringstream out;
  ASSERT_TRUE(analyze_capgo(o, out).ok());
  const std::string t = out.str();
  EXPECT_EQ(t.rfind("info move ", 0), 0u) << t;
  EXPECT_NE(t.find("3000 playouts in "), std::string::npos) << t;
  EXPECT_NE(t.find("move   visits  win%  prior%  proof  pv\n"), std::string::npos);
  EXPECT_NE(t.find("\nbestmove "), std::string::npos);
}

TEST(CapgoAnalyze, BadInputIsOneLine) {
  AnalyzeRequest o;
  o.rules = "size=5";
  o.moves = "C3 C3";
  std::ostringstream out;
  const Status s = analyze_capgo(o, out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error(), "move 2: C3 is occupied");
  EXPECT_TRUE(out.str().empty());
  o.moves = "";
  o.rules = "size=1";
  EXPECT_FALSE(analyze_capgo(o, out).ok());
}

}  // namespace
}  // namespace oyin
