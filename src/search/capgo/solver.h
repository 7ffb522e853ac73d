#pragma once
// Exact capture Go solver. Two searches share one tactical reading (search/capgo/threats.h: forced
// defence, wins in two by an atari that cannot be answered, ladders, threat zones) and the 8
// board symmetries:
// - proof-number search (df-pn) where every capture ends the game (target 1 for both, passing
//   forbidden): no draws, no repetition, every position a table entry;
// - alpha-beta over win / draw / loss everywhere else, with a table keyed by the position up to
//   symmetry, the table move first and threat ordering (captures, ataris, liberty fights).
//
// The tables are used only while no stone has been captured: before the first capture the board
// only grows, so no move can repeat a position and the value depends on the stones, the side to
// move and the passes alone. After a capture (targets above 1) positional superko makes the
// value depend on the history, and alpha-beta goes on without the table, exactly.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "games/capgo/board.h"
#include "games/capgo/proof.h"

namespace oyin::capgo {

struct SolverProgress {
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::uint64_t tt_used = 0;      // filled table entries
  int root_index = 0;             // root move being searched (1-based) and how many there are
  int root_moves = 0;
  std::string root_move;
  std::uint32_t proof = 0, disproof = 0;  // the root's numbers in proof-number search
  // While the proof certificate is collected (after the solve): positions walked, records made.
  bool proving = false;
  std::uint64_t proof_positions = 0, proof_records = 0;
};

enum class SolverMethod { Auto, AlphaBeta, ProofNumber };

struct SolverOptions {
  std::string rules_text;          // e.g. "size=5,target=1,pass=0"
  std::string position;            // position text; empty = the rules' start position
  double time_s = 0;               // 0 = no limit
  double memory_gb = 0.5;          // transposition table size
  std::uint64_t max_nodes = 0;     // 0 = no limit
  bool symmetry = true;
  // Auto: proof-number search where every capture ends the game (target 1, no passing), else
  // alpha-beta.
  SolverMethod method = SolverMethod::Auto;
  bool threat_pruning = true;      // win-in-two detection and threat zones (off: plain alpha-beta)
  // Proof-number search: before a new child is searched, try on it the proof of a sibling already
  // lost for the side to move (Kawano's simulation: the winner's moves copied, checked here).
  bool simulation = true;
  int progress_ms = 1000;
  // Collect a proof certificate (games/capgo/proof.h) after a solve by proof-number search.
  bool make_proof = false;
  // Certificates of other positions (same rules): the positions they prove count as proved, and
  // a certificate made here copies their moves. Lets a big proof be made in parts.
  std::vector<std::shared_ptr<const proof::Certificate>> known_proofs;
  // Keep the proof-number search's table in this file (search/capgo/table_file.h): read before the
  // search if it exists, written when the search ends.
  std::string table_file;
  std::function<void(const SolverProgress&)> on_progress;
  const std::atomic<bool>* stop = nullptr;
};

struct SolveResult {
  bool solved = false;
  int value = 0;          // for the side to move: 1 win, 0 draw, -1 loss
  int winner = -1;        // 0 black, 1 white, 2 draw, -1 unknown
  std::string best_move;  // a winning (or best) first move; empty when none
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::uint64_t tt_bytes = 0;
  std::uint64_t tt_entries = 0;
  SolverMethod method = SolverMethod::AlphaBeta;  // the one used
  std::uint64_t tt_used = 0;
  std::uint64_t threat_cuts = 0;  // nodes settled or narrowed by the win-in-two logic
  std::uint64_t simulations = 0;  // new children tried with a sibling's proof
  std::uint64_t simulated = 0;    // ... and proved that way
  std::string stopped;    // why an unsolved search ended ("time limit", "node limit", ...)
  // With make_proof: the certificate (has_proof), or why there is none.
  bool has_proof = false;
  proof::Certificate proof;
  std::string proof_error;
  std::uint64_t proof_positions = 0;  // distinct positions of the proof walked (up to symmetry)
  std::uint64_t proof_nodes = 0;      // search nodes spent re-proving positions for it
  double proof_seconds = 0;
  // With table_file: what was read (entries, nodes of the earlier runs) and written, or why not.
  bool table_read = false, table_written = false;
  bool table_refused = false;  // the file does not belong to this solve: nothing was searched
  std::uint64_t table_read_entries = 0, table_earlier_nodes = 0, table_file_bytes = 0;
  double table_write_seconds = 0;
  std::string table_error;
};

// Solves from the rules' start position or the given position text.
Result<SolveResult> solve(const SolverOptions& opt);
SolveResult solve_position(const Position& pos, const SolverOptions& opt);

// The solver's threat logic, for tests: in a position with no chain in atari and no capture yet,
// the side to move's win-in-two move (an atari that cannot be answered; -1 if none) and winning
// ladder, and the
// number of such threats the side NOT to move has, with their zone: the empty points where a
// stone of the side to move could spoil all of them. Every other move (and a pass) loses.
struct ThreatInfo {
  int win_in_two = -1;
  int ladder = -1;  // the first atari of a ladder that wins (-1 if none)
  int opponent_threats = 0;
  std::vector<int> zone;
};
ThreatInfo threat_info(const Position& pos);

// The result text of the command: "B", "W" or "draw".
std::string winner_text(int winner);

}  // namespace oyin::capgo
