// Capture Go AI speed: playouts per second on 9×9 from the empty board (light and full
// policies, targets 1 and 5), tree-search iterations per second, and the solver on 4×4.
#include <benchmark/benchmark.h>

#include "games/capgo/game.h"
#include "search/capgo/playout.h"
#include "search/capgo/solver.h"
#include "search/capgo/mcts_engine.h"

namespace oyin::capgo {
namespace {

void run_playouts(benchmark::State& state, const char* rules, Policy policy) {
  const Position start = CaptureGo::start_position(*CaptureGo::parse_rules(rules));
  FastBoard b;
  Rng rng(7);
  std::int64_t n = 0, moves = 0;
  for (auto _ : state) {
    b.init(start);
    benchmark::DoNotOptimize(playout(b, policy, rng, 400));
    moves += b.size * b.size - b.nempty;
    ++n;
  }
  state.counters["playouts/s"] = benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsRate);
  state.counters["stones/playout"] = static_cast<double>(moves) / static_cast<double>(n);
}

void BM_LightPlayout9x9Target1(benchmark::State& s) { run_playouts(s, "size=9,target=1", Policy::Light); }
void BM_FullPlayout9x9Target1(benchmark::State& s) { run_playouts(s, "size=9,target=1", Policy::Full); }
void BM_LightPlayout9x9Target5(benchmark::State& s) { run_playouts(s, "size=9,target=5", Policy::Light); }
void BM_FullPlayout9x9Target5(benchmark::State& s) { run_playouts(s, "size=9,target=5", Policy::Full); }
BENCHMARK(BM_LightPlayout9x9Target1);
BENCHMARK(BM_FullPlayout9x9Target1);
BENCHMARK(BM_LightPlayout9x9Target5);
BENCHMARK(BM_FullPlayout9x9Target5);

void BM_Mcts9x9Target1(benchmark::State& state) {
  const Position start = CaptureGo::start_position(*CaptureGo::parse_rules("size=9,target=1"));
  for (auto _ : state) {
    CapgoMcts mcts;
    CapgoSearchOptions o;
    o.playouts = 5000;
    o.seed = 1;
    benchmark::DoNotOptimize(mcts.search(start, o));
  }
  state.counters["iterations/s"] =
      benchmark::Counter(5000.0 * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Mcts9x9Target1)->Unit(benchmark::kMillisecond);

void BM_Solve4x4Empty(benchmark::State& state) {
  for (auto _ : state) {
    SolverOptions o;
    o.rules_text = "size=4,target=1,pass=0";
    benchmark::DoNotOptimize(solve(o)->value);
  }
}
BENCHMARK(BM_Solve4x4Empty)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace oyin::capgo
