// storage::Db on PostgreSQL (libpq): a connection for changes and one for reads. Statements
// are prepared once per connection; a broken connection (a server restart) is reset before the
// next statement, so the store outlives a database restart.
#include <libpq-fe.h>

#include <unordered_map>

#include "core/event_log.h"
#include "storage/db.h"

namespace oyin::storage {

namespace {

// The first line of libpq's message (it ends with a newline and may add a DETAIL line).
std::string first_line(const char* msg) {
  std::string s = msg ? msg : "";
  if (const auto nl = s.find('\n'); nl != std::string::npos) s.resize(nl);
  return s.empty() ? "error" : s;
}

// "database: <first line>", built by appends (GCC 12 warns falsely on operator+ here).
Error pg_error(const char* msg) {
  std::string s = "database: ";
  s += first_line(msg);
  log_store_error(s);
  return make_error(std::move(s));
}

}  // namespace

// libpq writes a server's notices and warnings on stderr by itself: as events instead, so that
// every line there is one.
void log_notice(void*, const char* message) { event_log::warn("store_notice", {{"detail", first_line(message)}}); }

namespace {

// Any one oyin schema migration at a time across all instances (pg_advisory_xact_lock's key).
constexpr long long kMigrationLock = 0x6f79696e;  // "oyin"

class PgResult {
 public:
  explicit PgResult(PGresult* r) : r_(r) {}
  ~PgResult() { PQclear(r_); }
  PgResult(const PgResult&) = delete;
  PgResult& operator=(const PgResult&) = delete;
  PGresult* get() const { return r_; }
  bool ok() const {
    const auto st = PQresultStatus(r_);
    return st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
  }

 private:
  PGresult* r_;
};

class PgConnection final : public Connection {
 public:
  explicit PgConnection(PGconn* c) : c_(c) {}
  ~PgConnection() override { PQfinish(c_); }

  Backend backend() const override { return Backend::postgresql; }

  Result<std::int64_t> exec(std::string_view sql, const Params& params) override {
    auto r = run(sql, params);
    if (!r) return make_error(r.error());
    const char* n = PQcmdTuples((*r)->get());
    return static_cast<std::int64_t>(n && *n ? std::stoll(n) : 0);
  }

  Result<Rows> query(std::string_view sql, const Params& params) override {
    auto r = run(sql, params);
    if (!r) return make_error(r.error());
    return rows_of((*r)->get());
  }

  // BEGIN, the statements and COMMIT sent in one go in pipeline mode, then their results read:
  // one round trip and one commit. After an error the server skips the rest up to the sync
  // (COMMIT too), and a ROLLBACK ends the failed transaction.
  Result<std::vector<Rows>> batch(const std::vector<Statement>& statements) override {
    reconnect_if_broken();
    std::vector<const std::string*> names;
    for (const Statement& st : statements) {
      auto name = prepared(st.sql);
      if (!name) return make_error(name.error());
      names.push_back(*name);
    }
    if (PQenterPipelineMode(c_) != 1) return pg_error(PQerrorMessage(c_));
    bool sent = PQsendQueryParams(c_, "BEGIN", 0, nullptr, nullptr, nullptr, nullptr, 0) == 1;
    for (std::size_t i = 0; sent && i < statements.size(); ++i) {
      const Params& params = statements[i].params;
      std::vector<std::string> texts;
      std::vector<const char*> values;
      texts.reserve(params.size());
      for (const Value& v : params) texts.push_back(v.to_text());
      for (std::size_t k = 0; k < params.size(); ++k) values.push_back(params[k].is_null() ? nullptr : texts[k].c_str());
      sent = PQsendQueryPrepared(c_, names[i]->c_str(), static_cast<int>(values.size()), values.data(), nullptr,
                                 nullptr, 0) == 1;
    }
    sent = sent && PQsendQueryParams(c_, "COMMIT", 0, nullptr, nullptr, nullptr, nullptr, 0) == 1;
    sent = sent && PQpipelineSync(c_) == 1;
    std::vector<Rows> out;
    std::string error = sent ? "" : first_line(PQerrorMessage(c_));
    // Each query's results end with a null; the sync's own result ends the pipeline.
    for (std::size_t q = 0; sent && q < statements.size() + 3; ++q) {
      PGresult* res = PQgetResult(c_);
      if (!res) continue;
      const PgResult r(res);
      const auto st = PQresultStatus(res);
      if (st == PGRES_PIPELINE_SYNC) break;
      if (st == PGRES_FATAL_ERROR && error.empty()) error = first_line(PQresultErrorMessage(res));
      if (st == PGRES_TUPLES_OK && q > 0 && q <= statements.size()) out.push_back(rows_of(res));
      else if (st == PGRES_COMMAND_OK && q > 0 && q <= statements.size()) out.emplace_back();
      while (PGresult* rest = PQgetResult(c_)) PQclear(rest);  // the null after each query's result
    }
    PQexitPipelineMode(c_);
    if (!error.empty() || out.size() != statements.size()) {
      if (PQstatus(c_) == CONNECTION_OK) PQclear(PQexec(c_, "ROLLBACK"));
      if (error.empty()) error = "a batch was cut short";
      return pg_error(error.c_str());
    }
    return out;
  }

  Status script(std::string_view sql) override {
    reconnect_if_broken();
    PgResult r(PQexec(c_, std::string(sql).c_str()));
    if (!r.ok()) return pg_error(PQerrorMessage(c_));
    return Ok{};
  }

