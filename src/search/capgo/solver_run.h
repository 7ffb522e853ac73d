#pragma once
// What every part of one capture Go solve shares: its options, the node count and limits (time,
// nodes, a stop flag; the reason a search ended early), the progress reports, and the tallies
// the result gives.
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "games/capgo/board.h"
#include "search/capgo/solver.h"

namespace oyin::capgo::solver {

class SolverRun {
 public:
  explicit SolverRun(const SolverOptions& opt) : opt(opt), t0_(std::chrono::steady_clock::now()) {}

  const SolverOptions& opt;
  std::uint64_t nodes = 0;
  std::uint64_t threat_cuts = 0;  // nodes settled or narrowed by the win-in-two logic
  bool aborted = false;
  std::string why;                // why it was aborted
  SolverProgress progress;
  // The table entries in use, for the progress reports (the search that runs has the table).
  std::function<std::uint64_t()> table_used;

  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count(); }

  // One more node; every 4096 the limits are checked (and progress reported). True when the
  // search must stop.
  bool count_node() {
    ++nodes;
    if ((nodes & 4095) == 0) check_limits();
    return aborted;
  }
  void abort(const char* reason) { aborted = true, why = reason; }

  void check_limits() {
    if (opt.max_nodes && nodes >= opt.max_nodes) abort("node limit");
    if (opt.stop && opt.stop->load()) abort("stopped");
    const double s = elapsed();
    if (opt.time_s > 0 && s >= opt.time_s) abort("time limit");
    if (opt.on_progress && s * 1000 - last_report_ >= opt.progress_ms) {
      last_report_ = s * 1000;
      progress.nodes = nodes;
      progress.seconds = s;
      progress.tt_used = table_used ? table_used() : 0;
      opt.on_progress(progress);
    }
  }

  // Value of a finished game for the side to move.
  static int terminal_value(const Position& pos) {
    const int me = pos.to_move;
    for (int s : {me ^ 1, me})
      if (pos.target[s] && pos.captures[s] >= pos.target[s]) return s == me ? 1 : -1;
    if (pos.passes >= 2) {
      const int d = pos.captures[me] - pos.captures[me ^ 1];
      return d > 0 ? 1 : d < 0 ? -1 : 0;
    }
    return -1;  // no legal move with passing forbidden
  }

 private:
  std::chrono::steady_clock::time_point t0_;
  double last_report_ = 0;
};

}  // namespace oyin::capgo::solver
