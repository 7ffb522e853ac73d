#include "storage/knowledge_store.h"

#include <sqlite3.h>

#include "storage/statement.h"

namespace oyin::storage {

namespace {

// Each entry moves the knowledge tables from version i to i+1; never edit a released entry,
// append one. Ids are given by the store (MAX(id)+1 inside the writing transaction), not by an
// auto-increment, whose spelling differs between SQLite and PostgreSQL.
const char* const kMigrations[] = {
    R"sql(
CREATE TABLE knowledge_variants(
  id BIGINT NOT NULL PRIMARY KEY,
  game TEXT NOT NULL,
  rules TEXT NOT NULL,
  UNIQUE(game, rules)
);
CREATE TABLE knowledge_sources(
  id BIGINT NOT NULL PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);
CREATE TABLE base_games(
  id BIGINT NOT NULL PRIMARY KEY,
  content_key TEXT NOT NULL UNIQUE,
  variant_id BIGINT NOT NULL REFERENCES knowledge_variants(id),
  source_id BIGINT NOT NULL REFERENCES knowledge_sources(id),
  start_position TEXT NOT NULL,
  event TEXT NOT NULL,
  site TEXT NOT NULL,
  date TEXT NOT NULL,
  year INTEGER NOT NULL,
  round TEXT NOT NULL,
  white TEXT NOT NULL,
  black TEXT NOT NULL,
  white_elo INTEGER NOT NULL,
  black_elo INTEGER NOT NULL,
  time_control TEXT NOT NULL,
  result TEXT NOT NULL,
  reason TEXT NOT NULL,
  ply_count INTEGER NOT NULL,
  moves TEXT NOT NULL,
  tags TEXT NOT NULL,
  file TEXT NOT NULL,
  line INTEGER NOT NULL
);
CREATE INDEX base_games_by_white ON base_games(variant_id, white);
CREATE INDEX base_games_by_black ON base_games(variant_id, black);
CREATE INDEX base_games_by_year ON base_games(variant_id, year);
CREATE TABLE explorer_moves(
  variant_id BIGINT NOT NULL REFERENCES knowledge_variants(id),
  position_key BIGINT NOT NULL,
  source_id BIGINT NOT NULL REFERENCES knowledge_sources(id),
  move TEXT NOT NULL,
  games BIGINT NOT NULL,
  first_wins BIGINT NOT NULL,
  draws BIGINT NOT NULL,
  second_wins BIGINT NOT NULL,
  rating_sum BIGINT NOT NULL,
  rating_count BIGINT NOT NULL,
  PRIMARY KEY(variant_id, position_key, source_id, move)
);
CREATE TABLE base_positions(
  variant_id BIGINT NOT NULL REFERENCES knowledge_variants(id),
  position_key BIGINT NOT NULL,
  game_id BIGINT NOT NULL REFERENCES base_games(id),
  ply INTEGER NOT NULL,
  PRIMARY KEY(variant_id, position_key, game_id)
);
)sql",
};

Error db_error(sqlite3* db, const std::string& what) {
  return make_error("database: " + what + ": " + sqlite3_errmsg(db));
}

// Position keys are unsigned 64-bit hashes; the column is a signed BIGINT holding the same bits.
std::int64_t key_column(std::uint64_t k) { return static_cast<std::int64_t>(k); }

constexpr const char* kGameColumns =
    "g.id, g.content_key, v.game, v.rules, g.start_position, s.name, g.event, g.site, g.date, g.year, g.round, "
    "g.white, g.black, g.white_elo, g.black_elo, g.time_control, g.result, g.reason, g.ply_count, g.file, g.line";
constexpr const char* kGameJoins =
    " FROM base_games g JOIN knowledge_variants v ON v.id = g.variant_id"
    " JOIN knowledge_sources s ON s.id = g.source_id";

BaseGame read_game(const Statement& st) {
  BaseGame g;
  g.id = st.integer(0);
  g.content_key = st.text(1);
  g.game = st.text(2);
  g.rules = st.text(3);
  g.start_position = st.text(4);
  g.source = st.text(5);
  g.event = st.text(6);
  g.site = st.text(7);
  g.date = st.text(8);
  g.year = static_cast<int>(st.integer(9));
  g.round = st.text(10);
  g.white = st.text(11);
  g.black = st.text(12);
  g.white_elo = static_cast<int>(st.integer(13));
  g.black_elo = static_cast<int>(st.integer(14));
  g.time_control = st.text(15);
  g.result = st.text(16);
  g.reason = st.text(17);
  g.ply_count = static_cast<int>(st.integer(18));
  g.file = st.text(19);
  g.line = static_cast<int>(st.integer(20));
  return g;
}

}  // namespace

