// The Togyz learned evaluation's speed on one core: a whole evaluation (refresh + layers), the
// hand-made evaluation beside it, and the two ways to get an accumulator after a move — refresh
// from scratch, or an incremental update of both sides' views (what the search would need to
// keep, since each move flips whose view the evaluation takes).
#include <benchmark/benchmark.h>

#include <vector>

#include "games/togyz/game.h"
#include "games/togyz/nnue.h"
#include "sample_positions.h"

namespace oyin::togyz::nnue {
namespace {

const std::vector<Position>& positions() {
  static const std::vector<Position> ps = oyin::bench::random_game_positions<Togyz>(2024, [](Position&) {});
  return ps;
}

// The default net (nets/togyz.nnue, compiled in): the one the engine runs.
const Network& network() { return *builtin_network(); }

void BM_NnueEvaluate(benchmark::State& state) {
  const auto& ps = positions();
  const Network& net = network();
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(evaluate(net, ps[i++ & (oyin::bench::kSamples - 1)]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NnueEvaluate);

void BM_HandEvaluate(benchmark::State& state) {
  const auto& ps = positions();
  EvalParams e;
  e.use_net = false;  // the hand-made weights (the net is the default)
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(evaluate(ps[i++ & (oyin::bench::kSamples - 1)], e));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_HandEvaluate);

void BM_NnuePropagate(benchmark::State& state) {
  const Network& net = network();
  Accumulator acc;
  refresh(net, positions()[100], 0, acc);
  for (auto _ : state) {
    benchmark::DoNotOptimize(acc);
    benchmark::DoNotOptimize(propagate(net, acc));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NnuePropagate);

// Consecutive positions of the sample games: a move's before and after.
void BM_AccumulatorRefreshAfterMove(benchmark::State& state) {
  const auto& ps = positions();
  const Network& net = network();
  std::size_t i = 0;
  Accumulator acc;
  for (auto _ : state) {
    const Position& after = ps[(i++ & (oyin::bench::kSamples - 2)) + 1];
    refresh(net, after, after.side, acc);
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AccumulatorRefreshAfterMove);

void BM_AccumulatorUpdateBothViews(benchmark::State& state) {
  const auto& ps = positions();
  const Network& net = network();
  std::size_t i = 0;
  Accumulator acc[2];
  refresh(net, ps[0], 0, acc[0]);
  refresh(net, ps[0], 1, acc[1]);
  for (auto _ : state) {
    const std::size_t k = i++ & (oyin::bench::kSamples - 2);
    update(net, ps[k], ps[k + 1], 0, acc[0]);
    update(net, ps[k], ps[k + 1], 1, acc[1]);
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AccumulatorUpdateBothViews);

}  // namespace
}  // namespace oyin::togyz::nnue
