#pragma once
// Perfect play where it is proved: on small boards where every capture ends the game (target 1
// for both, passing forbidden, no capture yet) the computer player and the analysis first look
// in the shipped perfect-play table (search/capgo/perfect_table.h), then ask the exact solver
// within a node budget that fits a move, and only when neither proves the position fall back to
// the Monte-Carlo search.
#include <atomic>
#include <cstdint>
#include <string>

#include "games/capgo/board.h"
#include "search/capgo/solver.h"

namespace oyin::capgo {

// The largest board perfect play is tried on: 6x6 is solved (docs/research/capgo-6x6-proof.md),
// beyond it a move's budget proves nothing near the start.
inline constexpr int kPerfectMaxSize = 6;
// The solver's table during a move: 32 MB holds far more than a move's budget of nodes.
inline constexpr double kPerfectSolverMemoryGb = 1.0 / 32;

enum class PerfectValue { Unknown, Win, Loss };  // for the side to move

struct PerfectResult {
  PerfectValue value = PerfectValue::Unknown;
  int move = -1;            // a winning move (board index) when value is Win
  const char* source = "";  // "table" or "solver"
  std::uint64_t nodes = 0;  // the solver's nodes (0 from the table)
};

class PerfectTable;

// What `table` proves: a win by its row, or a loss when every move leaves the opponent on a row.
PerfectResult table_result(const Position& pos, const PerfectTable& table);

// Whether perfect play is tried on `pos`: the rules above, at most kPerfectMaxSize, game not over.
bool perfect_applies(const Position& pos);

// The table, then the solver with at most `max_nodes` nodes and `max_seconds` (0: no time limit,
// the same answer on any machine) and a small table of its own.
PerfectResult perfect_move(const Position& pos, std::uint64_t max_nodes, double max_seconds = 0,
                           const std::atomic<bool>* stop = nullptr);

// The solver on the canonical one of the position's eight mirror images, its move turned back to
// `pos`. df-pn's work depends on how the board is turned (the points' order breaks its ties), so
// a position and its mirror image could need different node counts: 105,296 and 95,409 after
// C3 B2 C2 B4 B3 A3 and its mirror C3 B2 C2 D2 B3 C1. The table's rows are made once per
// position up to symmetry (perfect_rows.cpp: "settled within N nodes"), which holds for every
// mirror image only when each is solved the same way.
SolveResult solve_canonical(const Position& pos, const SolverOptions& options);

// "proved win: C3 (table)" or "proved loss (solver, 1234 nodes)": the line analysis prints.
std::string perfect_text(const Position& pos, const PerfectResult& r);

}  // namespace oyin::capgo
