#pragma once
// Shared by the rules benchmarks: positions from random games (so branches see realistic data)
// and a move-generation benchmark body written once for every game.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "core/game.h"
#include "core/random.h"

namespace oyin::bench {

constexpr std::size_t kSamples = 4096;  // a power of two: benchmarks index with `i & (kSamples - 1)`

// `keep` adjusts a position before it is stored (e.g. drops a history the benchmark must not copy).
template <GameTraits G, class Keep>
std::vector<typename G::Position> random_game_positions(std::uint64_t seed, Keep keep) {
  std::vector<typename G::Position> out;
  Rng rng(seed);
  while (out.size() < kSamples) {
    typename G::Position p = G::start_position(typename G::Rules{});
    while (!G::status(p).over() && out.size() < kSamples) {
      out.push_back(p);
      keep(out.back());
      typename G::MoveList l;
      G::generate_moves(p, l);
      typename G::Undo u;
      G::play(p, l[rng.below(static_cast<std::uint32_t>(l.size()))], u);
    }
  }
  return out;
}

template <GameTraits G>
void generate_moves_benchmark(benchmark::State& state, const std::vector<typename G::Position>& ps) {
  std::size_t i = 0, n = 0;
  for (auto _ : state) {
    typename G::MoveList l;
    G::generate_moves(ps[i++ & (kSamples - 1)], l);
    n += l.size();
    benchmark::DoNotOptimize(l);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(n));
}

}  // namespace oyin::bench
