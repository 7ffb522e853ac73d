#pragma once
// The rows of a perfect-play table (search/capgo/perfect_table.h), made by solving: from a
// position, every position of a proof with the winner to move that the solver does not settle
// within a move's budget gets a row with its winning move, and the proof is followed below it
// through every reply of the loser until the solver settles each position within that budget.
// What is left then, the computer solves on the fly (search/capgo/perfect_play.h).
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"
#include "games/capgo/board.h"

namespace oyin::capgo {

struct PerfectRow {
  std::string moves;   // from the start of the game
  std::string answer;  // the winning move there
  std::uint64_t nodes = 0;  // the solve that found it
};

struct PerfectRowsOptions {
  std::uint64_t settle_nodes = 100'000;  // a position the solver settles within this needs no row
  std::uint64_t max_nodes = 0;           // a position's full solve gives up after this (0 = never)
  double memory_gb = 1;                  // the full solves' table
  // The side to move at the first position loses (known from a proof elsewhere, such as 6x6
  // after C3): its moves are followed, each but those in `skip`.
  bool to_move_loses = false;
  std::vector<std::string> skip;
  // The rows an earlier run with the same settings made before it was stopped: followed again
  // without solving (the traversal is deterministic), each position before the last of them that
  // has no row counted as settled, and the run goes on from the last.
  std::vector<PerfectRow> resume;
  const std::atomic<bool>* stop = nullptr;
};

struct PerfectRowsResult {
  std::vector<PerfectRow> rows;
  std::vector<std::string> unsolved;  // positions (their moves) not solved within max_nodes
  std::uint64_t positions = 0;        // distinct positions looked at, up to symmetry
  std::uint64_t settled = 0;          // of them settled within settle_nodes
  std::uint64_t nodes = 0;            // all solves
};

// From `pos`, reached by `moves` (text, from the start) under rules where every capture ends the
// game: with the side to move winning, its row and below; with it losing (to_move_loses), each
// of its moves (up to symmetry) in turn. `on_row` gets each row as it is made. An error when a
// position is not won by the side it should be (the first position is not what the caller said).
Result<PerfectRowsResult> perfect_rows(const Position& pos, const std::string& moves, const PerfectRowsOptions& opt,
                                       const std::function<void(const PerfectRow&)>& on_row = {});

}  // namespace oyin::capgo
