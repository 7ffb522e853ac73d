#pragma once
// The computer player of a game, made in this one place for every front end that plays against a
// person: the server's computer players, `oyin play`, `oyin move` and the browser's engine
// (src/wasm/). The same game, level, seed and node budget give the same move in all of them
// (with one thread and a fresh engine: a reused engine keeps its table or tree).
#include <cstdint>
#include <memory>

#include "registry/registry.h"

namespace oyin {

// The alpha-beta table of a computer player when its front end sets no size of its own (MB).
inline constexpr int kComputerHashMb = 16;

// The game's engine with a table of `hash_mb` and, when `own_book`, the shipped opening book at
// the levels that use one for a game whose book is played (BookSettings::played).
std::unique_ptr<Engine> make_computer_engine(const GameEntry& game, int hash_mb = kComputerHashMb, bool own_book = true);

// A move at `level` (clamped to kMinLevel..kMaxLevel) with `seed`: `nodes` when it is not 0
// (then no time limit: the same move on any machine), else the level's think time.
SearchLimits computer_limits(const GameEntry& game, int level, std::uint64_t seed, std::uint64_t nodes = 0);

}  // namespace oyin
