// The game store on both backends: schema migration, round trips, undo, listing, reopening;
// SQLite's WAL and PostgreSQL's schema table on their own.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>

#include "storage/game_store.h"
#include "storage/migrations.h"
#include "support/postgres_server.h"

namespace oyin::storage {
namespace {

// The schema this oyin migrates to (its last migration's number).
const int kCurrentSchema = static_cast<int>(schema_migrations().size());

using oyin::testing::PostgresServer;

std::string fresh_path(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "oyin_store_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  const std::string p = dir + "/" + name + ".sqlite";
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(p + ext);
  return p;
}

std::string fresh_postgres(const std::string& name) {
  auto& pg = PostgresServer::shared();
  std::string url = pg.fresh_database(name);
  EXPECT_TRUE(pg.error().empty()) << pg.error();
  return url;
}

StoredGame sample(const std::string& id) {
  StoredGame g;
  g.id = id;
  g.game = "togyz";
  g.mode = "online";
  g.level = 4;
  g.tokens[0] = "tw";
  g.tokens[1] = "tb";
  return g;
}

class GameStoreTest : public ::testing::TestWithParam<Backend> {
 protected:
  std::string fresh(const std::string& name) {
    return GetParam() == Backend::sqlite ? fresh_path(name) : fresh_postgres(name);
  }
};

TEST_P(GameStoreTest, MovesUndoAndOutcomeSurviveReopening) {
  const std::string where = fresh("roundtrip");
  {
    auto s = GameStore::open(where);
    ASSERT_TRUE(s) << s.error();
    EXPECT_EQ((*s)->schema_version(), kCurrentSchema);
    EXPECT_EQ((*s)->db().backend(), GetParam());
    ASSERT_TRUE((*s)->insert_game(sample("g1")));
    const char* const moves[] = {"6", "1", "7"};
    for (std::size_t ply = 0; ply < 3; ++ply) {
      auto r = (*s)->append_move("g1", ply, moves[ply], "*", "");
      ASSERT_TRUE(r && *r) << (r ? "stale" : r.error());
    }
    ASSERT_TRUE((*s)->truncate_moves("g1", 2, "*", ""));
    // A copy that is behind the store (a move made elsewhere) writes nothing: false, not an error.
    auto behind = (*s)->append_move("g1", 1, "9", "1-0", "x");
    ASSERT_TRUE(behind) << behind.error();
    EXPECT_FALSE(*behind);
    auto behind_outcome = (*s)->set_outcome("g1", 1, "1-0", "black resigned", -1);
    ASSERT_TRUE(behind_outcome) << behind_outcome.error();
    EXPECT_FALSE(*behind_outcome);
    auto resigned = (*s)->set_outcome("g1", 2, "0-1", "white resigned", -1);
    ASSERT_TRUE(resigned && *resigned);
    // Once ended, the game takes no other end and no move (another instance ended it first).
    EXPECT_FALSE(*(*s)->set_outcome("g1", 2, "1-0", "black ran out of time", -1));
    EXPECT_FALSE(*(*s)->append_move("g1", 2, "9", "*", ""));
    EXPECT_EQ(*(*s)->move_count("g1"), 2u);
  }
  auto s = GameStore::open(where);
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ((*s)->schema_version(), kCurrentSchema);
  auto g = (*s)->load("g1");
  ASSERT_TRUE(g && *g) << (g ? "missing" : g.error());
  EXPECT_EQ((*g)->moves, (std::vector<std::string>{"6", "1"}));
  EXPECT_EQ((*g)->result, "0-1");
  EXPECT_EQ((*g)->reason, "white resigned");
  EXPECT_EQ((*g)->tokens[1], "tb");
  EXPECT_EQ((*g)->level, 4);
  EXPECT_EQ((*g)->ai_side, -1);
  EXPECT_EQ((*g)->created_at.size(), 20u) << (*g)->created_at;  // 2026-12-01T21:30:00Z
  auto missing = (*s)->load("nope");
  ASSERT_TRUE(missing);
  EXPECT_FALSE(*missing);
}

TEST_P(GameStoreTest, ListsNewestFirstWithPaging) {
  auto s = GameStore::open(fresh("list"));
  ASSERT_TRUE(s) << s.error();
  for (int i = 0; i < 5; ++i) ASSERT_TRUE((*s)->insert_game(sample(std::string("g").append(std::to_string(i)))));
  ASSERT_TRUE(*(*s)->append_move("g3", 0, "9", "*", ""));
  auto page = (*s)->list(1, 2);
  ASSERT_TRUE(page) << page.error();
  ASSERT_EQ(page->size(), 2u);
  EXPECT_EQ((*page)[0].id, "g3");
  EXPECT_EQ((*page)[0].move_count, 1u);
  EXPECT_EQ((*page)[1].id, "g2");
  EXPECT_EQ(*(*s)->count(), 5u);
  EXPECT_FALSE((*s)->insert_game(sample("g1")));  // duplicate id
  EXPECT_EQ(*(*s)->count(), 5u);
}

TEST_P(GameStoreTest, InsertsAGameWithItsMovesAtOnce) {
  auto s = GameStore::open(fresh("imported"));
  ASSERT_TRUE(s) << s.error();
  StoredGame g = sample("imp");
  g.mode = "review";
  g.moves = {"9", "9", "1"};
  g.result = "1/2-1/2";
  ASSERT_TRUE((*s)->insert_game(g));
  auto back = (*s)->load("imp");
  ASSERT_TRUE(back && *back);
  EXPECT_EQ((*back)->moves, g.moves);
  EXPECT_EQ((*back)->result, "1/2-1/2");
}

INSTANTIATE_TEST_SUITE_P(Backends, GameStoreTest, ::testing::Values(Backend::sqlite, Backend::postgresql),
                         [](const auto& info) { return info.param == Backend::sqlite ? "sqlite" : "postgresql"; });

TEST(SqliteGameStore, CreatesTheSchemaInWalMode) {
  const std::string path = fresh_path("schema");
  auto s = GameStore::open(path);
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ((*s)->schema_version(), kCurrentSchema);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, nullptr);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)), "wal");
  sqlite3_finalize(st);
  sqlite3_close(db);
}

