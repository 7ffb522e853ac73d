#pragma once
// The bench signature (as Stockfish's `bench`): a fixed list of positions of every game with a
// search, each searched to a fixed depth on one thread from an empty hash. The node total
// changes exactly when search behaviour changes; commits record it as "Bench: <N>".
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace oyin::search {

struct BenchPosition {
  const char* game;      // registry name
  const char* position;  // FEN; empty = start position
  const char* moves;     // then these moves, space-separated
  int depth_cut = 0;     // searched this many plies less than the bench depth (Tojmot's wider tree)
};

// Togyz: the opening, PlayOK-style lines, middlegames and the rules file's endgame vectors.
// Tojmot: the opening, a few plies in, and a middlegame, 5 plies shallower.
const std::vector<BenchPosition>& bench_positions();

constexpr int kBenchDepth = 13;

struct BenchLine {
  std::string game, position, best_move;
  std::uint64_t nodes = 0;
};

struct BenchTotals {
  std::uint64_t nodes = 0;
  int time_ms = 0;
};

// Runs the bench; `each` (may be empty) receives every position's line as it finishes.
BenchTotals run_bench(int depth, int hash_mb, const std::function<void(const BenchLine&)>& each);

}  // namespace oyin::search