Result<std::unique_ptr<KnowledgeStore>> KnowledgeStore::open(const std::string& path) {
  sqlite3* db = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    std::string msg = "cannot open database '" + path + "': " + (db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_close(db);
    return make_error(msg);
  }
  sqlite3_busy_timeout(db, 10000);
  std::unique_ptr<KnowledgeStore> store(new KnowledgeStore(db));
  if (auto s = store->exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"); !s)
    return make_error(s.error());
  if (auto s = store->migrate(); !s) return make_error(s.error());
  return store;
}

KnowledgeStore::~KnowledgeStore() { sqlite3_close(db_); }

Status KnowledgeStore::exec(const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = std::string("database: ") + (err ? err : "error");
    sqlite3_free(err);
    return make_error(msg);
  }
  return Ok{};
}

Status KnowledgeStore::migrate() {
  std::lock_guard lock(mutex_);
  if (auto s = exec("BEGIN IMMEDIATE; CREATE TABLE IF NOT EXISTS knowledge_schema(version INTEGER NOT NULL);"); !s)
    return s;
  auto fail = [&](Error e) {
    (void)exec("ROLLBACK");
    return e;
  };
  int have = 0;
  {
    Statement v(db_, "SELECT version FROM knowledge_schema");
    const int rc = v.step();
    if (rc == SQLITE_ROW) have = static_cast<int>(v.integer(0));
    else if (rc != SQLITE_DONE) return fail(db_error(db_, "reading the knowledge schema version"));
  }
  const int want = static_cast<int>(std::size(kMigrations));
  if (have > want)
    return fail(make_error("database: knowledge schema version " + std::to_string(have) +
                           " is newer than this oyin (" + std::to_string(want) + ")"));
  for (int i = have; i < want; ++i)
    if (auto s = exec(kMigrations[i]); !s) return fail(make_error(s.error()));
  if (have != want) {
    const std::string sql = "DELETE FROM knowledge_schema; INSERT INTO knowledge_schema(version) VALUES(" +
                            std::to_string(want) + ");";
    if (auto s = exec(sql.c_str()); !s) return fail(make_error(s.error()));
  }
  return exec("COMMIT");
}

int KnowledgeStore::schema_version() {
  std::lock_guard lock(mutex_);
  Statement v(db_, "SELECT version FROM knowledge_schema");
  return v.step() == SQLITE_ROW ? static_cast<int>(v.integer(0)) : -1;
}

Result<std::vector<bool>> KnowledgeStore::contains(const std::vector<std::string>& keys) {
  std::lock_guard lock(mutex_);
  Statement st(db_, "SELECT 1 FROM base_games WHERE content_key = ?");
  std::vector<bool> out;
  out.reserve(keys.size());
  for (const auto& k : keys) {
    st.reset();
    st.bind(1, k);
    const int rc = st.step();
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return db_error(db_, "looking up a game");
    out.push_back(rc == SQLITE_ROW);
  }
  return out;
}

Result<std::optional<std::int64_t>> KnowledgeStore::variant_id(const std::string& game, const std::string& rules,
                                                                bool create) {
  Statement st(db_, "SELECT id FROM knowledge_variants WHERE game = ? AND rules = ?");
  st.bind(1, game).bind(2, rules);
  int rc = st.step();
  if (rc == SQLITE_ROW) return std::optional<std::int64_t>(st.integer(0));
  if (rc != SQLITE_DONE) return db_error(db_, "looking up a variant");
  if (!create) return std::optional<std::int64_t>();
  Statement ins(db_, "INSERT INTO knowledge_variants(id, game, rules) "
                     "SELECT COALESCE(MAX(id), 0) + 1, ?, ? FROM knowledge_variants");
  ins.bind(1, game).bind(2, rules);
  if (ins.step() != SQLITE_DONE) return db_error(db_, "adding a variant");
  return variant_id(game, rules, false);
}

