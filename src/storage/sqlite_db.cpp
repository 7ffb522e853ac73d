// storage::Db on SQLite: WAL, one writer connection, one read-only reader, and a checkpointer
// thread with a connection of its own.
#include <sqlite3.h>

#include <chrono>
#include <condition_variable>
#include <unordered_map>

#include "storage/db.h"

namespace oyin::storage {

namespace {

// The checkpointer's period; the log's length (in pages) at which a commit wakes it early and it
// makes the log start again; and what the writer leaves of the log file when it starts it again
// (a log is reused from its start once all of it is in the database, and cut back to this so the
// disk is given back).
constexpr auto kCheckpointEvery = std::chrono::milliseconds(500);
constexpr int kWalRestartPages = 1024;
// Past this length a commit waits (at most kHoldAtMost) for the checkpointer's next round before
// its move goes on: a stream of commits the checkpointer's thread cannot get in between (a script
// making moves as fast as it can on a loaded machine) would otherwise grow the log, and the disk,
// without end. The wait holds no lock, so the checkpoint's restart finds the writer idle.
constexpr int kWalHoldPages = 3 * kWalRestartPages;
constexpr auto kHoldAtMost = std::chrono::seconds(2);
constexpr std::int64_t kWalKeepBytes = 4 << 20;

// A commit that leaves the log long wakes the checkpointer (SQLite calls the hook on the
// writer's thread after the commit, its lock let go).
struct CheckpointSignal {
  std::mutex m;
  std::condition_variable_any cv;
  bool due = false;
  std::uint64_t rounds = 0;  // checkpoint rounds done
};
int on_wal_commit(void* arg, sqlite3*, const char*, int pages) {
  if (pages < kWalRestartPages) return SQLITE_OK;
  auto* signal = static_cast<CheckpointSignal*>(arg);
  std::unique_lock lock(signal->m);
  signal->due = true;
  signal->cv.notify_all();
  if (pages >= kWalHoldPages) {
    const std::uint64_t seen = signal->rounds;
    signal->cv.wait_for(lock, kHoldAtMost, [&] { return signal->rounds != seen; });
  }
  return SQLITE_OK;
}

class SqliteConnection final : public Connection {
 public:
  SqliteConnection(sqlite3* db, bool read_only) : db_(db), read_only_(read_only) {}
  ~SqliteConnection() override {
    for (auto& [sql, st] : cache_) sqlite3_finalize(st);
    sqlite3_close(db_);
  }

  Backend backend() const override { return Backend::sqlite; }
  // `hook` after every commit of this connection (sqlite3_wal_hook), with `arg`, kept as long as
  // the connection.
  void on_commit(int (*hook)(void*, sqlite3*, const char*, int), std::shared_ptr<void> arg) {
    hook_arg_ = std::move(arg);
    sqlite3_wal_hook(db_, hook, hook_arg_.get());
  }

  Result<std::int64_t> exec(std::string_view sql, const Params& params) override {
    sqlite3_stmt* st = nullptr;
    if (auto s = prepare(sql, params, st); !s) return make_error(s.error());
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    }
    if (rc != SQLITE_DONE) return failed(st);
    sqlite3_reset(st);
    return static_cast<std::int64_t>(sqlite3_changes(db_));
  }

  Result<Rows> query(std::string_view sql, const Params& params) override {
    sqlite3_stmt* st = nullptr;
    if (auto s = prepare(sql, params, st); !s) return make_error(s.error());
    Rows rows;
    const int cols = sqlite3_column_count(st);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      std::vector<std::optional<std::string>> cells(static_cast<std::size_t>(cols));
      for (int c = 0; c < cols; ++c) {
        if (sqlite3_column_type(st, c) == SQLITE_NULL) continue;
        const auto* p = sqlite3_column_text(st, c);
        cells[static_cast<std::size_t>(c)].emplace(reinterpret_cast<const char*>(p),
                                                   static_cast<std::size_t>(sqlite3_column_bytes(st, c)));
      }
      rows.emplace_back(std::move(cells));
    }
    if (rc != SQLITE_DONE) return failed(st);
    sqlite3_reset(st);
    return rows;
  }

