#pragma once
// A child process speaking a line protocol on its stdin/stdout (external UCI and GTP engines).
// Every read and write has a deadline: an engine that stops answering, stops reading or dies is
// reported, never waited for. The child runs in a process group of its own, so that killing it
// also ends what its shell started (a pipeline, a `sleep`).
#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string>

#include "core/result.h"

namespace oyin::match {

using Clock = std::chrono::steady_clock;

class Subprocess {
 public:
  // Runs `command` through /bin/sh; its stderr is discarded.
  static Result<std::unique_ptr<Subprocess>> start(const std::string& command);
  ~Subprocess();  // closes its stdin, gives it half a second to leave, then kills the group
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  enum class Read { Line, Timeout, Closed };
  // The next line (without its newline) into `line`; Timeout at `deadline`, Closed when the
  // engine closed its output (it exited or crashed).
  Read read_line(std::string& line, Clock::time_point deadline);
  // False when the engine is gone or has not taken the line by `deadline` (it stopped reading).
  bool write_line(const std::string& line, Clock::time_point deadline);

  // "exited with code 1" or "was killed by signal 11 (Segmentation fault)", waiting up to
  // `wait_ms` for it to end; "" when it is still running then.
  std::string exit_text(int wait_ms);
  void kill_now();  // SIGKILL to the whole group (a hung engine)

 private:
  Subprocess() = default;
  bool reap(int wait_ms);
  pid_t pid_ = -1;
  int in_fd_ = -1, out_fd_ = -1;
  int status_ = 0;
  bool reaped_ = false;
  std::string buffer_;
};

}  // namespace oyin::match
