// The SQLite game store on its own: schema migration, round trips, undo, listing, reopening.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>

#include "storage/game_store.h"

namespace oyin::storage {
namespace {

std::string fresh_path(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "oyin_store_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  const std::string p = dir + "/" + name + ".sqlite";
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(p + ext);
  return p;
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

TEST(GameStore, CreatesTheSchemaInWalMode) {
  const std::string path = fresh_path("schema");
  auto s = GameStore::open(path);
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ((*s)->schema_version(), 2);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, nullptr);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)), "wal");
  sqlite3_finalize(st);
  sqlite3_close(db);
}

TEST(GameStore, MovesUndoAndOutcomeSurviveReopening) {
  const std::string path = fresh_path("roundtrip");
  {
    auto s = GameStore::open(path);
    ASSERT_TRUE(s) << s.error();
    ASSERT_TRUE((*s)->insert_game(sample("g1")));
    ASSERT_TRUE((*s)->append_move("g1", 0, "6", "*", ""));
    ASSERT_TRUE((*s)->append_move("g1", 1, "1", "*", ""));
    ASSERT_TRUE((*s)->append_move("g1", 2, "7", "*", ""));
    ASSERT_TRUE((*s)->truncate_moves("g1", 2, "*", ""));
    ASSERT_TRUE((*s)->set_outcome("g1", "0-1", "white resigned", -1));
    EXPECT_FALSE((*s)->append_move("g1", 1, "9", "*", ""));  // the ply is taken: refused, nothing changes
  }
  auto s = GameStore::open(path);
  ASSERT_TRUE(s);
  auto g = (*s)->load("g1");
  ASSERT_TRUE(g && *g);
  EXPECT_EQ((*g)->moves, (std::vector<std::string>{"6", "1"}));
  EXPECT_EQ((*g)->result, "0-1");
  EXPECT_EQ((*g)->reason, "white resigned");
  EXPECT_EQ((*g)->tokens[1], "tb");
  EXPECT_EQ((*g)->level, 4);
  auto missing = (*s)->load("nope");
  ASSERT_TRUE(missing);
  EXPECT_FALSE(*missing);
}

TEST(GameStore, ListsNewestFirstWithPaging) {
  auto s = GameStore::open(fresh_path("list"));
  ASSERT_TRUE(s);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE((*s)->insert_game(sample(std::string("g").append(std::to_string(i)))));
  ASSERT_TRUE((*s)->append_move("g3", 0, "9", "*", ""));
  auto page = (*s)->list(1, 2);
  ASSERT_TRUE(page);
  ASSERT_EQ(page->size(), 2u);
  EXPECT_EQ((*page)[0].id, "g3");
  EXPECT_EQ((*page)[0].move_count, 1u);
  EXPECT_EQ((*page)[1].id, "g2");
  EXPECT_EQ(*(*s)->count(), 5u);
  EXPECT_FALSE((*s)->insert_game(sample("g1")));  // duplicate id
}

TEST(GameStore, RefusesADatabaseFromTheFuture) {
  const std::string path = fresh_path("future");
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_exec(db, "PRAGMA user_version=99", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  auto s = GameStore::open(path);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error(), "database: schema version 99 is newer than this oyin (2)");
  auto bad = GameStore::open("/nonexistent-dir/x.sqlite");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("cannot open database '/nonexistent-dir/x.sqlite'"), std::string::npos) << bad.error();
}

}  // namespace
}  // namespace oyin::storage