  Result<int> schema_version() override {
    if (auto s = script("CREATE TABLE IF NOT EXISTS oyin_schema(version INTEGER NOT NULL)"); !s) return make_error(s.error());
    auto r = query("SELECT version FROM oyin_schema", {});
    if (!r) return make_error(r.error());
    return r->empty() ? 0 : static_cast<int>((*r)[0].integer(0));
  }
  Status set_schema_version(int version) override {
    if (auto r = exec("DELETE FROM oyin_schema", {}); !r) return make_error(r.error());
    if (auto r = exec("INSERT INTO oyin_schema(version) VALUES(?)", {version}); !r) return make_error(r.error());
    return Ok{};
  }
  Status notify(const std::string& channel, const std::string& payload) override {
    if (auto r = query("SELECT pg_notify(?, ?)", {channel, payload}); !r) return make_error(r.error());
    return Ok{};
  }
  Status lock_for_migration() override {
    return script("SELECT pg_advisory_xact_lock(" + std::to_string(kMigrationLock) + ")");
  }

 protected:
  Status begin() override { return script("BEGIN"); }
  Status end(bool commit) override { return script(commit ? "COMMIT" : "ROLLBACK"); }

 private:
  void reconnect_if_broken() {
    if (PQstatus(c_) == CONNECTION_OK) return;
    PQreset(c_);
    prepared_.clear();  // prepared statements live in the session that is gone
    if (PQstatus(c_) == CONNECTION_OK) event_log::info("store_reconnected", {{"store", "postgresql"}});
  }

  static Rows rows_of(PGresult* res) {
    const int n = PQntuples(res), cols = PQnfields(res);
    Rows rows;
    rows.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      std::vector<std::optional<std::string>> cells(static_cast<std::size_t>(cols));
      for (int c = 0; c < cols; ++c)
        if (!PQgetisnull(res, i, c))
          cells[static_cast<std::size_t>(c)].emplace(PQgetvalue(res, i, c), static_cast<std::size_t>(PQgetlength(res, i, c)));
      rows.emplace_back(std::move(cells));
    }
    return rows;
  }

  // The name of `sql`'s prepared statement on this connection, prepared on its first use.
  Result<const std::string*> prepared(std::string_view sql) {
    const std::string key(sql);
    auto it = prepared_.find(key);
    if (it == prepared_.end()) {
      std::string name = std::to_string(prepared_.size() + 1);
      name.insert(name.begin(), 's');
      PgResult p(PQprepare(c_, name.c_str(), numbered_placeholders(sql).c_str(), 0, nullptr));
      if (!p.ok()) return pg_error(PQerrorMessage(c_));
      it = prepared_.emplace(key, name).first;
    }
    return &it->second;
  }

  Result<std::unique_ptr<PgResult>> run(std::string_view sql, const Params& params) {
    reconnect_if_broken();
    auto name = prepared(sql);
    if (!name) return make_error(name.error());
    std::vector<std::string> texts;
    std::vector<const char*> values;
    texts.reserve(params.size());
    for (const Value& v : params) texts.push_back(v.to_text());
    for (std::size_t i = 0; i < params.size(); ++i) values.push_back(params[i].is_null() ? nullptr : texts[i].c_str());
    auto r = std::make_unique<PgResult>(PQexecPrepared(c_, (*name)->c_str(), static_cast<int>(values.size()),
                                                       values.data(), nullptr, nullptr, 0));
    if (!r->ok()) return pg_error(PQresultErrorMessage(r->get()));
    return r;
  }

  PGconn* c_;
  std::unordered_map<std::string, std::string> prepared_;
};

}  // namespace

std::string without_password(const std::string& url) {
  const auto scheme = url.find("://");
  const auto at = url.find('@');
  if (scheme == std::string::npos || at == std::string::npos) return url;
  const auto colon = url.find(':', scheme + 3);
  if (colon == std::string::npos || colon > at) return url;
  return url.substr(0, colon) + ":***" + url.substr(at);
}

namespace {

Result<std::unique_ptr<PgConnection>> connect(const std::string& url) {
  PGconn* c = PQconnectdb(url.c_str());
  if (!c) return make_error("cannot open database '" + without_password(url) + "': out of memory");
  if (PQstatus(c) != CONNECTION_OK) {
    std::string msg = "cannot open database '" + without_password(url) + "': " + first_line(PQerrorMessage(c));
    PQfinish(c);
    return make_error(msg);
  }
  PQsetNoticeProcessor(c, log_notice, nullptr);
  auto conn = std::make_unique<PgConnection>(c);
  // Notices ("relation already exists, skipping") are not for the server's log.
  if (auto s = conn->script("SET client_min_messages=warning"); !s) return make_error(s.error());
  return conn;
}

}  // namespace

Result<std::unique_ptr<Connection>> connect_postgres(const std::string& url) {
  auto c = connect(url);
  if (!c) return make_error(c.error());
  return std::unique_ptr<Connection>(std::move(*c));
}

Result<std::unique_ptr<Db>> open_postgres(const std::string& url) {
  // Writers: a commit waits for its WAL flush; with several connections those waits overlap and
  // PostgreSQL flushes them together, instead of every move queueing behind one fsync.
  constexpr int kWriters = 8;
  std::vector<std::unique_ptr<Connection>> writers;
  for (int i = 0; i < kWriters; ++i) {
    auto w = connect(url);
    if (!w) return make_error(w.error());
    writers.push_back(std::move(*w));
  }
  auto r = connect(url);
  if (!r) return make_error(r.error());
  auto db = std::make_unique<Db>(std::move(writers), std::move(*r));
  db->set_url(url);
  return db;
}

}  // namespace oyin::storage