TEST(SqliteGameStore, RefusesADatabaseFromTheFuture) {
  const std::string path = fresh_path("future");
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_exec(db, "PRAGMA user_version=99", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  auto s = GameStore::open(path);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error(), "database: schema version 99 is newer than this oyin (" + std::to_string(kCurrentSchema) + ")");
  auto bad = GameStore::open("/nonexistent-dir/x.sqlite");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("cannot open database '/nonexistent-dir/x.sqlite'"), std::string::npos) << bad.error();
}

TEST(PostgresGameStore, RefusesADatabaseFromTheFutureAndAnUnreachableServer) {
  const std::string url = fresh_postgres("future");
  {
    auto db = Db::open(url);
    ASSERT_TRUE(db) << db.error();
    ASSERT_TRUE((*db)->writer()->script("CREATE TABLE oyin_schema(version INTEGER NOT NULL); "
                                        "INSERT INTO oyin_schema VALUES(99)"));
  }
  auto s = GameStore::open(url);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error(), "database: schema version 99 is newer than this oyin (" + std::to_string(kCurrentSchema) + ")");
  // Port 1 on loopback: nobody listens there.
  auto bad = GameStore::open("postgresql://oyin:secret@127.0.0.1:1/x");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().rfind("cannot open database 'postgresql://oyin:***@127.0.0.1:1/x': ", 0), 0u) << bad.error();
}

// Two servers starting at once on one new database: one migrates, the other waits for it and
// finds the schema done (the advisory lock), neither fails.
TEST(PostgresGameStore, ConcurrentStartsMigrateOnce) {
  const std::string url = fresh_postgres("concurrent");
  std::vector<std::thread> starts;
  std::atomic<int> ok{0};
  for (int i = 0; i < 4; ++i)
    starts.emplace_back([&] {
      auto s = GameStore::open(url);
      if (s && (*s)->schema_version() == kCurrentSchema) ++ok;
    });
  for (auto& t : starts) t.join();
  EXPECT_EQ(ok, 4);
}

}  // namespace
}  // namespace oyin::storage
