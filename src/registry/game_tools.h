#pragma once
// The tools a game may have besides its engine, as its declaration hooks them in: an exact
// solver with proof certificates (`oyin solve`, `oyin verify-proof`) and an analysis of its own
// (`oyin analyze` where the game's engine is not the alpha-beta search). The command line asks
// the registry for them and never names the game or its solver; each hook prints the command's
// own report on `out`.
#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "core/result.h"

namespace oyin {

struct SolveRequest {
  std::string rules;     // rules text; empty = the solver's default_rules
  std::string position;  // position text; empty = the rules' start position
  std::string method = "auto";
  double time_s = 0;        // 0 = no limit
  double memory_gb = 0.5;   // the solver's table
  std::uint64_t nodes = 0;  // 0 = no limit
  bool progress = true;     // progress lines while it searches
  bool symmetry = true;
  bool simulation = true;
  std::string proof_file;  // write a proof certificate here (empty: none)
  std::vector<std::string> known_proofs;  // certificate files whose positions count as proved
  std::string table_file;                 // keep the search's table in this file between runs
  const std::atomic<bool>* stop = nullptr;  // set (by a signal) to end the search with its figures
};

struct ExactSolver {
  // Solves and reports; the exit code (0 solved, 1 unknown or a file not written), or an error
  // for a bad request (one line, exit code 2).
  std::function<Result<int>(const SolveRequest&, std::ostream& out)> solve;
  // Checks a proof certificate file with the rules alone and reports; the exit code (0 proved,
  // 1 not), or an error when the file cannot be read.
  std::function<Result<int>(const std::string& file, bool progress, std::ostream& out)> verify_proof;
  // The command line's texts for this solver.
  std::string solve_help;    // the subcommand's description
  std::string verify_help;   // the verify-proof subcommand's description
  std::string default_rules;
  std::string rules_help;
  std::string method_help;
};

struct AnalyzeRequest {
  std::string rules;          // rules text; empty = the analysis's default
  std::string position;       // position text; empty = the rules' start
  std::string moves;          // moves to play first, separated by spaces
  std::uint64_t playouts = 0; // 0 = until the time is up
  double seconds = 5;         // 0 = until the playouts are done
  int threads = 1;
  int report_ms = 1000;
  int lines = 10;             // moves listed in each report and in the table
};

// Errors (bad rules, position or moves; a finished game) come back as one line for the command
// line to print with exit code 2; nothing is written to `out` then.
using OwnAnalysis = std::function<Status(const AnalyzeRequest&, std::ostream& out)>;

}  // namespace oyin
