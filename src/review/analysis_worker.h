#pragma once
// A worker of the analysis queue (storage/analysis_job_store.h): it takes one job at a time,
// replays the game, and analyses each position not yet written with the game's engine at the
// job's depth or node budget (the settings of `oyin analyze`), writing every position as it goes:
// a worker killed mid-game loses at most the position in hand, and the next worker carries on
// once the lease has run out. `oyin worker` runs one on any machine; `oyin serve` runs one inside.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "storage/analysis_job_store.h"
#include "storage/game_store.h"

namespace oyin::review {

struct WorkerOptions {
  int threads = 1;               // search threads per position
  int hash_mb = 16;
  int max_jobs = 0;              // stop after this many jobs (0: no limit)
  std::int64_t lease_ms = 60'000;  // a job unrenewed this long may be taken over
  std::int64_t idle_ms = 1000;     // how long to wait when the queue is empty
  std::string name = "worker";     // the leases are "<name>/<random>"
};

class AnalysisWorker {
 public:
  AnalysisWorker(storage::GameStore& games, storage::AnalysisJobStore& jobs, WorkerOptions options)
      : games_(games), jobs_(jobs), options_(std::move(options)) {}
  // Works until `stop` is set or max_jobs are finished; returns the jobs finished. A job in hand
  // when `stop` comes is given back to the queue.
  int run(const std::atomic<bool>& stop);
  // Takes one job if there is one and works it to its end (or to `stop`): true when it took one.
  bool run_one(const std::atomic<bool>& stop);
  // After each position written: the job (its game), positions written, positions in all.
  std::function<void(const storage::AnalysisJob&, int done, int total)> on_progress;
  // One line per job taken, finished or failed (the command's progress output).
  std::function<void(const std::string&)> log;

 private:
  // The job's positions, analysed; an error text when it cannot be done ("" when done, or
  // stopped: then `stopped` is set).
  std::string work(const storage::AnalysisJob& job, const std::string& lease, const std::atomic<bool>& stop,
                   bool& stopped);
  void say(const std::string& line) const {
    if (log) log(line);
  }

  storage::GameStore& games_;
  storage::AnalysisJobStore& jobs_;
  WorkerOptions options_;
};

// The signal a worker sends on a shared store after each position ("analysis <game> <done> <total>").
std::string progress_words(const std::string& game_id, int done, int total);

// Milliseconds since the epoch: leases are compared across machines, so wall-clock time.
std::int64_t wall_ms();

}  // namespace oyin::review
