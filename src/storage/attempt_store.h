#pragma once
// Counted attempts (sign-ins, sign-ups) per key and window, in the store, so that a limit holds
// across restarts and across every server instance on one database. A window opens with its
// key's first attempt and lasts its length; an attempt is counted before the work it guards (the
// password check), atomically with the check against the limit, so that concurrent attempts
// cannot all pass a limit that only some of them may.
#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/db.h"

namespace oyin::storage {

// At most `limit` attempts for `key` in a window of `window_ms`.
struct AttemptBudget {
  std::string key;
  int limit = 0;
  std::int64_t window_ms = 0;
};

class AttemptStore {
 public:
  explicit AttemptStore(Db& db) : db_(db) {}

  // Counts one attempt against every budget when none of them is spent, and returns 0; else
  // counts nothing and returns the milliseconds until the last spent budget's window ends.
  // `now_ms`: Unix time, the same in every process.
  Result<std::int64_t> take(std::vector<AttemptBudget> budgets, std::int64_t now_ms);
  // Gives back an attempt that take() counted for `key` (it turned out to be the owner's).
  Status give_back(const std::string& key);
  // Forgets `key`'s window.
  Status forget(const std::string& key);
  // Drops the windows that have ended by `now_ms`.
  Status prune(std::int64_t now_ms);

 private:
  Db& db_;
};

}  // namespace oyin::storage
