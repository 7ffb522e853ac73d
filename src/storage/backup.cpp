#include "storage/backup.h"

#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "storage/db.h"

namespace oyin::storage {

namespace fs = std::filesystem;

namespace {

// --- SQLite ---------------------------------------------------------------------------------

struct SqliteFile {
  sqlite3* db = nullptr;
  ~SqliteFile() { sqlite3_close(db); }
};

Status open_file(SqliteFile& f, const std::string& path, int flags) {
  if (sqlite3_open_v2(path.c_str(), &f.db, flags, nullptr) != SQLITE_OK)
    return make_error("cannot open '" + path + "': " + (f.db ? sqlite3_errmsg(f.db) : "out of memory"));
  sqlite3_busy_timeout(f.db, 10'000);
  return Ok{};
}

// The schema version of an oyin SQLite database (PRAGMA user_version); an error when the file
// is not a SQLite database.
Result<int> sqlite_version(sqlite3* db) {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, nullptr) != SQLITE_OK)
    return make_error(std::string(sqlite3_errmsg(db)));
  const int rc = sqlite3_step(st);
  const int v = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
  sqlite3_finalize(st);
  if (rc != SQLITE_ROW) return make_error(std::string(sqlite3_errmsg(db)));
  return v;
}

// Every page of `from` into `to`, in one step: one read transaction on `from`, so the copy is the
// database as of its start, whatever is committed meanwhile (a stepwise copy would start again
// at every commit of the running server).
Status copy_pages(sqlite3* from, sqlite3* to) {
  sqlite3_backup* b = sqlite3_backup_init(to, "main", from, "main");
  if (!b) return make_error(std::string(sqlite3_errmsg(to)));
  int rc;
  while ((rc = sqlite3_backup_step(b, -1)) == SQLITE_BUSY || rc == SQLITE_LOCKED) sqlite3_sleep(50);
  sqlite3_backup_finish(b);
  if (rc != SQLITE_DONE) return make_error(std::string(sqlite3_errstr(rc)));
  return Ok{};
}

Status backup_sqlite(const std::string& path, const std::string& out) {
  if (!fs::exists(path)) return make_error("no database at '" + path + "'");
  SqliteFile from, to;
  if (auto s = open_file(from, path, SQLITE_OPEN_READWRITE); !s) return s;  // no write is made
  auto version = sqlite_version(from.db);
  if (!version) return make_error("'" + path + "' is not a SQLite database: " + version.error());
  if (*version == 0) return make_error("'" + path + "' is not an oyin database (no schema)");
  const std::string part = out + ".part";
  std::error_code ec;
  fs::remove(part, ec);
  if (auto s = open_file(to, part, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE); !s) return s;
  if (auto s = copy_pages(from.db, to.db); !s) return make_error("backup of '" + path + "' failed: " + s.error());
  // A file of its own: no write-ahead log beside it to lose when it is copied elsewhere.
  sqlite3_exec(to.db, "PRAGMA journal_mode=DELETE", nullptr, nullptr, nullptr);
  sqlite3_close(to.db);
  to.db = nullptr;
  fs::rename(part, out, ec);
  if (ec) return make_error("cannot write '" + out + "': " + ec.message());
  return Ok{};
}

Status restore_sqlite(const std::string& path, const std::string& in, bool force) {
  if (!fs::exists(in)) return make_error("no backup at '" + in + "'");
  SqliteFile from, to;
  if (auto s = open_file(from, in, SQLITE_OPEN_READONLY); !s) return s;
  auto version = sqlite_version(from.db);
  if (!version) return make_error("'" + in + "' is not a SQLite backup: " + version.error());
  if (*version == 0) return make_error("'" + in + "' is not an oyin backup (no schema)");
  std::error_code ec;
  if (fs::exists(path) && fs::file_size(path, ec) > 0 && !force)
    return make_error("'" + path + "' is not empty: restore into a new file, or give --force to replace it");
  if (const fs::path dir = fs::path(path).parent_path(); !dir.empty()) fs::create_directories(dir, ec);
  if (auto s = open_file(to, path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE); !s) return s;
  if (auto s = copy_pages(from.db, to.db); !s) return make_error("restore into '" + path + "' failed: " + s.error());
  return Ok{};
}

// --- PostgreSQL -----------------------------------------------------------------------------

std::string tool_path(const std::string& name) {
  if (const char* dir = std::getenv("OYIN_POSTGRES_BIN"); dir && *dir) return std::string(dir) + "/" + name;
  if (const char* path = std::getenv("PATH"))
    for (std::string_view rest = path; !rest.empty();) {
      const auto colon = rest.find(':');
      const std::string dir(rest.substr(0, colon));
      if (!dir.empty() && access((dir + "/" + name).c_str(), X_OK) == 0) return dir + "/" + name;
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
  return "/usr/lib/postgresql/15/bin/" + name;
}

// "%41" as "A".
std::string percent_decoded(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

// The URL without its password, and the password ("" when none).
std::pair<std::string, std::string> split_password(const std::string& url) {
  const auto scheme = url.find("://");
  const auto at = url.find('@');
  if (scheme == std::string::npos || at == std::string::npos) return {url, ""};
  const auto colon = url.find(':', scheme + 3);
  if (colon == std::string::npos || colon > at) return {url, ""};
  return {url.substr(0, colon) + url.substr(at), percent_decoded(url.substr(colon + 1, at - colon - 1))};
}

// Runs `tool` with `args` (no shell), the URL's password in PGPASSWORD; its output and errors
// go where ours go.
Status run_tool(const std::string& tool, std::vector<std::string> args, const std::string& password) {
  const std::string path = tool_path(tool);
  if (access(path.c_str(), X_OK) != 0)
    return make_error("no " + tool + " at " + path + " (install postgresql-15, or set OYIN_POSTGRES_BIN)");
  args.insert(args.begin(), path);
  const pid_t pid = fork();
  if (pid < 0) return make_error("cannot start " + tool);
  if (pid == 0) {
    if (!password.empty()) setenv("PGPASSWORD", password.c_str(), 1);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return make_error(tool + " failed (exit " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")");
  return Ok{};
}

Status backup_postgres(const std::string& url, const std::string& out) {
  const auto [plain, password] = split_password(url);
  const std::string part = out + ".part";
  if (auto s = run_tool("pg_dump", {"--format=custom", "--no-owner", "--file=" + part, "--dbname=" + plain}, password); !s)
    return s;
  std::error_code ec;
  fs::rename(part, out, ec);
  if (ec) return make_error("cannot write '" + out + "': " + ec.message());
  return Ok{};
}

Status restore_postgres(const std::string& url, const std::string& in, bool force) {
  if (!fs::exists(in)) return make_error("no backup at '" + in + "'");
  auto c = connect_postgres(url);
  if (!c) return make_error(c.error());
  auto tables = (*c)->query("SELECT count(*) FROM information_schema.tables WHERE table_schema='public'");
  if (!tables) return make_error(tables.error());
  const bool empty = tables->empty() || tables->front().integer(0) == 0;
  c->reset();
  if (!empty && !force)
    return make_error("the database " + without_password(url) + " has tables: restore into an empty database, or give --force to replace them");
  const auto [plain, password] = split_password(url);
  std::vector<std::string> args{"--no-owner", "--exit-on-error", "--dbname=" + plain};
  if (!empty) args.insert(args.begin(), {"--clean", "--if-exists"});
  args.push_back(in);
  return run_tool("pg_restore", std::move(args), password);
}

}  // namespace

Status backup_store(const std::string& where, const std::string& out) {
  if (out.empty()) return make_error("--out is required");
  return is_postgres_url(where) ? backup_postgres(where, out) : backup_sqlite(where, out);
}

Status restore_store(const std::string& where, const std::string& in, bool force) {
  return is_postgres_url(where) ? restore_postgres(where, in, force) : restore_sqlite(where, in, force);
}

}  // namespace oyin::storage