Result<std::optional<std::int64_t>> KnowledgeStore::source_id(const std::string& name, bool create) {
  Statement st(db_, "SELECT id FROM knowledge_sources WHERE name = ?");
  st.bind(1, name);
  int rc = st.step();
  if (rc == SQLITE_ROW) return std::optional<std::int64_t>(st.integer(0));
  if (rc != SQLITE_DONE) return db_error(db_, "looking up a source");
  if (!create) return std::optional<std::int64_t>();
  Statement ins(db_, "INSERT INTO knowledge_sources(id, name) SELECT COALESCE(MAX(id), 0) + 1, ? FROM knowledge_sources");
  ins.bind(1, name);
  if (ins.step() != SQLITE_DONE) return db_error(db_, "adding a source");
  return source_id(name, false);
}

Status KnowledgeStore::add(std::vector<BaseGame>& games,
                           const std::vector<std::pair<ExplorerKey, ExplorerCounts>>& index) {
  std::lock_guard lock(mutex_);
  if (auto s = exec("BEGIN IMMEDIATE"); !s) return s;
  auto fail = [&](Error e) {
    (void)exec("ROLLBACK");
    return e;
  };
  // Variants and sources repeat from row to row: looked up once each.
  std::vector<std::pair<std::pair<std::string, std::string>, std::int64_t>> variants;
  std::vector<std::pair<std::string, std::int64_t>> sources;
  auto variant = [&](const std::string& game, const std::string& rules) -> Result<std::int64_t> {
    for (const auto& [k, id] : variants)
      if (k.first == game && k.second == rules) return id;
    auto id = variant_id(game, rules, true);
    if (!id) return make_error(id.error());
    variants.push_back({{game, rules}, **id});
    return **id;
  };
  auto source = [&](const std::string& name) -> Result<std::int64_t> {
    for (const auto& [k, id] : sources)
      if (k == name) return id;
    auto id = source_id(name, true);
    if (!id) return make_error(id.error());
    sources.push_back({name, **id});
    return **id;
  };

  std::int64_t next_id = 1;
  {
    Statement st(db_, "SELECT COALESCE(MAX(id), 0) + 1 FROM base_games");
    if (st.step() != SQLITE_ROW) return fail(db_error(db_, "numbering games"));
    next_id = st.integer(0);
  }
  Statement ins(db_,
                "INSERT INTO base_games(id, content_key, variant_id, source_id, start_position, event, site, date, "
                "year, round, white, black, white_elo, black_elo, time_control, result, reason, ply_count, moves, "
                "tags, file, line) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
  if (!ins.ok()) return fail(db_error(db_, "preparing the game insert"));
  // A position seen twice in a game (a repetition) is kept at its first ply.
  Statement pos(db_, "INSERT INTO base_positions(variant_id, position_key, game_id, ply) VALUES(?,?,?,?) "
                     "ON CONFLICT(variant_id, position_key, game_id) DO NOTHING");
  if (!pos.ok()) return fail(db_error(db_, "preparing the position insert"));
  for (BaseGame& g : games) {
    auto v = variant(g.game, g.rules);
    if (!v) return fail(make_error(v.error()));
    auto s = source(g.source);
    if (!s) return fail(make_error(s.error()));
    g.id = next_id++;
    ins.reset();
    ins.bind(1, g.id).bind(2, g.content_key).bind(3, *v).bind(4, *s).bind(5, g.start_position);
    ins.bind(6, g.event).bind(7, g.site).bind(8, g.date).bind(9, std::int64_t{g.year}).bind(10, g.round);
    ins.bind(11, g.white).bind(12, g.black).bind(13, std::int64_t{g.white_elo}).bind(14, std::int64_t{g.black_elo});
    ins.bind(15, g.time_control).bind(16, g.result).bind(17, g.reason).bind(18, std::int64_t{g.ply_count});
    ins.bind(19, g.moves).bind(20, g.tags_json).bind(21, g.file).bind(22, std::int64_t{g.line});
    if (ins.step() != SQLITE_DONE) return fail(db_error(db_, "adding game " + g.file + ":" + std::to_string(g.line)));
    for (std::size_t ply = 0; ply < g.opening_keys.size(); ++ply) {
      pos.reset();
      pos.bind(1, *v).bind(2, key_column(g.opening_keys[ply])).bind(3, g.id).bind(4, static_cast<std::int64_t>(ply));
      if (pos.step() != SQLITE_DONE) return fail(db_error(db_, "indexing the positions of a game"));
    }
  }

  Statement up(db_,
               "INSERT INTO explorer_moves(variant_id, position_key, source_id, move, games, first_wins, draws, "
               "second_wins, rating_sum, rating_count) VALUES(?,?,?,?,?,?,?,?,?,?) "
               "ON CONFLICT(variant_id, position_key, source_id, move) DO UPDATE SET "
               "games = explorer_moves.games + excluded.games, "
               "first_wins = explorer_moves.first_wins + excluded.first_wins, "
               "draws = explorer_moves.draws + excluded.draws, "
               "second_wins = explorer_moves.second_wins + excluded.second_wins, "
               "rating_sum = explorer_moves.rating_sum + excluded.rating_sum, "
               "rating_count = explorer_moves.rating_count + excluded.rating_count");
  if (!up.ok()) return fail(db_error(db_, "preparing the index update"));
  for (const auto& [k, c] : index) {
    auto v = variant(k.game, k.rules);
    if (!v) return fail(make_error(v.error()));
    auto s = source(k.source);
    if (!s) return fail(make_error(s.error()));
    up.reset();
    up.bind(1, *v).bind(2, key_column(k.position)).bind(3, *s).bind(4, k.move);
    up.bind(5, c.games).bind(6, c.first_wins).bind(7, c.draws).bind(8, c.second_wins);
    up.bind(9, c.rating_sum).bind(10, c.rating_count);
    if (up.step() != SQLITE_DONE) return fail(db_error(db_, "updating the explorer index"));
  }
  if (auto s = exec("COMMIT"); !s) return fail(make_error(s.error()));
  return Ok{};
}

Result<std::vector<ExplorerMove>> KnowledgeStore::explore(const std::string& game, const std::string& rules,
                                                          std::uint64_t position, const std::string& source) {
  std::lock_guard lock(mutex_);
  std::vector<ExplorerMove> out;
  auto v = variant_id(game, rules, false);
  if (!v) return make_error(v.error());
  if (!*v) return out;
  std::optional<std::int64_t> s;
  if (!source.empty()) {
    auto found = source_id(source, false);
    if (!found) return make_error(found.error());
    if (!*found) return out;
    s = *found;
  }
  // Served by the primary key's prefix (variant_id, position_key): an index lookup.
  const char* sql = s ? "SELECT move, SUM(games), SUM(first_wins), SUM(draws), SUM(second_wins), SUM(rating_sum), "
                        "SUM(rating_count) FROM explorer_moves WHERE variant_id = ? AND position_key = ? "
                        "AND source_id = ? GROUP BY move ORDER BY 2 DESC, move"
                      : "SELECT move, SUM(games), SUM(first_wins), SUM(draws), SUM(second_wins), SUM(rating_sum), "
                        "SUM(rating_count) FROM explorer_moves WHERE variant_id = ? AND position_key = ? "
                        "GROUP BY move ORDER BY 2 DESC, move";
  Statement st(db_, sql);
  st.bind(1, **v).bind(2, key_column(position));
  if (s) st.bind(3, *s);
  int rc;
  while ((rc = st.step()) == SQLITE_ROW) {
    ExplorerMove m;
    m.move = st.text(0);
    m.counts = {st.integer(1), st.integer(2), st.integer(3), st.integer(4), st.integer(5), st.integer(6)};
    out.push_back(std::move(m));
  }
  if (rc != SQLITE_DONE) return db_error(db_, "reading the explorer index");
  return out;
}

Result<std::optional<BaseGame>> KnowledgeStore::load(std::int64_t id) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string("SELECT ") + kGameColumns + ", g.moves, g.tags" + kGameJoins + " WHERE g.id = ?";
  Statement st(db_, sql.c_str());
  st.bind(1, id);
  const int rc = st.step();
  if (rc == SQLITE_DONE) return std::optional<BaseGame>();
  if (rc != SQLITE_ROW) return db_error(db_, "loading base game " + std::to_string(id));
  BaseGame g = read_game(st);
  g.moves = st.text(21);
  g.tags_json = st.text(22);
  return std::optional<BaseGame>(std::move(g));
}

