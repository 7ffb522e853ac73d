#include "storage/knowledge_store.h"

#include <algorithm>
#include <unordered_set>

#include "storage/migrations.h"

namespace oyin::storage {

namespace {

// Rows per multi-row INSERT: 22 values a game row, so at most 2,200 placeholders (SQLite allows
// 32,766, PostgreSQL 65,535). Full chunks share one statement text, prepared once.
constexpr std::size_t kRowsPerInsert = 100;

Error db_error(const std::string& what, const std::string& why) {
  const std::string_view msg = std::string_view(why).starts_with("database: ") ? std::string_view(why).substr(10) : why;
  return make_error("database: " + what + ": " + std::string(msg));
}

// Position keys are unsigned 64-bit hashes; the column is a signed BIGINT holding the same bits.
std::int64_t key_column(std::uint64_t k) { return static_cast<std::int64_t>(k); }

constexpr const char* kGameColumns =
    "g.id, g.content_key, v.game, v.rules, g.start_position, s.name, g.event, g.site, g.date, g.year, g.round, "
    "g.white, g.black, g.white_elo, g.black_elo, g.time_control, g.result, g.reason, g.ply_count, g.file, g.line";
constexpr const char* kGameJoins =
    " FROM base_games g JOIN knowledge_variants v ON v.id = g.variant_id"
    " JOIN knowledge_sources s ON s.id = g.source_id";

BaseGame read_game(const Row& r) {
  BaseGame g;
  g.id = r.integer(0);
  g.content_key = r.text(1);
  g.game = r.text(2);
  g.rules = r.text(3);
  g.start_position = r.text(4);
  g.source = r.text(5);
  g.event = r.text(6);
  g.site = r.text(7);
  g.date = r.text(8);
  g.year = static_cast<int>(r.integer(9));
  g.round = r.text(10);
  g.white = r.text(11);
  g.black = r.text(12);
  g.white_elo = static_cast<int>(r.integer(13));
  g.black_elo = static_cast<int>(r.integer(14));
  g.time_control = r.text(15);
  g.result = r.text(16);
  g.reason = r.text(17);
  g.ply_count = static_cast<int>(r.integer(18));
  g.file = r.text(19);
  g.line = static_cast<int>(r.integer(20));
  return g;
}

// "(?,?,...),(?,?,...)": `rows` groups of `width` placeholders.
std::string placeholder_rows(std::size_t rows, std::size_t width) {
  std::string group = "(";
  for (std::size_t i = 0; i < width; ++i) group += i ? ",?" : "?";
  group += ')';
  std::string out;
  out.reserve(rows * (group.size() + 1));
  for (std::size_t r = 0; r < rows; ++r) {
    if (r) out += ',';
    out += group;
  }
  return out;
}

// Rows written `head` VALUES (...),(...) `tail`, kRowsPerInsert to a statement, as they come:
// only one statement's values are held at a time (an import's index has some 100,000 rows a
// batch).
class RowInserter {
 public:
  RowInserter(Connection& c, std::string head, std::string tail, std::size_t width, std::string what)
      : c_(c), head_(std::move(head)), tail_(std::move(tail)), what_(std::move(what)), width_(width) {
    values_.reserve(kRowsPerInsert * width_);
  }
  template <class... V>
  Status add(V&&... row) {
    static_assert(sizeof...(V) > 0);
    (values_.emplace_back(std::forward<V>(row)), ...);
    return values_.size() == kRowsPerInsert * width_ ? flush() : Status(Ok{});
  }
  Status finish() { return values_.empty() ? Status(Ok{}) : flush(); }
  // Rows that refer to rows of `first` (a game's positions to the game): `first`'s pending
  // rows are written before each statement of these, so no reference goes ahead of its row.
  void after(RowInserter& first) { first_ = &first; }

 private:
  Status flush() {
    if (first_)
      if (auto st = first_->finish(); !st) return st;
    const std::size_t rows = values_.size() / width_;
    std::string partial;
    const std::string* sql = &full_sql_;
    if (rows == kRowsPerInsert) {
      if (full_sql_.empty()) full_sql_ = head_ + " VALUES " + placeholder_rows(rows, width_) + tail_;
    } else {
      partial = head_ + " VALUES " + placeholder_rows(rows, width_) + tail_;
      sql = &partial;
    }
    auto r = c_.exec(*sql, values_);
    values_.clear();
    if (!r) return db_error(what_, r.error());
    return Ok{};
  }

