#include "storage/attempt_store.h"

#include <algorithm>

namespace oyin::storage {

Result<std::int64_t> AttemptStore::take(std::vector<AttemptBudget> budgets, std::int64_t now_ms) {
  // The rows are locked in one order (by key), so two takes that share keys never deadlock.
  std::sort(budgets.begin(), budgets.end(), [](const auto& a, const auto& b) { return a.key < b.key; });
  std::int64_t wait = 0;
  auto s = db_.writer()->transaction([&](Connection& c) -> Status {
    wait = 0;
    for (const auto& b : budgets) {
      // The upsert makes the row (or opens a new window over an ended one) and, on PostgreSQL,
      // locks it to the end of this transaction: a concurrent take of the key waits here and then
      // reads this one's count. SQLite's writer transaction is one at a time anyway.
      auto n = c.exec("INSERT INTO attempt_counts(bucket, n, until_ms) VALUES(?, 0, ?) ON CONFLICT(bucket) DO UPDATE SET "
                      "n = CASE WHEN attempt_counts.until_ms <= ? THEN 0 ELSE attempt_counts.n END, "
                      "until_ms = CASE WHEN attempt_counts.until_ms <= ? THEN excluded.until_ms "
                      "ELSE attempt_counts.until_ms END",
                      {b.key, now_ms + b.window_ms, now_ms, now_ms});
      if (!n) return make_error("database: opening an attempt window: " + n.error());
      auto row = c.query("SELECT n, until_ms FROM attempt_counts WHERE bucket=?", {b.key});
      if (!row) return make_error("database: reading an attempt count: " + row.error());
      if (row->empty()) return make_error("database: an attempt window vanished");
      if (row->front().integer(0) >= b.limit) wait = std::max(wait, row->front().integer(1) - now_ms);
    }
    if (wait > 0) return Ok{};
    for (const auto& b : budgets)
      if (auto n = c.exec("UPDATE attempt_counts SET n = n + 1 WHERE bucket=?", {b.key}); !n)
        return make_error("database: counting an attempt: " + n.error());
    return Ok{};
  });
  if (!s) return make_error(s.error());
  return wait;
}

Status AttemptStore::give_back(const std::string& key) {
  auto n = db_.writer()->exec("UPDATE attempt_counts SET n = n - 1 WHERE bucket=? AND n > 0", {key});
  if (!n) return make_error("database: giving back an attempt: " + n.error());
  return Ok{};
}

Status AttemptStore::forget(const std::string& key) {
  auto n = db_.writer()->exec("DELETE FROM attempt_counts WHERE bucket=?", {key});
  if (!n) return make_error("database: forgetting attempts: " + n.error());
  return Ok{};
}

Status AttemptStore::prune(std::int64_t now_ms) {
  auto n = db_.writer()->exec("DELETE FROM attempt_counts WHERE until_ms <= ?", {now_ms});
  if (!n) return make_error("database: pruning attempt windows: " + n.error());
  return Ok{};
}

}  // namespace oyin::storage
