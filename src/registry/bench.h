#pragma once
// The bench signature (as Stockfish's `bench`): every registered game's bench positions
// (registry.h), each searched from an empty table on one thread, to a fixed depth (alpha-beta) or
// a fixed number of playouts with a fixed seed (Monte-Carlo search). The node total changes
// exactly when search behaviour changes; commits record it as "Bench: <N>".
#include <cstdint>
#include <functional>
#include <string>

namespace oyin {

constexpr int kBenchDepth = 13;

struct BenchLine {
  std::string game, position, best_move;
  std::uint64_t nodes = 0;
};

struct BenchTotals {
  std::uint64_t nodes = 0;
  int positions = 0;
  int time_ms = 0;
};

// Runs the bench at `depth` (alpha-beta positions; playout positions are fixed); `each` (may be
// empty) receives every position's line as it finishes.
BenchTotals run_bench(int depth, int hash_mb, const std::function<void(const BenchLine&)>& each);

}  // namespace oyin
