#pragma once
// Which store a test runs against. ctest runs the server suite twice: as it is (SQLite files)
// and with OYIN_TEST_STORE=postgresql (test names prefixed "postgresql."), where every SQLite
// path a test names stands for a fresh database on the test's own PostgreSQL server
// (support/postgres_server.h).
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>

#include "support/postgres_server.h"

namespace oyin::testing {

inline bool testing_postgres() {
  const char* s = std::getenv("OYIN_TEST_STORE");
  return s && std::string(s) == "postgresql";
}

// `sqlite_path` itself, or (OYIN_TEST_STORE=postgresql) the URL of a PostgreSQL database made
// fresh for that path on its first use in this process, the same one after (a restarted server
// finds its games). Fails the test when PostgreSQL cannot start.
inline std::string store_for(const std::string& sqlite_path) {
  if (!testing_postgres() || storage::is_postgres_url(sqlite_path)) return sqlite_path;
  static std::mutex m;
  static std::map<std::string, std::string> urls;
  std::lock_guard lock(m);
  auto& url = urls[sqlite_path];
  if (url.empty()) {
    auto& pg = PostgresServer::shared();
    const auto slash = sqlite_path.find_last_of('/');
    url = pg.fresh_database(slash == std::string::npos ? sqlite_path : sqlite_path.substr(slash + 1));
    EXPECT_TRUE(pg.error().empty()) << pg.error();
  }
  return url;
}

}  // namespace oyin::testing