  Status script(std::string_view sql) override {
    char* err = nullptr;
    const std::string text(sql);
    if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
      std::string msg = std::string("database: ") + (err ? err : "error");
      sqlite3_free(err);
      log_store_error(msg);
      return make_error(msg);
    }
    return Ok{};
  }

  Result<int> schema_version() override {
    auto r = query("PRAGMA user_version", {});
    if (!r) return make_error(r.error());
    return r->empty() ? 0 : static_cast<int>((*r)[0].integer(0));
  }
  Status set_schema_version(int version) override {
    return script("PRAGMA user_version=" + std::to_string(version));
  }
  Status lock_for_migration() override { return Ok{}; }  // BEGIN IMMEDIATE holds the write lock
  Status notify(const std::string&, const std::string&) override { return Ok{}; }

 protected:
  Status begin() override { return script(read_only_ ? "BEGIN" : "BEGIN IMMEDIATE"); }
  Status end(bool commit) override { return script(commit ? "COMMIT" : "ROLLBACK"); }

 private:
  Status prepare(std::string_view sql, const Params& params, sqlite3_stmt*& st) {
    auto it = cache_.find(std::string(sql));
    if (it == cache_.end()) {
      if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &st, nullptr) != SQLITE_OK) {
        log_store_error(std::string("database: ") + sqlite3_errmsg(db_));
        return make_error(std::string("database: ") + sqlite3_errmsg(db_));
      }
      it = cache_.emplace(std::string(sql), st).first;
    }
    st = it->second;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    for (std::size_t i = 0; i < params.size(); ++i) {
      const int at = static_cast<int>(i + 1);
      const Value& v = params[i];
      if (v.is_null())
        sqlite3_bind_null(st, at);
      else if (v.is_integer())
        sqlite3_bind_int64(st, at, v.integer());
      else
        sqlite3_bind_text(st, at, v.text().data(), static_cast<int>(v.text().size()), SQLITE_TRANSIENT);
    }
    return Ok{};
  }
  Error failed(sqlite3_stmt* st) {
    Error e = make_error(std::string("database: ") + sqlite3_errmsg(db_));
    log_store_error(e.message);
    sqlite3_reset(st);
    return e;
  }

  sqlite3* db_;
  bool read_only_;
  std::shared_ptr<void> hook_arg_;
  std::unordered_map<std::string, sqlite3_stmt*> cache_;
};

Result<sqlite3*> open_connection(const std::string& path, int flags, const char* purpose) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, flags | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK) {
    std::string msg = "cannot open database '" + path + "'" + purpose + ": " + (db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_close(db);
    return make_error(msg);
  }
  sqlite3_busy_timeout(db, 5000);
  return db;
}

}  // namespace

Result<std::unique_ptr<Db>> open_sqlite(const std::string& path) {
  auto w = open_connection(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, "");
  if (!w) return make_error(w.error());
  auto writer = std::make_unique<SqliteConnection>(*w, false);
  // WAL with synchronous=NORMAL: a commit survives the process being killed (the WAL is in the
  // OS page cache); FULL would add an fsync per move for power-loss safety. Checkpoints are the
  // checkpointer's, never a commit's.
  if (auto s = writer->script("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON; "
                              "PRAGMA wal_autocheckpoint=0; PRAGMA journal_size_limit=" + std::to_string(kWalKeepBytes));
      !s)
    return make_error(s.error());
  auto r = open_connection(path, SQLITE_OPEN_READONLY, " for reading");
  if (!r) return make_error(r.error());
  auto reader = std::make_unique<SqliteConnection>(*r, true);
  // Checkpoints (which fsync the database file) run on a thread of their own with a connection
  // of their own, not after a commit while the writer's lock is held: a move never waits for one.
  auto c = open_connection(path, SQLITE_OPEN_READWRITE, " for checkpoints");
  if (!c) return make_error(c.error());
  sqlite3* ckpt = *c;
  // A connection that has never read the database has not opened its WAL, and a checkpoint on
  // it does nothing at all (its log size is -1): one read first.
  if (sqlite3_exec(ckpt, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr) != SQLITE_OK) {
    std::string msg = std::string("cannot read database '") + path + "' for checkpoints: " + sqlite3_errmsg(ckpt);
    sqlite3_close(ckpt);
    return make_error(msg);
  }
  auto signal = std::make_shared<CheckpointSignal>();
  writer->on_commit(on_wal_commit, signal);
  std::jthread checkpointer([ckpt, signal](std::stop_token stop) {
    while (!stop.stop_requested()) {
      {
        std::unique_lock lock(signal->m);
        signal->cv.wait_for(lock, stop, kCheckpointEvery, [&] { return signal->due; });
        signal->due = false;
      }
      int wal_pages = 0, done = 0;
      sqlite3_wal_checkpoint_v2(ckpt, nullptr, SQLITE_CHECKPOINT_PASSIVE, &wal_pages, &done);
      // Under a steady stream of commits a passive checkpoint never finds the log idle, and the
      // log is used again from its start only once all of it is in the database: past a length,
      // the few pages committed meanwhile are copied with the writer held off for that moment.
      if (wal_pages >= kWalRestartPages)
        sqlite3_wal_checkpoint_v2(ckpt, nullptr, SQLITE_CHECKPOINT_RESTART, nullptr, nullptr);
      {
        std::lock_guard lock(signal->m);
        ++signal->rounds;
      }
      signal->cv.notify_all();
    }
    sqlite3_wal_checkpoint_v2(ckpt, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
    sqlite3_close(ckpt);
  });
  std::vector<std::unique_ptr<Connection>> writers;
  writers.push_back(std::move(writer));
  return std::make_unique<Db>(std::move(writers), std::move(reader), std::move(checkpointer));
}

}  // namespace oyin::storage
