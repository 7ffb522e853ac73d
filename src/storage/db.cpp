#include "storage/db.h"

#include "core/event_log.h"

#include <cstdio>

#include <charconv>
#include <chrono>
#include <ctime>

namespace oyin::storage {

namespace {
const std::string kEmpty;
}

const std::string& Row::text(std::size_t col) const {
  const auto& c = cells_.at(col);
  return c ? *c : kEmpty;
}

std::int64_t Row::integer(std::size_t col) const {
  const auto& c = cells_.at(col);
  if (!c) return 0;
  std::int64_t v = 0;
  std::from_chars(c->data(), c->data() + c->size(), v);
  return v;
}

Status Connection::transaction(const std::function<Status(Connection&)>& body) {
  if (auto s = begin(); !s) return s;
  Status s = body(*this);
  if (!s) {
    (void)end(false);
    return s;
  }
  return end(true);
}

Result<std::vector<Rows>> Connection::batch(const std::vector<Statement>& statements) {
  std::vector<Rows> out;
  out.reserve(statements.size());
  const Status s = transaction([&](Connection& c) -> Status {
    for (const Statement& st : statements) {
      auto r = c.query(st.sql, st.params);
      if (!r) return make_error(r.error());
      out.push_back(std::move(*r));
    }
    return Ok{};
  });
  if (!s) return make_error(s.error());
  return out;
}

Status migrate(Connection& c, std::span<const Migration> migrations) {
  return c.transaction([&](Connection& c) -> Status {
    if (auto s = c.lock_for_migration(); !s) return s;
    auto have = c.schema_version();
    if (!have) return make_error(have.error());
    const int want = static_cast<int>(migrations.size());
    if (*have > want)
      return make_error("database: schema version " + std::to_string(*have) + " is newer than this oyin (" +
                        std::to_string(want) + ")");
    if (*have == want) return Ok{};
    for (int i = *have; i < want; ++i)
      if (auto s = c.script(migrations[static_cast<std::size_t>(i)].text_for(c.backend())); !s)
        return make_error(s.error() + " (schema migration " + std::to_string(i + 1) + ")");
    return c.set_schema_version(want);
  });
}

std::string numbered_placeholders(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 16);
  int n = 0;
  char quote = 0;
  for (char ch : sql) {
    if (quote) {
      if (ch == quote) quote = 0;  // a doubled quote reopens at once: still right
      out += ch;
    } else if (ch == '\'' || ch == '"') {
      quote = ch;
      out += ch;
    } else if (ch == '?') {
      out += '$';
      out += std::to_string(++n);
    } else {
      out += ch;
    }
  }
  return out;
}

std::string utc_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

void log_store_error(std::string_view detail) { event_log::error("store_error", {{"detail", detail}}); }

bool is_postgres_url(std::string_view where) {
  return where.starts_with("postgresql://") || where.starts_with("postgres://");
}

Result<std::unique_ptr<Db>> Db::open(const std::string& where) {
  return is_postgres_url(where) ? open_postgres(where) : open_sqlite(where);
}

Db::Db(std::vector<std::unique_ptr<Connection>> writers, std::unique_ptr<Connection> reader, std::jthread chores)
    : writers_(std::move(writers)), reader_(std::move(reader)), chores_(std::move(chores)) {
  for (std::size_t i = 0; i < writers_.size(); ++i) free_writers_.push_back(i);
}

Db::~Db() {
  for (std::jthread* t : {&listener_, &chores_})
    if (t->joinable()) {
      t->request_stop();
      t->join();
    }
}

Db::Lease Db::writer() {
  std::unique_lock lock(write_mutex_);
  write_free_.wait(lock, [&] { return !free_writers_.empty(); });
  const std::size_t slot = free_writers_.back();
  free_writers_.pop_back();
  return Lease(*this, slot, *writers_[slot]);
}

void Db::give_back(std::size_t slot) {
  {
    std::lock_guard lock(write_mutex_);
    free_writers_.push_back(slot);
  }
  write_free_.notify_one();
}

Result<bool> Db::claim(std::int64_t key) {
  if (url_.empty()) return true;
  std::lock_guard lock(claim_mutex_);
  if (!claims_) {
    auto c = connect_postgres(url_);
    if (!c) return make_error(c.error());
    claims_ = std::move(*c);
  }
  auto r = claims_->query("SELECT pg_try_advisory_lock(?)", {key});
  if (!r) return make_error(r.error());
  return !r->empty() && r->front().text(0) == "t";
}

Status Db::release(std::int64_t key) {
  if (url_.empty()) return Ok{};
  std::lock_guard lock(claim_mutex_);
  if (!claims_) return Ok{};
  if (auto r = claims_->query("SELECT pg_advisory_unlock(?)", {key}); !r) return make_error(r.error());
  return Ok{};
}

void Db::listen(const std::string& channel, std::function<void(const std::string&)> on) {
  if (url_.empty() || listener_.joinable()) return;
  listening_ = std::make_shared<std::atomic<bool>>(false);
  listener_ = listen_postgres(url_, channel, std::move(on), listening_);
}

std::optional<bool> Db::listening() const {
  if (!listening_) return std::nullopt;
  return listening_->load();
}

}  // namespace oyin::storage
