#pragma once
// GET /readyz's checks: whether this instance can serve now. Each is done afresh on every call:
//   - "store": a real read of the games table on the store's reader connection (a PostgreSQL
//     connection that broke is made again by that read, so the check comes back with the database);
//   - "schema": the schema's version is the one this build migrates to (another build that
//     migrated the database further, or a restored older copy, is not ready);
//   - "listen" (PostgreSQL only): the LISTEN connection that keeps instances in step is in place
//     (it is made again by itself within a fraction of a second of the database coming back).
// A failed check is logged ("not_ready", with the store's own message) but the answer names
// only the check: database text is for the operator, not for whoever can reach the port.
#include "server/common/reply.h"
#include "storage/db.h"

namespace oyin::server {

class Readiness {
 public:
  Readiness(storage::Db& db, int expected_schema) : db_(db), expected_schema_(expected_schema) {}
  // 200 {"status": "ready", "checks": {...}} or 503 {"status": "not_ready", "failed": [...], ...}.
  Reply check();

 private:
  storage::Db& db_;
  int expected_schema_;
};

}  // namespace oyin::server
