#include "storage/game_store.h"

#include <sqlite3.h>

#include <chrono>
#include <condition_variable>

#include "storage/statement.h"

namespace oyin::storage {

namespace {

// Each entry moves the schema from version i to i+1; never edit a released entry, append one.
const char* const kMigrations[] = {
    R"sql(
CREATE TABLE games(
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  rules TEXT NOT NULL,
  start_position TEXT NOT NULL,
  mode TEXT NOT NULL,
  level INTEGER NOT NULL,
  ai_side INTEGER NOT NULL,
  token0 TEXT NOT NULL,
  token1 TEXT NOT NULL,
  result TEXT NOT NULL DEFAULT '*',
  reason TEXT NOT NULL DEFAULT '',
  draw_offer INTEGER NOT NULL DEFAULT -1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE moves(
  game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  move TEXT NOT NULL,
  PRIMARY KEY(game_id, ply)
) WITHOUT ROWID;
)sql",
    // Clocks: the time control of a game and the mover's time left after each move.
    R"sql(
ALTER TABLE games ADD COLUMN clock_initial_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE moves ADD COLUMN clock_ms INTEGER NOT NULL DEFAULT -1;
)sql",
};

constexpr const char* kNow = "strftime('%Y-%m-%dT%H:%M:%SZ','now')";

Error db_error(sqlite3* db, const std::string& what) {
  return make_error("database: " + what + ": " + sqlite3_errmsg(db));
}

}  // namespace

