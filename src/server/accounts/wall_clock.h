#pragma once
// Unix time in milliseconds that moves with the server's Clock. Times the accounts keep in the
// store (limit windows, session use) must mean the same in every instance on the database and
// after a restart, which the Clock's arbitrary zero does not; yet tests move them on with
// --clock manual instead of waiting. So: the wall clock read once at start, plus the Clock's
// progress since.
#include <chrono>
#include <cstdint>

#include "server/common/clock.h"

namespace oyin::server::accounts {

class WallClock {
 public:
  explicit WallClock(Clock& clock)
      : clock_(clock),
        clock_start_(clock.now_ms()),
        unix_start_(std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::system_clock::now().time_since_epoch())
                        .count()) {}
  std::int64_t now_ms() { return unix_start_ + (clock_.now_ms() - clock_start_); }

 private:
  Clock& clock_;
  std::int64_t clock_start_, unix_start_;
};

}  // namespace oyin::server::accounts
