#pragma once
// What the store forgets on a schedule (issue 42; the schedule is server/operations/retention.h):
// lobby rows that are over (seeks, quick pairings and direct challenges that were taken, expired
// or declined) once old enough, and sign-in sessions past their end. Games never moved in are
// deleted by GameStore::delete_unstarted (GameService's housekeeping, --drop-unstarted-after).
// Each call deletes at most `limit` rows, so a long backlog never holds the writer for long.
#include <cstdint>

#include "core/result.h"
#include "storage/db.h"

namespace oyin::storage {

class RetentionStore {
 public:
  explicit RetentionStore(Db& db) : db_(db) {}

  // Lobby rows of every kind made before `before_ms` (their created_ms, the lobby's wall clock)
  // that are no longer open, or whose hold lapsed before then; how many were deleted.
  Result<std::int64_t> delete_ended_lobby_rows(std::int64_t before_ms, std::int64_t limit);
  // Sessions last used before `idle_before_ms` or begun before `created_before_ms` (the
  // accounts' wall clock; a session never touched since schema 11 counts from its first use);
  // how many were deleted.
  Result<std::int64_t> delete_expired_sessions(std::int64_t idle_before_ms, std::int64_t created_before_ms,
                                               std::int64_t limit);

 private:
  Db& db_;
};

}  // namespace oyin::storage
