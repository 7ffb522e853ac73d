#pragma once
// A child process speaking a line protocol on its stdin/stdout (external UCI engines).
#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>

#include "core/result.h"

namespace oyin::match {

class Subprocess {
 public:
  // Runs `command` through /bin/sh; its stderr is discarded.
  static Result<std::unique_ptr<Subprocess>> start(const std::string& command);
  ~Subprocess();
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  bool write_line(const std::string& line);
  // The next line without its newline; nullopt on end of output or after timeout_ms.
  std::optional<std::string> read_line(int timeout_ms);

 private:
  Subprocess() = default;
  pid_t pid_ = -1;
  int in_fd_ = -1, out_fd_ = -1;
  std::string buffer_;
};

}  // namespace oyin::match
