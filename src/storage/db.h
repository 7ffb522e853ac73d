#pragma once
// storage::Db: the one interface every table's code is written against, implemented once for
// SQLite (embedded, the default) and once for PostgreSQL (libpq, for several server instances on
// one database). Code above it writes plain SQL with `?` placeholders (rewritten to $1, $2, ...
// for PostgreSQL), binds values, reads rows as text or integers, and groups changes in
// transactions; the schema is one list of migrations (storage/migrations.h) run at start.
//
// What is portable: INTEGER (64-bit values in SQLite; use BIGINT in a column that may pass 2^31),
// TEXT, PRIMARY KEY, REFERENCES ... ON DELETE CASCADE, CREATE INDEX, INSERT ... ON CONFLICT DO
// NOTHING / DO UPDATE, LIMIT ? OFFSET ?. Timestamps are bound as text (utc_now()), not computed
// by SQL functions, since those differ.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

#include "core/result.h"

namespace oyin::storage {

enum class Backend { sqlite, postgresql };

// A value bound to a `?`: NULL, an integer or text.
class Value {
 public:
  Value(std::nullptr_t) {}
  Value(std::string_view s) : v_(std::string(s)) {}
  Value(const std::string& s) : v_(s) {}
  Value(const char* s) : v_(std::string(s)) {}
  template <class T>
    requires std::is_integral_v<T>
  Value(T v) : v_(static_cast<std::int64_t>(v)) {}

  bool is_null() const { return v_.index() == 0; }
  bool is_integer() const { return v_.index() == 1; }
  std::int64_t integer() const { return std::get<1>(v_); }
  const std::string& text() const { return std::get<2>(v_); }
  // As PostgreSQL's text format wants it.
  std::string to_text() const { return is_integer() ? std::to_string(integer()) : is_null() ? "" : text(); }

 private:
  std::variant<std::monostate, std::int64_t, std::string> v_;
};
using Params = std::vector<Value>;

// One result row; columns by index, as in the SELECT.
class Row {
 public:
  explicit Row(std::vector<std::optional<std::string>> cells) : cells_(std::move(cells)) {}
  std::size_t size() const { return cells_.size(); }
  bool is_null(std::size_t col) const { return !cells_.at(col); }
  // "" for NULL.
  const std::string& text(std::size_t col) const;
  // 0 for NULL.
  std::int64_t integer(std::size_t col) const;

 private:
  std::vector<std::optional<std::string>> cells_;
};
using Rows = std::vector<Row>;

// One statement of a batch (Connection::batch).
struct Statement {
  std::string_view sql;  // a literal's, or text that outlives the batch
  Params params;
};

class Connection {
 public:
  virtual ~Connection() = default;
  virtual Backend backend() const = 0;
  // One statement; the number of rows it changed. Statements are prepared once per connection
  // and kept, so the same SQL text costs one parse.
  virtual Result<std::int64_t> exec(std::string_view sql, const Params& params = {}) = 0;
  virtual Result<Rows> query(std::string_view sql, const Params& params = {}) = 0;
  // Several statements without parameters (a migration).
  virtual Status script(std::string_view sql) = 0;
  // `statements` in one transaction, each one's rows (none for a statement that returns none);
  // an error in any rolls them all back. PostgreSQL sends them all at once (libpq's pipeline
  // mode): one round trip and one commit, i.e. one WAL flush, for the lot (group commit).
  virtual Result<std::vector<Rows>> batch(const std::vector<Statement>& statements);

  // Runs `body` in a transaction: committed when it returns Ok, rolled back otherwise. A
  // transaction on the writer takes the write lock at its start (SQLite's BEGIN IMMEDIATE), so
  // two writers never deadlock on an upgrade.
  Status transaction(const std::function<Status(Connection&)>& body);

  // The schema version and its update (inside the migration's transaction), and the lock that
  // keeps two processes from migrating at once.
  virtual Result<int> schema_version() = 0;
  virtual Status set_schema_version(int version) = 0;
  virtual Status lock_for_migration() = 0;

  // Sends `payload` on `channel` to every process listening on the database when the
  // transaction it is in commits (PostgreSQL NOTIFY); nothing on SQLite, whose file one process
  // owns.
  virtual Status notify(const std::string& channel, const std::string& payload) = 0;