Result<std::unique_ptr<GameStore>> GameStore::open(const std::string& path) {
  sqlite3* db = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    std::string msg = "cannot open database '" + path + "': " + (db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_close(db);
    return make_error(msg);
  }
  sqlite3_busy_timeout(db, 5000);
  std::unique_ptr<GameStore> store(new GameStore(db));
  // WAL with synchronous=NORMAL: a commit survives the process being killed (the WAL is in the
  // OS page cache); FULL would add an fsync per move for power-loss safety.
  if (auto s = store->exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"); !s)
    return make_error(s.error());
  if (auto s = store->migrate(); !s) return make_error(s.error());
  sqlite3* reader = nullptr;
  if (sqlite3_open_v2(path.c_str(), &reader, SQLITE_OPEN_READONLY | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK) {
    std::string msg = "cannot open database '" + path + "' for reading: " + (reader ? sqlite3_errmsg(reader) : "out of memory");
    sqlite3_close(reader);
    return make_error(msg);
  }
  sqlite3_busy_timeout(reader, 5000);
  store->reader_ = reader;
  // Checkpoints (which fsync the database file) run on a thread of their own with a connection
  // of their own, not after a commit while the writer's mutex is held: a move never waits for one.
  sqlite3* ckpt = nullptr;
  if (sqlite3_open_v2(path.c_str(), &ckpt, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK) {
    std::string msg = "cannot open database '" + path + "' for checkpoints: " + (ckpt ? sqlite3_errmsg(ckpt) : "out of memory");
    sqlite3_close(ckpt);
    return make_error(msg);
  }
  if (auto s = store->exec("PRAGMA wal_autocheckpoint=0"); !s) {
    sqlite3_close(ckpt);
    return make_error(s.error());
  }
  store->checkpointer_ = std::jthread([ckpt](std::stop_token stop) {
    std::mutex m;
    std::condition_variable_any cv;
    while (!stop.stop_requested()) {
      std::unique_lock lock(m);
      cv.wait_for(lock, stop, std::chrono::milliseconds(500), [] { return false; });
      int wal_pages = 0, done = 0;
      sqlite3_wal_checkpoint_v2(ckpt, nullptr, SQLITE_CHECKPOINT_PASSIVE, &wal_pages, &done);
    }
    sqlite3_wal_checkpoint_v2(ckpt, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    sqlite3_close(ckpt);
  });
  return store;
}

GameStore::GameStore(sqlite3* db) : db_(db), reader_(db) {}

GameStore::~GameStore() {
  if (checkpointer_.joinable()) {
    checkpointer_.request_stop();
    checkpointer_.join();
  }
  append_insert_.reset();
  append_update_.reset();
  if (reader_ != db_) sqlite3_close(reader_);
  sqlite3_close(db_);
}

Status GameStore::exec(const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = std::string("database: ") + (err ? err : "error");
    sqlite3_free(err);
    return make_error(msg);
  }
  return Ok{};
}

Status GameStore::migrate() {
  std::lock_guard lock(mutex_);
  Statement v(db_, "PRAGMA user_version");
  if (v.step() != SQLITE_ROW) return db_error(db_, "reading the schema version");
  const int have = static_cast<int>(v.integer(0));
  const int want = static_cast<int>(std::size(kMigrations));
  if (have > want)
    return make_error("database: schema version " + std::to_string(have) + " is newer than this oyin (" +
                      std::to_string(want) + ")");
  for (int i = have; i < want; ++i) {
    std::string sql = std::string("BEGIN IMMEDIATE;") + kMigrations[i] + "PRAGMA user_version=" +
                      std::to_string(i + 1) + "; COMMIT;";
    if (auto s = exec(sql.c_str()); !s) {
      rollback();
      return s;
    }
  }
  return Ok{};
}

int GameStore::schema_version() {
  std::lock_guard lock(mutex_);
  Statement v(db_, "PRAGMA user_version");
  return v.step() == SQLITE_ROW ? static_cast<int>(v.integer(0)) : -1;
}

Status GameStore::insert_game(const StoredGame& g) {
  std::lock_guard lock(mutex_);
  if (auto s = exec("BEGIN IMMEDIATE"); !s) return s;
  const std::string sql = std::string(
                              "INSERT INTO games(id, game, rules, start_position, mode, level, ai_side, token0, "
                              "token1, result, reason, draw_offer, clock_initial_ms, clock_increment_ms, "
                              "created_at, updated_at) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,") + kNow + "," + kNow + ")";
  Statement st(db_, sql.c_str());
  st.bind(1, g.id).bind(2, g.game).bind(3, g.rules).bind(4, g.start_position).bind(5, g.mode);
  st.bind(6, std::int64_t{g.level}).bind(7, std::int64_t{g.ai_side}).bind(8, g.tokens[0]).bind(9, g.tokens[1]);
  st.bind(10, g.result).bind(11, g.reason).bind(12, std::int64_t{g.draw_offer});
  st.bind(13, g.clock_initial_ms).bind(14, g.clock_increment_ms);
  if (st.step() != SQLITE_DONE) {
    Error e = db_error(db_, "inserting game " + g.id);
    rollback();
    return e;
  }
  Statement m(db_, "INSERT INTO moves(game_id, ply, move, clock_ms) VALUES(?,?,?,?)");
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    m.reset();
    m.bind(1, g.id).bind(2, static_cast<std::int64_t>(i)).bind(3, g.moves[i]);
    m.bind(4, i < g.move_clock_ms.size() ? g.move_clock_ms[i] : std::int64_t{-1});
    if (m.step() != SQLITE_DONE) {
      Error e = db_error(db_, "inserting the moves of game " + g.id);
      rollback();
      return e;
    }
  }
  return exec("COMMIT");
}

Status GameStore::append_move(const std::string& id, std::size_t ply, const std::string& move,
                              const std::string& result, const std::string& reason, std::int64_t clock_ms) {
  std::lock_guard lock(mutex_);
  if (auto s = exec("BEGIN IMMEDIATE"); !s) return s;
  // The hot path of the server: its two statements are prepared once.
  if (!append_insert_) {
    append_insert_ = std::make_unique<Statement>(db_, "INSERT INTO moves(game_id, ply, move, clock_ms) VALUES(?,?,?,?)");
    const std::string sql = std::string("UPDATE games SET result=?, reason=?, draw_offer=-1, updated_at=") + kNow +
                            " WHERE id=?";
    append_update_ = std::make_unique<Statement>(db_, sql.c_str());
  }
  Statement& m = *append_insert_;
  Statement& g = *append_update_;
  m.reset();
  g.reset();
  m.bind(1, id).bind(2, static_cast<std::int64_t>(ply)).bind(3, move).bind(4, clock_ms);
  g.bind(1, result).bind(2, reason).bind(3, id);
  const bool ok = m.step() == SQLITE_DONE && g.step() == SQLITE_DONE;
  m.reset();
  g.reset();
  if (!ok) {
    Error e = db_error(db_, "saving a move of game " + id);
    rollback();
    return e;
  }
  return exec("COMMIT");
}

Status GameStore::truncate_moves(const std::string& id, std::size_t ply_count, const std::string& result,
                                 const std::string& reason) {
  std::lock_guard lock(mutex_);
  if (auto s = exec("BEGIN IMMEDIATE"); !s) return s;
  Statement m(db_, "DELETE FROM moves WHERE game_id=? AND ply>=?");
  m.bind(1, id).bind(2, static_cast<std::int64_t>(ply_count));
  const std::string sql = std::string("UPDATE games SET result=?, reason=?, draw_offer=-1, updated_at=") + kNow +
                          " WHERE id=?";
  Statement g(db_, sql.c_str());
  g.bind(1, result).bind(2, reason).bind(3, id);
  if (m.step() != SQLITE_DONE || g.step() != SQLITE_DONE) {
    Error e = db_error(db_, "undoing moves of game " + id);
    rollback();
    return e;
  }
  return exec("COMMIT");
}

Status GameStore::set_outcome(const std::string& id, const std::string& result, const std::string& reason,
                              int draw_offer) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string("UPDATE games SET result=?, reason=?, draw_offer=?, updated_at=") + kNow +
                          " WHERE id=?";
  Statement g(db_, sql.c_str());
  g.bind(1, result).bind(2, reason).bind(3, std::int64_t{draw_offer}).bind(4, id);
  if (g.step() != SQLITE_DONE) return db_error(db_, "updating game " + id);
  return Ok{};
}

namespace {
constexpr const char* kColumns =
    "id, game, rules, start_position, mode, level, ai_side, token0, token1, result, reason, draw_offer, "
    "created_at, updated_at, clock_initial_ms, clock_increment_ms";

StoredGame read_row(const Statement& st) {
  StoredGame g;
  g.id = st.text(0);
  g.game = st.text(1);
  g.rules = st.text(2);
  g.start_position = st.text(3);
  g.mode = st.text(4);
  g.level = static_cast<int>(st.integer(5));
  g.ai_side = static_cast<int>(st.integer(6));
  g.tokens[0] = st.text(7);
  g.tokens[1] = st.text(8);
  g.result = st.text(9);
  g.reason = st.text(10);
  g.draw_offer = static_cast<int>(st.integer(11));
  g.created_at = st.text(12);
  g.updated_at = st.text(13);
  g.clock_initial_ms = st.integer(14);
  g.clock_increment_ms = st.integer(15);
  return g;
}
}  // namespace

Result<std::optional<StoredGame>> GameStore::load(const std::string& id) {
  std::lock_guard lock(read_mutex_);
  const std::string sql = std::string("SELECT ") + kColumns + " FROM games WHERE id=?";
  Statement st(reader_, sql.c_str());
  st.bind(1, id);
  const int rc = st.step();
  if (rc == SQLITE_DONE) return std::optional<StoredGame>();
  if (rc != SQLITE_ROW) return db_error(reader_, "loading game " + id);
  StoredGame g = read_row(st);
  Statement m(reader_, "SELECT move, clock_ms FROM moves WHERE game_id=? ORDER BY ply");
  m.bind(1, id);
  int r;
  while ((r = m.step()) == SQLITE_ROW) {
    g.moves.push_back(m.text(0));
    g.move_clock_ms.push_back(m.integer(1));
  }
  if (r != SQLITE_DONE) return db_error(reader_, "loading the moves of game " + id);
  g.move_count = g.moves.size();
  return std::optional<StoredGame>(std::move(g));
}

Result<std::vector<StoredGame>> GameStore::list(std::size_t offset, std::size_t limit) {
  std::lock_guard lock(read_mutex_);
  const std::string sql = std::string("SELECT ") + kColumns +
                          ", (SELECT COUNT(*) FROM moves WHERE game_id=games.id) FROM games "
                          "ORDER BY rowid DESC LIMIT ? OFFSET ?";
  Statement st(reader_, sql.c_str());
  st.bind(1, static_cast<std::int64_t>(limit)).bind(2, static_cast<std::int64_t>(offset));
  std::vector<StoredGame> out;
  int r;
  while ((r = st.step()) == SQLITE_ROW) {
    out.push_back(read_row(st));
    out.back().move_count = static_cast<std::size_t>(st.integer(16));
  }
  if (r != SQLITE_DONE) return db_error(reader_, "listing games");
  return out;
}

Result<std::size_t> GameStore::count() {
  std::lock_guard lock(read_mutex_);
  Statement st(reader_, "SELECT COUNT(*) FROM games");
  if (st.step() != SQLITE_ROW) return db_error(reader_, "counting games");
  return static_cast<std::size_t>(st.integer(0));
}

Result<std::vector<std::string>> GameStore::ongoing_timed_ids() {
  std::lock_guard lock(read_mutex_);
  Statement st(reader_, "SELECT id FROM games WHERE clock_initial_ms > 0 AND result = '*' AND reason = ''");
  std::vector<std::string> out;
  int r;
  while ((r = st.step()) == SQLITE_ROW) out.push_back(st.text(0));
  if (r != SQLITE_DONE) return db_error(reader_, "listing the timed games in play");
  return out;
}

}  // namespace oyin::storage
