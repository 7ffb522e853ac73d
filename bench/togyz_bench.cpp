// Micro-benchmarks of the Togyz Kumalak rules core: move generation, make-move (with and without
// the hash), the O(1) leaf counting that perft uses, and a whole perft.
#include <benchmark/benchmark.h>

#include <vector>

#include "core/perft.h"
#include "core/random.h"
#include "games/togyz/game.h"
#include "sample_positions.h"

namespace oyin::togyz {
namespace {

const std::vector<Position>& sample_positions() {
  static const std::vector<Position> positions =
      oyin::bench::random_game_positions<Togyz>(2024, [](Position&) {});
  return positions;
}

void BM_GenerateMoves(benchmark::State& state) { oyin::bench::generate_moves_benchmark<Togyz>(state, sample_positions()); }
BENCHMARK(BM_GenerateMoves);

template <bool Hash>
void BM_MakeMove(benchmark::State& state) {
  const auto& ps = sample_positions();
  std::vector<std::pair<Position, Move>> work;
  for (const auto& p : ps) {
    MoveList l;
    generate_moves(p, l);
    for (Move m : l) work.emplace_back(p, m);
  }
  std::size_t i = 0;
  for (auto _ : state) {
    auto [p, m] = work[i++ % work.size()];
    benchmark::DoNotOptimize(make_move<Hash>(p, m));
    benchmark::DoNotOptimize(p);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MakeMove<true>)->Name("BM_MakeMoveWithHash");
BENCHMARK(BM_MakeMove<false>)->Name("BM_MakeMoveNoHash");

void BM_CountGrandchildren(benchmark::State& state) {
  const auto& ps = sample_positions();
  std::size_t i = 0;
  std::uint64_t leaves = 0;
  for (auto _ : state) {
    const std::uint64_t n = count_grandchildren(ps[i++ & 4095]);
    leaves += n;
    benchmark::DoNotOptimize(n);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(leaves));
}
BENCHMARK(BM_CountGrandchildren);

void BM_PerftStart(benchmark::State& state) {
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    Position p = start_position();
    nodes += oyin::perft<Togyz>(p, depth);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(nodes));
}
BENCHMARK(BM_PerftStart)->Arg(7)->Arg(9)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace oyin::togyz
