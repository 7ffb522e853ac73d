// The look-alike key of user names (migration "users.name_skeleton"), on both backends: a database
// whose accounts were made before it keeps them, each Latin name's skeleton its lower-case key,
// and from then on no two names share a skeleton (Cyrillic "Ерік" after Latin "Epik").
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>

#include "storage/account_store.h"
#include "storage/migrations.h"
#include "support/postgres_server.h"

namespace oyin::storage {
namespace {

// How many migrations came before the one adding users.name_skeleton.
std::size_t migrations_before_skeleton() {
  const auto all = schema_migrations();
  const auto it = std::find_if(all.begin(), all.end(), [](const Migration& m) {
    return m.sql && std::strstr(m.sql, "ADD COLUMN name_skeleton");
  });
  return static_cast<std::size_t>(it - all.begin());
}

class NameSkeletonMigrationTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    std::string where;
    if (GetParam() == Backend::sqlite) {
      const std::string dir = ::testing::TempDir() + "oyin_name_skeleton_" + std::to_string(getpid());
      std::filesystem::create_directories(dir);
      where = dir + "/names.sqlite";
      for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(where + ext);
    } else {
      auto& pg = oyin::testing::PostgresServer::shared();
      where = pg.fresh_database("name_skeleton");
      ASSERT_TRUE(pg.error().empty()) << pg.error();
    }
    auto db = Db::open(where);
    ASSERT_TRUE(db) << db.error();
    db_ = std::move(*db);
  }
  std::unique_ptr<Db> db_;
};

TEST_P(NameSkeletonMigrationTest, OldNamesKeepTheirKeyAndLookAlikesAreRefused) {
  const std::size_t before = migrations_before_skeleton();
  ASSERT_LT(before, schema_migrations().size()) << "no migration adds users.name_skeleton";
  ASSERT_TRUE(migrate(*db_->writer(), schema_migrations().first(before)));
  for (const auto& [name, key] : {std::pair{"Epik", "epik"}, std::pair{"Bob_Tom", "bob_tom"}})
    ASSERT_TRUE(db_->writer()->exec("INSERT INTO users(username, name_key, password_hash, chat, created_at) "
                                    "VALUES(?,?,'hash',1,'2026-01-01T00:00:00Z')",
                                    {name, key}));
  ASSERT_TRUE(migrate(*db_->writer(), schema_migrations()));

  AccountStore accounts(*db_);
  auto epik = accounts.find_by_skeleton("epik");
  ASSERT_TRUE(epik && *epik);
  EXPECT_EQ((*epik)->username, "Epik");
  auto bob = accounts.find_by_skeleton("bob_tom");
  ASSERT_TRUE(bob && *bob);
  EXPECT_EQ((*bob)->username, "Bob_Tom");
  // A Cyrillic name whose skeleton is taken is not added; one whose skeleton is free is.
  auto erik = accounts.create_user("Ерік", "ерік", "epik", "hash");
  ASSERT_TRUE(erik) << erik.error();
  EXPECT_FALSE(*erik);
  auto erlan = accounts.create_user("Ерлан", "ерлан", "epлah", "hash");
  ASSERT_TRUE(erlan && *erlan);
  auto found = accounts.find_by_skeleton("epлah");
  ASSERT_TRUE(found && *found);
  EXPECT_EQ((*found)->username, "Ерлан");
  auto by_key = accounts.find_by_name("ерлан");
  ASSERT_TRUE(by_key && *by_key);
  EXPECT_EQ((*by_key)->id, (*erlan)->id);
}

INSTANTIATE_TEST_SUITE_P(Backends, NameSkeletonMigrationTest, ::testing::Values(Backend::sqlite, Backend::postgresql),
                         [](const auto& info) { return info.param == Backend::sqlite ? "sqlite" : "postgresql"; });

}  // namespace
}  // namespace oyin::storage
