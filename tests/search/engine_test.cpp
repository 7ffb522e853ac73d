// The alpha-beta engine through the type-erased Engine interface: determinism, limits, MultiPV,
// proven results, levels.
#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "support/engines.h"
#include "registry/registry.h"
#include "games/togyz/game.h"
#include "search/alphabeta.h"
#include "search/engine.h"
#include "search/levels.h"
#include "search/time_manager.h"
#include "support/wait_until.h"

namespace oyin {
namespace {

std::unique_ptr<GameState> togyz_state(const std::string& fen = "", const std::vector<std::string>& moves = {}) {
  register_builtin_games();
  auto st = find_game("togyz")->new_game("", fen);
  EXPECT_TRUE(st.ok());
  std::unique_ptr<GameState> s = std::move(*st);
  for (const auto& m : moves) EXPECT_TRUE(s->play(m).ok()) << m;
  return s;
}

TEST(Engine, TogyzIsTheAlphaBetaEngine) { EXPECT_EQ(make_engine("togyz")->name(), "oyin alpha-beta (togyz)"); }

TEST(Engine, SameNodeLimitGivesSameMoveAndNodeCount) {
  auto st = togyz_state();
  SearchLimits lim;
  lim.nodes = 200000;
  auto e1 = make_engine("togyz");
  const SearchResult a = e1->search(*st, lim, {}, nullptr);
  e1->new_game();
  const SearchResult b = e1->search(*st, lim, {}, nullptr);
  const SearchResult c = make_engine("togyz")->search(*st, lim, {}, nullptr);
  EXPECT_EQ(a.best_move, b.best_move);
  EXPECT_EQ(a.info.nodes, b.info.nodes);
  EXPECT_EQ(a.best_move, c.best_move);
  EXPECT_EQ(a.info.nodes, c.info.nodes);
  EXPECT_EQ(a.info.pv, c.info.pv);
  // The node limit is obeyed to the node (depth 1 always completes, far below this).
  EXPECT_EQ(a.info.nodes, 200000u);
}

TEST(Engine, DepthLimitReportsEveryIteration) {
  auto st = togyz_state();
  SearchLimits lim;
  lim.depth = 7;
  std::vector<int> depths;
  const SearchResult r = make_engine("togyz")->search(*st, lim, [&](const SearchInfo& i) { depths.push_back(i.depth); }, nullptr);
  EXPECT_EQ(depths, (std::vector<int>{1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(r.info.depth, 7);
  EXPECT_EQ(r.info.pv.front(), r.best_move);
  EXPECT_GE(r.info.pv.size(), 5u);
}

// Upper time bounds here are loose (a loaded 2-core machine may pause a thread for a good part of
// a second): they tell a search that stops from one that runs on; how fast is the benchmarks'.
TEST(Engine, MovetimeIsRespectedAndStopEndsTheSearch) {
  auto st = togyz_state();
  SearchLimits lim;
  lim.movetime_ms = 200;
  auto t0 = std::chrono::steady_clock::now();
  const SearchResult r = make_engine("togyz")->search(*st, lim, {}, nullptr);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_FALSE(r.best_move.empty());
  EXPECT_GE(ms, 150);  // a busy machine only makes it later
  EXPECT_LT(ms, 5000);

  // An infinite search, stopped once it has reported its first depth.
  std::atomic<bool> stop{false}, reported{false};
  SearchLimits inf;
  inf.infinite = true;
  std::chrono::steady_clock::time_point stopped_at;
  std::thread stopper([&] {
    EXPECT_TRUE(testing::wait_until([&] { return reported.load(); })) << "the search reported nothing";
    stopped_at = std::chrono::steady_clock::now();
    stop = true;
  });
  const SearchResult s = make_engine("togyz")->search(*st, inf, [&](const SearchInfo&) { reported = true; }, &stop);
  const auto returned_at = std::chrono::steady_clock::now();
  stopper.join();
  EXPECT_FALSE(s.best_move.empty());
  EXPECT_GT(s.info.depth, 0);
  EXPECT_LT(returned_at - stopped_at, std::chrono::seconds(5)) << "the search ran on after the stop";
}

TEST(Engine, ClockTimeGivesAShareOfTheClock) {
  auto st = togyz_state();
  SearchLimits lim;
  lim.time_left_ms[0] = 2000;
  lim.increment_ms[0] = 0;
  auto engine = make_engine("togyz");
  auto t0 = std::chrono::steady_clock::now();
  const SearchResult r = engine->search(*st, lim, {}, nullptr);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_FALSE(r.best_move.empty());
  EXPECT_LT(ms, 2000);  // not the whole clock (the share itself is checked below, without a clock)
  // The share the engine takes (kMovesToGo to go): a quarter of the clock at most, once the
  // time manager's reserve for latency is off, and at least a little.
  for (int left : {300, 2000, 60000}) {
    const search::TimeBudget b = search::allot_time(left, 0, search::kMovesToGo);
    EXPECT_LE(b.hard_ms, left / 4) << left;
    EXPECT_GE(b.soft_ms, 1) << left;
    EXPECT_LE(b.soft_ms, b.hard_ms) << left;
  }
}

TEST(Engine, MultiPvGivesDistinctLinesBestFirst) {
  auto st = togyz_state();
  SearchLimits lim;
  lim.depth = 6;
  lim.multipv = 3;
  std::vector<SearchInfo> last(4);
  make_engine("togyz")->search(*st, lim, [&](const SearchInfo& i) { if (i.depth == 6) last[i.multipv] = i; }, nullptr);
  std::set<std::string> firsts;
  for (int k = 1; k <= 3; ++k) {
    ASSERT_FALSE(last[k].pv.empty()) << k;
    firsts.insert(last[k].pv[0]);
  }
  EXPECT_EQ(firsts.size(), 3u);
  EXPECT_GE(last[1].score_cp, last[2].score_cp);
  EXPECT_GE(last[2].score_cp, last[3].score_cp);
}

TEST(Engine, WinInOneIsReportedAsMateInOne) {
  // White to move with 80 in the kazan; only pit 9 (2 stones) ends on Black's pit 1 making it 2.
  auto st = togyz_state("4S,4S,4S,4S,4S,4S,4S,4S,1S/5S,5S,5S,5S,5S,4S,5S,5S,2S 80 8 S 30");
  SearchLimits lim;
  lim.depth = 5;
  const SearchResult r = make_engine("togyz")->search(*st, lim, {}, nullptr);
  EXPECT_EQ(r.best_move, "91");
  EXPECT_TRUE(r.info.is_mate);
  EXPECT_EQ(r.info.mate_in, 1);
}

TEST(Engine, TwoThreadsFindTheSameWin) {
  auto st = togyz_state("4S,4S,4S,4S,4S,4S,4S,4S,1S/5S,5S,5S,5S,5S,4S,5S,5S,2S 80 8 S 30");
  SearchLimits lim;
  lim.depth = 8;
  lim.threads = 2;
  const SearchResult r = make_engine("togyz")->search(*st, lim, {}, nullptr);
  EXPECT_EQ(r.best_move, "91");
  EXPECT_TRUE(r.info.is_mate);
}

TEST(Engine, LevelZeroVariesWithTheSeedLevelTenDoesNot) {
  auto st = togyz_state();
  std::set<std::string> low, high;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    SearchLimits lim;
    lim.seed = seed;
    lim.level = 0;
    low.insert(make_engine("togyz")->search(*st, lim, {}, nullptr).best_move);
    lim.level = 10;
    lim.depth = 4;
    high.insert(make_engine("togyz")->search(*st, lim, {}, nullptr).best_move);
  }
  EXPECT_GE(low.size(), 5u);
  EXPECT_EQ(high.size(), 1u);
}

// Togyz's levels 8 and 9 spend a quarter and a half of the budget (registry/togyz/levels.h), to
// the node; Tojmot plays the shared table, where every level spends all of it.
TEST(Engine, LevelsSpendTheirShareOfTheBudget) {
  register_builtin_games();
  const auto nodes_at = [](std::string_view game, int level) {
    auto st = find_game(game)->new_game("", "");
    EXPECT_TRUE(st.ok());
    SearchLimits lim;
    lim.nodes = 20000;
    lim.level = level;
    return make_engine(game)->search(**st, lim, {}, nullptr).info.nodes;
  };
  EXPECT_EQ(nodes_at("togyz", 10), 20000u);
  EXPECT_EQ(nodes_at("togyz", 9), 10000u);
  EXPECT_EQ(nodes_at("togyz", 8), 5000u);
  EXPECT_EQ(nodes_at("tojmot", 9), 20000u);
  EXPECT_EQ(nodes_at("tojmot", 8), 20000u);
  EXPECT_EQ(nodes_at("tojmot", 7), 15000u);
  EXPECT_EQ(nodes_at("tojmot", 6), 13000u);
  EXPECT_EQ(nodes_at("tojmot", 5), 11000u);
  EXPECT_EQ(nodes_at("tojmot", 4), 11000u);
  const auto& togyz = find_game("togyz")->levels();
  EXPECT_EQ(togyz[9].summary, "depth 13, picks among 2 best moves with noise 15, 50% of the nodes or time");
  EXPECT_EQ(togyz[8].summary, "depth 10, 25% of the nodes or time");
  EXPECT_EQ(togyz[8].think_ms, 250);
  const auto& tojmot = find_game("tojmot")->levels();
  EXPECT_EQ(tojmot[9].summary, "depth 13, picks among 2 best moves with noise 15");
  EXPECT_EQ(tojmot[7].summary, "depth 8, picks among 3 best moves with noise 70, 75% of the nodes or time");
  EXPECT_EQ(tojmot[4].summary, "depth 4, picks among 5 best moves with noise 250, 55% of the nodes or time");
  EXPECT_EQ(tojmot[8].think_ms, 750);
}

TEST(Engine, HashAndEvalParamsOptions) {
  auto e = make_engine("togyz");
  EXPECT_TRUE(e->set_option("Hash", "32").ok());
  EXPECT_FALSE(e->set_option("Hash", "0").ok());
  EXPECT_TRUE(e->set_option("EvalParams", "tuz_base=500,tempo=0").ok());
  const auto bad = e->set_option("EvalParams", "nonsense=1");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("unknown togyz eval parameter 'nonsense'"), std::string::npos);
  EXPECT_FALSE(e->set_option("Colour", "red").ok());
}

TEST(Engine, FinishedGameHasNoMove) {
  // Black to move with an empty row: atsyrau, the game is over.
  auto st = togyz_state("9/5S,5S,5S,5S,5S,5S,5S,5S,5S 40 77 N 30");
  EXPECT_TRUE(st->status().over());
  EXPECT_EQ(make_engine("togyz")->search(*st, {}, {}, nullptr).best_move, "");
}

}  // namespace
}  // namespace oyin
