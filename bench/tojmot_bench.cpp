// Micro-benchmarks of the Tojmot rules core: legal move generation, the check test, make/unmake
// and whole perfts from the start (depth 5 is the figure README quotes).
#include <benchmark/benchmark.h>

#include <vector>

#include "core/perft.h"
#include "core/random.h"
#include "games/tojmot/game.h"
#include "sample_positions.h"

namespace oyin::tojmot {
namespace {

// Histories are dropped: the benchmarks copy positions and must not copy them too.
const std::vector<Position>& sample_positions() {
  static const std::vector<Position> positions =
      oyin::bench::random_game_positions<Tojmot>(2024, [](Position& p) { p.history.clear(); });
  return positions;
}

void BM_TojmotGenerateMoves(benchmark::State& state) {
  oyin::bench::generate_moves_benchmark<Tojmot>(state, sample_positions());
}
BENCHMARK(BM_TojmotGenerateMoves);

void BM_TojmotInCheck(benchmark::State& state) {
  const auto& ps = sample_positions();
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(in_check(ps[i++ & 4095]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TojmotInCheck);

void BM_TojmotPlayUndo(benchmark::State& state) {
  std::vector<std::pair<Position, Move>> work;
  for (const auto& p : sample_positions()) {
    MoveList l;
    generate_moves(p, l);
    work.emplace_back(p, l[0]);
  }
  std::size_t i = 0;
  for (auto _ : state) {
    auto& [p, m] = work[i++ % work.size()];
    Undo u;
    play(p, m, u);
    benchmark::DoNotOptimize(p.key);
    undo(p, m, u);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TojmotPlayUndo);

void BM_TojmotPerftStart(benchmark::State& state) {
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    Position p = start_position();
    nodes += oyin::perft<Tojmot>(p, depth);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(nodes));
}
BENCHMARK(BM_TojmotPerftStart)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace oyin::tojmot
