#include "storage/retention_store.h"

namespace oyin::storage {

Result<std::int64_t> RetentionStore::delete_ended_lobby_rows(std::int64_t before_ms, std::int64_t limit) {
  // The inner SELECT bounds the batch on both backends (neither takes DELETE ... LIMIT alike).
  return db_.writer()->exec(
      "DELETE FROM seeks WHERE id IN (SELECT id FROM seeks WHERE created_ms < ? AND "
      "(state <> 'open' OR held_until_ms < ?) LIMIT ?)",
      {before_ms, before_ms, limit});
}

Result<std::int64_t> RetentionStore::delete_expired_sessions(std::int64_t idle_before_ms, std::int64_t created_before_ms,
                                                             std::int64_t limit) {
  return db_.writer()->exec(
      "DELETE FROM sessions WHERE token_hash IN (SELECT token_hash FROM sessions WHERE "
      "(last_seen_ms > 0 AND last_seen_ms < ?) OR (created_ms > 0 AND created_ms < ?) LIMIT ?)",
      {idle_before_ms, created_before_ms, limit});
}

}  // namespace oyin::storage