namespace {

// The WHERE clause of a base query and a binder for its arguments, in the same order.
std::string where_clause(const BaseQuery& q) {
  std::string sql = " WHERE 1 = 1";
  if (!q.game.empty()) sql += " AND v.game = ?";
  if (!q.rules.empty()) sql += " AND v.rules = ?";
  if (!q.source.empty()) sql += " AND s.name = ?";
  if (!q.player.empty()) sql += " AND (g.white LIKE ? OR g.black LIKE ?)";
  if (!q.event.empty()) sql += " AND g.event LIKE ?";
  if (!q.result.empty()) sql += " AND g.result = ?";
  if (q.year) sql += " AND g.year = ?";
  if (q.position)
    sql += " AND g.id IN (SELECT p.game_id FROM base_positions p WHERE p.variant_id = g.variant_id"
           " AND p.position_key = ?)";
  return sql;
}

int bind_where(Statement& st, const BaseQuery& q) {
  int i = 0;
  if (!q.game.empty()) st.bind(++i, q.game);
  if (!q.rules.empty()) st.bind(++i, q.rules);
  if (!q.source.empty()) st.bind(++i, q.source);
  if (!q.player.empty()) {
    st.bind(++i, "%" + q.player + "%");
    st.bind(++i, "%" + q.player + "%");
  }
  if (!q.event.empty()) st.bind(++i, "%" + q.event + "%");
  if (!q.result.empty()) st.bind(++i, q.result);
  if (q.year) st.bind(++i, std::int64_t{q.year});
  if (q.position) st.bind(++i, key_column(*q.position));
  return i;
}

}  // namespace

