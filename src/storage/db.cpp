#include "storage/db.h"

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

bool is_postgres_url(std::string_view where) {
  return where.starts_with("postgresql://") || where.starts_with("postgres://");
}

Result<std::unique_ptr<Db>> Db::open(const std::string& where) {
  return is_postgres_url(where) ? open_postgres(where) : open_sqlite(where);
}

Db::Db(std::unique_ptr<Connection> writer, std::unique_ptr<Connection> reader, std::jthread chores)
    : writer_(std::move(writer)), reader_(std::move(reader)), chores_(std::move(chores)) {}

Db::~Db() {
  if (chores_.joinable()) {
    chores_.request_stop();
    chores_.join();
  }
}

}  // namespace oyin::storage