  Connection& c_;
  std::string head_, tail_, what_, full_sql_;
  std::size_t width_;
  Params values_;
  RowInserter* first_ = nullptr;
};

// Ids of a variant (game, rules) or source, created when `create`; nullopt when absent. Ids are
// given by the store (MAX(id)+1 inside the writing transaction), not by an auto-increment, whose
// spelling differs between SQLite and PostgreSQL.
Result<std::optional<std::int64_t>> variant_id(Connection& c, const std::string& game, const std::string& rules,
                                               bool create) {
  auto r = c.query("SELECT id FROM knowledge_variants WHERE game = ? AND rules = ?", {game, rules});
  if (!r) return db_error("looking up a variant", r.error());
  if (!r->empty()) return std::optional<std::int64_t>(r->front().integer(0));
  if (!create) return std::optional<std::int64_t>();
  if (auto ins = c.exec("INSERT INTO knowledge_variants(id, game, rules) "
                        "SELECT COALESCE(MAX(id), 0) + 1, ?, ? FROM knowledge_variants",
                        {game, rules});
      !ins)
    return db_error("adding a variant", ins.error());
  return variant_id(c, game, rules, false);
}

Result<std::optional<std::int64_t>> source_id(Connection& c, const std::string& name, bool create) {
  auto r = c.query("SELECT id FROM knowledge_sources WHERE name = ?", {name});
  if (!r) return db_error("looking up a source", r.error());
  if (!r->empty()) return std::optional<std::int64_t>(r->front().integer(0));
  if (!create) return std::optional<std::int64_t>();
  if (auto ins = c.exec("INSERT INTO knowledge_sources(id, name) SELECT COALESCE(MAX(id), 0) + 1, ? "
                        "FROM knowledge_sources",
                        {name});
      !ins)
    return db_error("adding a source", ins.error());
  return source_id(c, name, false);
}

}  // namespace

Result<std::unique_ptr<KnowledgeStore>> KnowledgeStore::open(const std::string& where) {
  auto db = Db::open(where);
  if (!db) return make_error(db.error());
  if (auto s = migrate(*(*db)->writer(), schema_migrations()); !s) return make_error(s.error());
  return std::unique_ptr<KnowledgeStore>(new KnowledgeStore(std::move(*db)));
}

int KnowledgeStore::schema_version() {
  auto v = db_.writer()->schema_version();
  return v ? *v : -1;
}

Result<std::vector<bool>> KnowledgeStore::contains(const std::vector<std::string>& keys) {
  std::unordered_set<std::string> found;
  auto c = db_.reader();
  for (std::size_t first = 0; first < keys.size(); first += kRowsPerInsert) {
    const std::size_t n = std::min(kRowsPerInsert, keys.size() - first);
    std::string sql = "SELECT content_key FROM base_games WHERE content_key IN (";
    for (std::size_t i = 0; i < n; ++i) sql += i ? ",?" : "?";
    sql += ')';
    Params p(keys.begin() + static_cast<std::ptrdiff_t>(first), keys.begin() + static_cast<std::ptrdiff_t>(first + n));
    auto r = c->query(sql, p);
    if (!r) return db_error("looking up games", r.error());
    for (const Row& row : *r) found.insert(row.text(0));
  }
  std::vector<bool> out;
  out.reserve(keys.size());
  for (const auto& k : keys) out.push_back(found.contains(k));
  return out;
}

Status KnowledgeStore::add(std::vector<BaseGame>& games,
                           const std::vector<std::pair<ExplorerKey, ExplorerCounts>>& index) {
  return db_.writer()->transaction([&](Connection& c) -> Status {
    // Ids are MAX(id)+1 read in this transaction: two writers on PostgreSQL (two imports, two
    // server instances) would read the same maximum, so they take turns here. Readers are not
    // held up (the lock conflicts only with itself and with writes). SQLite's writer already
    // holds the file's write lock.
    if (c.backend() == Backend::postgresql)
      if (auto l = c.exec("LOCK TABLE base_games IN SHARE ROW EXCLUSIVE MODE"); !l)
        return db_error("waiting for another import", l.error());
    // Variants and sources repeat from row to row: looked up once each.
    std::vector<std::pair<std::pair<std::string, std::string>, std::int64_t>> variants;
    std::vector<std::pair<std::string, std::int64_t>> sources;
    auto variant = [&](const std::string& game, const std::string& rules) -> Result<std::int64_t> {
      for (const auto& [k, id] : variants)
        if (k.first == game && k.second == rules) return id;
      auto id = variant_id(c, game, rules, true);
      if (!id) return make_error(id.error());
      variants.push_back({{game, rules}, **id});
      return **id;
    };
    auto source = [&](const std::string& name) -> Result<std::int64_t> {
      for (const auto& [k, id] : sources)
        if (k == name) return id;
      auto id = source_id(c, name, true);
      if (!id) return make_error(id.error());
      sources.push_back({name, **id});
      return **id;
    };

    auto next = c.query("SELECT COALESCE(MAX(id), 0) + 1 FROM base_games");
    if (!next || next->empty()) return db_error("numbering games", next ? "no row" : next.error());
    std::int64_t next_id = next->front().integer(0);

    RowInserter rows(c,
                     "INSERT INTO base_games(id, content_key, variant_id, source_id, start_position, event, site, "
                     "date, year, round, white, black, white_elo, black_elo, time_control, result, reason, "
                     "ply_count, moves, tags, file, line)",
                     "", 22, "adding games");
    // A position seen twice in a game (a repetition) is kept at its first ply.
    RowInserter positions(c, "INSERT INTO base_positions(variant_id, position_key, game_id, ply)",
                          " ON CONFLICT(variant_id, position_key, game_id) DO NOTHING", 4,
                          "indexing the positions of games");
    positions.after(rows);
    for (BaseGame& g : games) {
      auto v = variant(g.game, g.rules);
      if (!v) return make_error(v.error());
      auto s = source(g.source);
      if (!s) return make_error(s.error());
      g.id = next_id++;
      if (auto st = rows.add(g.id, g.content_key, *v, *s, g.start_position, g.event, g.site, g.date, g.year, g.round,
                             g.white, g.black, g.white_elo, g.black_elo, g.time_control, g.result, g.reason,
                             g.ply_count, g.moves, g.tags_json, g.file, g.line);
          !st)
        return st;
      for (std::size_t ply = 0; ply < g.opening_keys.size(); ++ply)
        if (auto st = positions.add(*v, key_column(g.opening_keys[ply]), g.id, ply); !st) return st;
    }
    if (auto st = rows.finish(); !st) return st;
    if (auto st = positions.finish(); !st) return st;

    // The index's keys are distinct (the importer sums per key), as one upsert of several rows
    // needs on PostgreSQL.
    RowInserter counts(c,
                       "INSERT INTO explorer_moves(variant_id, position_key, source_id, move, games, first_wins, "
                       "draws, second_wins, rating_sum, rating_count)",
                       " ON CONFLICT(variant_id, position_key, source_id, move) DO UPDATE SET "
                       "games = explorer_moves.games + excluded.games, "
                       "first_wins = explorer_moves.first_wins + excluded.first_wins, "
                       "draws = explorer_moves.draws + excluded.draws, "
                       "second_wins = explorer_moves.second_wins + excluded.second_wins, "
                       "rating_sum = explorer_moves.rating_sum + excluded.rating_sum, "
                       "rating_count = explorer_moves.rating_count + excluded.rating_count",
                       10, "updating the explorer index");
    for (const auto& [k, n] : index) {
      auto v = variant(k.game, k.rules);
      if (!v) return make_error(v.error());
      auto s = source(k.source);
      if (!s) return make_error(s.error());
      if (auto st = counts.add(*v, key_column(k.position), *s, k.move, n.games, n.first_wins, n.draws, n.second_wins,
                               n.rating_sum, n.rating_count);
          !st)
        return st;
    }
    return counts.finish();
  });
}

Result<std::vector<ExplorerMove>> KnowledgeStore::explore(const std::string& game, const std::string& rules,
                                                          std::uint64_t position, const std::string& source) {
  std::vector<ExplorerMove> out;
  auto c = db_.reader();
  auto v = variant_id(*c, game, rules, false);
  if (!v) return make_error(v.error());
  if (!*v) return out;
  std::optional<std::int64_t> s;
  if (!source.empty()) {
    auto found = source_id(*c, source, false);
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
  Params p{**v, key_column(position)};
  if (s) p.push_back(*s);
  auto r = c->query(sql, p);
  if (!r) return db_error("reading the explorer index", r.error());
  out.reserve(r->size());
  for (const Row& row : *r) {
    ExplorerMove m;
    m.move = row.text(0);
    m.counts = {row.integer(1), row.integer(2), row.integer(3), row.integer(4), row.integer(5), row.integer(6)};
    out.push_back(std::move(m));
  }
  return out;
}

Result<std::optional<BaseGame>> KnowledgeStore::load(std::int64_t id) {
  const std::string sql = std::string("SELECT ") + kGameColumns + ", g.moves, g.tags" + kGameJoins + " WHERE g.id = ?";
  auto r = db_.reader()->query(sql, {id});
  if (!r) return db_error("loading base game " + std::to_string(id), r.error());
  if (r->empty()) return std::optional<BaseGame>();
  BaseGame g = read_game(r->front());
  g.moves = r->front().text(21);
  g.tags_json = r->front().text(22);
  return std::optional<BaseGame>(std::move(g));
}

namespace {

// The WHERE clause of a base query and its arguments, in the same order. Names and events match
// a part of them in any case (LOWER on both sides: PostgreSQL's LIKE minds case, SQLite's not).
std::string where_clause(const BaseQuery& q, Params& p) {
  std::string sql = " WHERE 1 = 1";
  if (!q.game.empty()) {
    sql += " AND v.game = ?";
    p.emplace_back(q.game);
  }
  if (!q.rules.empty()) {
    sql += " AND v.rules = ?";
    p.emplace_back(q.rules);
  }
  if (!q.source.empty()) {
    sql += " AND s.name = ?";
    p.emplace_back(q.source);
  }
  if (!q.player.empty()) {
    sql += " AND (LOWER(g.white) LIKE LOWER(?) OR LOWER(g.black) LIKE LOWER(?))";
    p.emplace_back("%" + q.player + "%");
    p.emplace_back("%" + q.player + "%");
  }
  if (!q.event.empty()) {
    sql += " AND LOWER(g.event) LIKE LOWER(?)";
    p.emplace_back("%" + q.event + "%");
  }
  if (!q.result.empty()) {
    sql += " AND g.result = ?";
    p.emplace_back(q.result);
  }
  if (q.year) {
    sql += " AND g.year = ?";
    p.emplace_back(q.year);
  }
  if (q.position) {
    sql += " AND g.id IN (SELECT p.game_id FROM base_positions p WHERE p.variant_id = g.variant_id"
           " AND p.position_key = ?)";
    p.emplace_back(key_column(*q.position));
  }
  return sql;
}

}  // namespace

Result<std::vector<BaseGame>> KnowledgeStore::search(const BaseQuery& q) {
  Params p;
  const std::string sql = std::string("SELECT ") + kGameColumns + kGameJoins + where_clause(q, p) +
                          " ORDER BY g.date DESC, g.id DESC LIMIT ? OFFSET ?";
  p.emplace_back(q.limit);
  p.emplace_back(q.offset);
  auto r = db_.reader()->query(sql, p);
  if (!r) return db_error("searching the base", r.error());
  std::vector<BaseGame> out;
  out.reserve(r->size());
  for (const Row& row : *r) out.push_back(read_game(row));
  return out;
}

Result<std::size_t> KnowledgeStore::search_count(const BaseQuery& q) {
  Params p;
  const std::string sql = std::string("SELECT COUNT(*)") + kGameJoins + where_clause(q, p);
  auto r = db_.reader()->query(sql, p);
  if (!r || r->empty()) return db_error("counting the base", r ? "no row" : r.error());
  return static_cast<std::size_t>(r->front().integer(0));
}

Result<std::size_t> KnowledgeStore::count(const std::string& game) {
  auto r = game.empty() ? db_.reader()->query("SELECT COUNT(*) FROM base_games")
                        : db_.reader()->query("SELECT COUNT(*) FROM base_games g JOIN knowledge_variants v "
                                              "ON v.id = g.variant_id WHERE v.game = ?",
                                              {game});
  if (!r || r->empty()) return db_error("counting base games", r ? "no row" : r.error());
  return static_cast<std::size_t>(r->front().integer(0));
}

Result<std::vector<std::string>> KnowledgeStore::sources(const std::string& game) {
  // Sources are few and games many: one probe of the (source, variant) index per source.
  auto r = db_.reader()->query("SELECT s.name FROM knowledge_sources s WHERE EXISTS (SELECT 1 FROM base_games g "
                               "JOIN knowledge_variants v ON v.id = g.variant_id WHERE g.source_id = s.id AND v.game = ?) "
                               "ORDER BY s.name",
                               {game});
  if (!r) return db_error("listing sources", r.error());
  std::vector<std::string> out;
  out.reserve(r->size());
  for (const Row& row : *r) out.push_back(row.text(0));
  return out;
}

}  // namespace oyin::storage