 protected:
  virtual Status begin() = 0;
  virtual Status end(bool commit) = 0;
};

// A migration: `sql` is portable; a backend's own text replaces it where SQL cannot be shared.
struct Migration {
  const char* sql = nullptr;
  const char* sqlite = nullptr;
  const char* postgresql = nullptr;
  const char* text_for(Backend b) const {
    const char* own = b == Backend::sqlite ? sqlite : postgresql;
    return own ? own : sql;
  }
};

// Brings the database to migrations.size(), in one transaction; refuses a newer schema.
Status migrate(Connection& c, std::span<const Migration> migrations);

// `?` placeholders as $1, $2, ... (not inside quotes), for PostgreSQL.
std::string numbered_placeholders(std::string_view sql);

// Now in UTC, ISO 8601 to the second ("2026-12-01T21:30:00Z"), for timestamp columns.
std::string utc_now();

// Every error a database answers is one event on the log (core/event_log.h: "store_error" with
// its detail), for the operator: many happen where no request is answered with it (a computer
// move, a sweep).
void log_store_error(std::string_view detail);

// libpq's notice processor (PQsetNoticeProcessor) for every PostgreSQL connection: a notice is a
// "store_notice" event.
void log_notice(void* unused, const char* message);

// Whether `where` names a PostgreSQL database ("postgresql://" or "postgres://") and not a
// SQLite file.
bool is_postgres_url(std::string_view where);
// `where` as it may be shown in a log: a URL's password as ***.
std::string without_password(const std::string& where);

// A store's connections: writers for changes (SQLite: one; PostgreSQL: a few, so that commits
// waiting for their WAL flush overlap) and one for reads, each used by one thread at a time (a
// Lease holds it), so a long read never holds up a commit.
class Db {
 public:
  // A postgresql:// URL or a SQLite file path (created when missing).
  static Result<std::unique_ptr<Db>> open(const std::string& where);
  Db(std::vector<std::unique_ptr<Connection>> writers, std::unique_ptr<Connection> reader,
     std::jthread chores = {});
  ~Db();
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  class Lease {
   public:
    Lease(Db& db, std::size_t slot, Connection& c) : db_(&db), slot_(slot), c_(&c) {}
    Lease(std::mutex& m, Connection& c) : lock_(m), c_(&c) {}
    ~Lease() {
      if (db_) db_->give_back(slot_);
    }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Connection* operator->() const { return c_; }
    Connection& operator*() const { return *c_; }

   private:
    Db* db_ = nullptr;
    std::size_t slot_ = 0;
    std::unique_lock<std::mutex> lock_;
    Connection* c_;
  };
  Lease writer();
  Lease reader() { return Lease(read_mutex_, *reader_); }
  Backend backend() const { return reader_->backend(); }

  // Work that one process of several on the database may do at a time (a computer move):
  // true when this process now holds `key` (PostgreSQL: a session advisory lock on a
  // connection of its own, let go by release() or when the process dies); on SQLite always.
  Result<bool> claim(std::int64_t key);
  Status release(std::int64_t key);

  // Calls `on` from a thread of its own with every payload notify() sends on `channel` (from
  // any process, this one included), and with "" when the connection was lost and made again
  // (notifications may have been missed). Nothing on SQLite. Once per Db.
  void listen(const std::string& channel, std::function<void(const std::string&)> on);
  // Whether the LISTEN connection is in place now: nullopt when there is none to have (SQLite, or
  // listen() never called), else whether it is connected and listening.
  std::optional<bool> listening() const;

  // PostgreSQL's connection URL (for the claim and listen connections); set by open_postgres.
  void set_url(std::string url) { url_ = std::move(url); }

 private:
  void give_back(std::size_t slot);

  std::mutex write_mutex_, read_mutex_, claim_mutex_;
  std::condition_variable write_free_;
  std::vector<std::unique_ptr<Connection>> writers_;
  std::vector<std::size_t> free_writers_;
  std::unique_ptr<Connection> reader_, claims_;
  std::string url_;
  std::jthread chores_;    // SQLite's checkpointer
  std::jthread listener_;  // PostgreSQL's LISTEN
  std::shared_ptr<std::atomic<bool>> listening_;  // set by the listener's thread
};

// The backends (storage/sqlite_db.cpp, storage/postgres_db.cpp).
Result<std::unique_ptr<Db>> open_sqlite(const std::string& path);
Result<std::unique_ptr<Db>> open_postgres(const std::string& url);
Result<std::unique_ptr<Connection>> connect_postgres(const std::string& url);
// `up` (when given) is kept true while the LISTEN connection is in place, false while it is being
// made again.
std::jthread listen_postgres(const std::string& url, const std::string& channel,
                             std::function<void(const std::string&)> on, std::shared_ptr<std::atomic<bool>> up = nullptr);

}  // namespace oyin::storage
