// Schema 2 (clocks): a version-1 database is migrated with its games intact (untimed, moves
// without times), and a timed game's control and the times stored with its moves round-trip.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>

#include "storage/game_store.h"
#include "storage/migrations.h"

namespace oyin::storage {
namespace {

// The schema this oyin migrates to (its last migration's number).
const int kCurrentSchema = static_cast<int>(schema_migrations().size());

std::string fresh_db(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "oyin_store_clock_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  const std::string p = dir + "/" + name + ".sqlite";
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(p + ext);
  return p;
}

TEST(GameStoreClocks, MigratesAVersion1DatabaseKeepingItsGames) {
  const std::string path = fresh_db("v1");
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  // Schema 1 as released, with one game of two moves.
  const char* v1 = R"sql(
CREATE TABLE games(id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL, start_position TEXT NOT NULL,
  mode TEXT NOT NULL, level INTEGER NOT NULL, ai_side INTEGER NOT NULL, token0 TEXT NOT NULL, token1 TEXT NOT NULL,
  result TEXT NOT NULL DEFAULT '*', reason TEXT NOT NULL DEFAULT '', draw_offer INTEGER NOT NULL DEFAULT -1,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE moves(game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, ply INTEGER NOT NULL,
  move TEXT NOT NULL, PRIMARY KEY(game_id, ply)) WITHOUT ROWID;
INSERT INTO games VALUES('old','togyz','','','hotseat',0,-1,'t','t','*','',-1,'2026-01-01T00:00:00Z','2026-01-01T00:00:00Z');
INSERT INTO moves VALUES('old',0,'6'),('old',1,'9');
PRAGMA user_version=1;
)sql";
  ASSERT_EQ(sqlite3_exec(db, v1, nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  auto s = GameStore::open(path);
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ((*s)->schema_version(), kCurrentSchema);
  auto g = (*s)->load("old");
  ASSERT_TRUE(g && *g);
  EXPECT_EQ((*g)->moves, (std::vector<std::string>{"6", "9"}));
  EXPECT_EQ((*g)->clock_initial_ms, 0);
  EXPECT_EQ((*g)->move_clock_ms, (std::vector<std::int64_t>{-1, -1}));
  EXPECT_EQ((*s)->ongoing_timed_ids()->size(), 0u);
}

TEST(GameStoreClocks, TimedGamesRoundTrip) {
  const std::string path = fresh_db("timed");
  {
    auto s = GameStore::open(path);
    ASSERT_TRUE(s) << s.error();
    StoredGame g;
    g.id = "t1";
    g.game = "togyz";
    g.mode = "online";
    g.clock_initial_ms = 180'000;
    g.clock_increment_ms = 2'000;
    ASSERT_TRUE((*s)->insert_game(g));
    ASSERT_TRUE(*(*s)->append_move("t1", 0, "6", "*", "", 180'000));
    ASSERT_TRUE(*(*s)->append_move("t1", 1, "9", "*", "", 180'000));
    ASSERT_TRUE(*(*s)->append_move("t1", 2, "1", "*", "", 171'500));
    StoredGame done = g;
    done.id = "t2";
    ASSERT_TRUE((*s)->insert_game(done));
    ASSERT_TRUE(*(*s)->set_outcome("t2", 0, "1-0", "black ran out of time", -1));
    EXPECT_EQ(*(*s)->ongoing_timed_ids(), std::vector<std::string>{"t1"});
  }
  auto s = GameStore::open(path);
  ASSERT_TRUE(s);
  auto g = (*s)->load("t1");
  ASSERT_TRUE(g && *g);
  EXPECT_EQ((*g)->clock_initial_ms, 180'000);
  EXPECT_EQ((*g)->clock_increment_ms, 2'000);
  EXPECT_EQ((*g)->move_clock_ms, (std::vector<std::int64_t>{180'000, 180'000, 171'500}));
}

}  // namespace
}  // namespace oyin::storage
