#pragma once
// Backups of a store while servers keep using it, and their restore (oyin backup, oyin restore;
// docs/operations.md#backups).
//   - SQLite: SQLite's online backup API (sqlite3_backup_*) copies the database, as of the
//     moment the copy starts (one read transaction: every commit before it, none after), into a
//     new SQLite file; the server goes on writing meanwhile (WAL). Restore copies such a file
//     into the target the same way.
//   - PostgreSQL: `pg_dump --format=custom` of the database (a consistent snapshot too), restored
//     with `pg_restore`. The tools are looked for in $OYIN_POSTGRES_BIN, then on PATH, then in
//     /usr/lib/postgresql/15/bin (Debian's postgresql-15 puts them there); a password in the URL
//     is handed to them in PGPASSWORD, not on their command line.
#include <string>

#include "core/result.h"

namespace oyin::storage {

// Copies the store `where` (a SQLite path or a postgresql:// URL) into the file `out` (written
// as out.part and renamed when complete, so `out` is never half a backup).
Status backup_store(const std::string& where, const std::string& out);

// Copies the backup `in` into the store `where`. Refuses a target that holds anything (a SQLite
// file that is not empty, a database with tables) unless `force`; the target's server must be
// stopped. The schema is migrated by the first `oyin serve` on it.
Status restore_store(const std::string& where, const std::string& in, bool force);

}  // namespace oyin::storage
