#pragma once
// A progress bar on stderr for long commands (selfplay-data, train): on a terminal one line
// redrawn in place at most a few times a second; otherwise (a log file, a pipe) a plain line at
// the first update (a log shows at once that the work began, with a first ETA), at every twentieth
// of the work and at least once a minute, so logs stay short and still show life.
#include <chrono>
#include <cstdio>
#include <string>

namespace oyin::cli {

class Progress {
 public:
  // quiet: draws nothing. The terminal test is of stderr's descriptor.
  Progress(std::string label, bool quiet);
  // `done` of `total` units; `detail` is the caller's counts ("12/100 games, 1,204 positions").
  // The bar adds the elapsed time and an ETA from the rate so far. `last` draws the final state.
  void update(double done, double total, const std::string& detail, bool last = false);
  // Wipes the redrawn line (on a terminal) before other output is written under it.
  void clear();
  double elapsed() const;

  // "45s", "3m 05s", "2h 07m": for ETAs and durations.
  static std::string duration_text(double seconds);

 private:
  using Clock = std::chrono::steady_clock;
  std::string label_;
  bool quiet_, tty_;
  bool drawn_ = false;  // a redrawn line is on screen
  Clock::time_point start_, last_draw_;
  int next_step_ = 1;   // plain lines: the next twentieth due
  bool begun_ = false;  // plain lines: the first update is written
};

}  // namespace oyin::cli