Result<std::vector<BaseGame>> KnowledgeStore::search(const BaseQuery& q) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string("SELECT ") + kGameColumns + kGameJoins + where_clause(q) +
                          " ORDER BY g.date DESC, g.id DESC LIMIT ? OFFSET ?";
  Statement st(db_, sql.c_str());
  int i = bind_where(st, q);
  st.bind(++i, static_cast<std::int64_t>(q.limit));
  st.bind(++i, static_cast<std::int64_t>(q.offset));
  std::vector<BaseGame> out;
  int rc;
  while ((rc = st.step()) == SQLITE_ROW) out.push_back(read_game(st));
  if (rc != SQLITE_DONE) return db_error(db_, "searching the base");
  return out;
}

Result<std::size_t> KnowledgeStore::search_count(const BaseQuery& q) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string("SELECT COUNT(*)") + kGameJoins + where_clause(q);
  Statement st(db_, sql.c_str());
  bind_where(st, q);
  if (st.step() != SQLITE_ROW) return db_error(db_, "counting the base");
  return static_cast<std::size_t>(st.integer(0));
}

Result<std::size_t> KnowledgeStore::count(const std::string& game) {
  std::lock_guard lock(mutex_);
  Statement st(db_, game.empty() ? "SELECT COUNT(*) FROM base_games"
                                 : "SELECT COUNT(*) FROM base_games g JOIN knowledge_variants v "
                                   "ON v.id = g.variant_id WHERE v.game = ?");
  if (!game.empty()) st.bind(1, game);
  if (st.step() != SQLITE_ROW) return db_error(db_, "counting base games");
  return static_cast<std::size_t>(st.integer(0));
}

Result<std::vector<std::string>> KnowledgeStore::sources(const std::string& game) {
  std::lock_guard lock(mutex_);
  Statement st(db_, "SELECT DISTINCT s.name FROM knowledge_sources s JOIN base_games g ON g.source_id = s.id "
                    "JOIN knowledge_variants v ON v.id = g.variant_id WHERE v.game = ? ORDER BY s.name");
  st.bind(1, game);
  std::vector<std::string> out;
  int rc;
  while ((rc = st.step()) == SQLITE_ROW) out.push_back(st.text(0));
  if (rc != SQLITE_DONE) return db_error(db_, "listing sources");
  return out;
}

}  // namespace oyin::storage
