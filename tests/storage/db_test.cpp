// storage::Db itself, the same on both backends: placeholders, typed values and NULL, changed
// row counts, transactions that roll back, and migrations with a backend's own text.
#include <gtest/gtest.h>

#include <filesystem>

#include "storage/db.h"
#include "support/postgres_server.h"

namespace oyin::storage {
namespace {

TEST(NumberedPlaceholders, SkipQuotedText) {
  EXPECT_EQ(numbered_placeholders("SELECT a FROM t WHERE b=? AND c='?' AND \"d?\"=? LIMIT ?"),
            "SELECT a FROM t WHERE b=$1 AND c='?' AND \"d?\"=$2 LIMIT $3");
  EXPECT_EQ(numbered_placeholders("VALUES('it''s ?', ?)"), "VALUES('it''s ?', $1)");
}

TEST(PostgresUrl, TellsAUrlFromAPath) {
  EXPECT_TRUE(is_postgres_url("postgresql://oyin@127.0.0.1:5432/oyin"));
  EXPECT_TRUE(is_postgres_url("postgres://h/db"));
  EXPECT_FALSE(is_postgres_url("data/oyin.sqlite"));
  EXPECT_FALSE(is_postgres_url("postgresql.sqlite"));
}

class DbTest : public ::testing::TestWithParam<Backend> {
 protected:
  std::unique_ptr<Db> open(const std::string& name) {
    std::string where;
    if (GetParam() == Backend::sqlite) {
      const std::string dir = ::testing::TempDir() + "oyin_db_" + std::to_string(getpid());
      std::filesystem::create_directories(dir);
      where = dir + "/" + name + ".sqlite";
      for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(where + ext);
    } else {
      auto& pg = oyin::testing::PostgresServer::shared();
      where = pg.fresh_database(name);
      EXPECT_TRUE(pg.error().empty()) << pg.error();
    }
    auto db = Db::open(where);
    EXPECT_TRUE(db) << db.error();
    return db ? std::move(*db) : nullptr;
  }
};

const Migration kTestMigrations[] = {
    {.sql = "CREATE TABLE t(k TEXT PRIMARY KEY, n BIGINT, note TEXT)"},
    {.sql = "CREATE INDEX t_n ON t(n)",
     .sqlite = "CREATE INDEX t_n ON t(n); CREATE TABLE which(name TEXT); INSERT INTO which VALUES('sqlite')",
     .postgresql = "CREATE INDEX t_n ON t(n); CREATE TABLE which(name TEXT); INSERT INTO which VALUES('postgresql')"},
};

TEST_P(DbTest, ValuesRowsCountsAndTransactions) {
  auto db = open("values");
  ASSERT_TRUE(db);
  ASSERT_TRUE(migrate(*db->writer(), kTestMigrations));
  EXPECT_EQ(*db->writer()->schema_version(), 3);
  ASSERT_TRUE(migrate(*db->writer(), kTestMigrations));  // already there: nothing to do
  auto which = db->reader()->query("SELECT name FROM which");
  ASSERT_TRUE(which) << which.error();
  EXPECT_EQ(which->at(0).text(0), GetParam() == Backend::sqlite ? "sqlite" : "postgresql");

  auto w = db->writer();
  ASSERT_TRUE(w->exec("INSERT INTO t(k, n, note) VALUES(?,?,?)", {"a", 1, nullptr}));
  ASSERT_TRUE(w->exec("INSERT INTO t(k, n, note) VALUES(?,?,?)", {"b'?", std::int64_t{1} << 40, "x"}));
  auto changed = w->exec("UPDATE t SET note=? WHERE n>=?", {"y", 1});
  ASSERT_TRUE(changed) << changed.error();
  EXPECT_EQ(*changed, 2);
  // A failing statement inside a transaction undoes the whole transaction.
  auto failed = w->transaction([](Connection& c) -> Status {
    if (auto r = c.exec("INSERT INTO t(k, n) VALUES(?,?)", {"c", 3}); !r) return make_error(r.error());
    if (auto r = c.exec("INSERT INTO t(k, n) VALUES(?,?)", {"a", 4}); !r) return make_error(r.error());
    return Ok{};
  });
  EXPECT_FALSE(failed);
  auto rows = w->query("SELECT k, n, note FROM t ORDER BY k");
  ASSERT_TRUE(rows) << rows.error();
  ASSERT_EQ(rows->size(), 2u);
  EXPECT_EQ((*rows)[0].text(0), "a");
  EXPECT_EQ((*rows)[0].integer(1), 1);
  EXPECT_FALSE((*rows)[0].is_null(2));
  EXPECT_EQ((*rows)[1].text(0), "b'?");
  EXPECT_EQ((*rows)[1].integer(1), std::int64_t{1} << 40);
  ASSERT_TRUE(w->exec("UPDATE t SET note=? WHERE k=?", {nullptr, "a"}));
  auto note = w->query("SELECT note FROM t WHERE k=?", {"a"});
  ASSERT_TRUE(note);
  EXPECT_TRUE(note->at(0).is_null(0));
  auto bad = w->query("SELECT nope FROM t");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().rfind("database: ", 0), 0u);
}

INSTANTIATE_TEST_SUITE_P(Backends, DbTest, ::testing::Values(Backend::sqlite, Backend::postgresql),
                         [](const auto& info) { return info.param == Backend::sqlite ? "sqlite" : "postgresql"; });

}  // namespace
}  // namespace oyin::storage
