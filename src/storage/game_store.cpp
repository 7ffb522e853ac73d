#include "storage/game_store.h"

#include <random>

#include "storage/migrations.h"

namespace oyin::storage {

namespace {

Error db_error(const std::string& what, const std::string& why) {
  // why is "database: <message>"; keep one "database:" prefix
  const std::string_view msg = std::string_view(why).starts_with("database: ") ? std::string_view(why).substr(10) : why;
  return make_error("database: " + what + ": " + std::string(msg));
}

constexpr const char* kColumns =
    "id, game, rules, start_position, mode, level, ai_side, token0, token1, result, reason, draw_offer, "
    "created_at, updated_at, clock_initial_ms, clock_increment_ms, creator, next_game, user0, user1, rated, "
    "rating_done, tournament, clock_cut, record_tags";
constexpr std::size_t kColumnCount = 25;

StoredGame read_row(const Row& r) {
  StoredGame g;
  g.id = r.text(0);
  g.game = r.text(1);
  g.rules = r.text(2);
  g.start_position = r.text(3);
  g.mode = r.text(4);
  g.level = static_cast<int>(r.integer(5));
  g.ai_side = static_cast<int>(r.integer(6));
  g.tokens[0] = r.text(7);
  g.tokens[1] = r.text(8);
  g.result = r.text(9);
  g.reason = r.text(10);
  g.draw_offer = static_cast<int>(r.integer(11));
  g.created_at = r.text(12);
  g.updated_at = r.text(13);
  g.clock_initial_ms = r.integer(14);
  g.clock_increment_ms = r.integer(15);
  g.creator = static_cast<int>(r.integer(16));
  g.next_game = r.text(17);
  g.users[0] = r.integer(18);  // NULL (a guest) reads as 0
  g.users[1] = r.integer(19);
  g.rated = r.integer(20) != 0;
  g.rating_done = r.integer(21) != 0;
  g.tournament = r.text(22);
  g.clock_cut = static_cast<int>(r.integer(23));
  g.record_tags = r.text(24);
  return g;
}

// Runs one exec and turns a failure into "database: <what>: <why>".
Status must(Result<std::int64_t> r, const std::string& what) {
  if (!r) return db_error(what, r.error());
  return Ok{};
}

constexpr const char* kChannel = "oyin_games";

// The advisory lock key of a game's computer move (FNV-1a of the id; a collision only makes two
// games take turns).
std::int64_t computer_key(const std::string& id) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char ch : id) h = (h ^ ch) * 1099511628211ULL;
  return static_cast<std::int64_t>(h);
}

}  // namespace

GameStore::GameStore(std::unique_ptr<Db> db) : db_(std::move(db)) {
  std::random_device rd;
  instance_ = std::to_string(rd()) + std::to_string(rd());
  if (db_->backend() == Backend::postgresql) group_ = std::make_unique<GroupCommit>(*db_, GroupCommit::Options{});
}

void GameStore::on_change(std::function<void(const std::string&)> on) {
  {
    std::lock_guard lock(on_change_mutex_);
    on_change_ = std::move(on);
  }
  db_->listen(kChannel, [this](const std::string& payload) {
    const auto space = payload.find(' ');
    if (space != std::string::npos && payload.compare(0, space, instance_) == 0) return;  // our own
    std::lock_guard lock(on_change_mutex_);
    // A signal's words start with '!', which no game id does.
    if (space != std::string::npos && payload.compare(space + 1, 1, "!") == 0) {
      if (on_signal_) on_signal_(payload.substr(0, space), payload.substr(space + 2));
      return;
    }
    if (on_change_) on_change_(space == std::string::npos ? std::string() : payload.substr(space + 1));
  });
}

void GameStore::on_signal(std::function<void(const std::string&, const std::string&)> on) {
  std::lock_guard lock(on_change_mutex_);
  on_signal_ = std::move(on);
}

Status GameStore::signal(const std::string& words) {
  if (!shared()) return Ok{};
  return db_->writer()->notify(kChannel, instance_ + " !" + words);
}

Status GameStore::announce(Connection& c, const std::string& id) {
  if (c.backend() != Backend::postgresql) return Ok{};
  return c.notify(kChannel, instance_ + " " + id);
}

bool GameStore::claim_computer(const std::string& id) {
  auto r = db_->claim(computer_key(id));
  return r && *r;
}

void GameStore::release_computer(const std::string& id) { (void)db_->release(computer_key(id)); }

Result<std::unique_ptr<GameStore>> GameStore::open(const std::string& where) {
  auto db = Db::open(where);
  if (!db) return make_error(db.error());
  if (auto s = migrate(*(*db)->writer(), schema_migrations()); !s) return make_error(s.error());
  return std::unique_ptr<GameStore>(new GameStore(std::move(*db)));
}

int GameStore::schema_version() {
  auto v = db_->writer()->schema_version();
  return v ? *v : -1;
}

Status insert_game_rows(Connection& c, const StoredGame& g, const std::string& now) {
  if (auto s = must(c.exec("INSERT INTO games(id, game, rules, start_position, mode, level, ai_side, token0, "
                           "token1, result, reason, draw_offer, clock_initial_ms, clock_increment_ms, "
                           "creator, next_game, created_at, updated_at, user0, user1, rated, tournament, clock_cut, "
                           "record_tags) "
                           "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                           {g.id, g.game, g.rules, g.start_position, g.mode, g.level, g.ai_side, g.tokens[0],
                            g.tokens[1], g.result, g.reason, g.draw_offer, g.clock_initial_ms,
                            g.clock_increment_ms, g.creator, g.next_game, now, now,
                            g.users[0] ? Value(g.users[0]) : Value(nullptr),
                            g.users[1] ? Value(g.users[1]) : Value(nullptr), g.rated ? 1 : 0, g.tournament,
                            g.clock_cut, g.record_tags}),
                    "inserting game " + g.id);
      !s)
    return s;
  for (std::size_t i = 0; i < g.moves.size(); ++i)
    if (auto s = must(c.exec("INSERT INTO moves(game_id, ply, move, clock_ms) VALUES(?,?,?,?)",
                             {g.id, i, g.moves[i], i < g.move_clock_ms.size() ? g.move_clock_ms[i] : std::int64_t{-1}}),
                      "inserting the moves of game " + g.id);
        !s)
      return s;
  return Ok{};
}

Status GameStore::insert_game(const StoredGame& g) {
  const std::string now = utc_now();
  return db_->writer()->transaction([&](Connection& c) -> Status {
    if (auto s = insert_game_rows(c, g, now); !s) return s;
    return announce(c, g.id);
  });
}

namespace {

// Inside a game's write: locks its row and checks that it is still in play with `ply` moves
// (false otherwise). Updating the row first takes PostgreSQL's row lock (a second writer waits
// for the first's commit and then sees its row); the count that follows is a statement of its
// own, whose snapshot (READ COMMITTED) includes the moves the first writer committed.
Result<bool> game_as_seen(Connection& c, const std::string& id, std::size_t ply, const std::string& now) {
  auto n = c.exec("UPDATE games SET updated_at=? WHERE id=? AND result='*' AND reason=''", {now, id});
  if (!n) return make_error(n.error());
  if (*n == 0) return false;
  auto count = c.query("SELECT COUNT(*) FROM moves WHERE game_id=?", {id});
  if (!count) return make_error(count.error());
  return !count->empty() && count->front().integer(0) == static_cast<std::int64_t>(ply);
}

// What a transaction's body returns when the game was not as seen: rolled back, not an error.
constexpr const char* kStale = "stale";

Result<bool> written(const Status& s, const std::string& what) {
  if (s) return true;
  if (s.error() == kStale) return false;
  return db_error(what, s.error());
}

}  // namespace

// A move on PostgreSQL, as two statements of a group commit (storage/group_commit.h): the first
// takes the game's row lock (waiting for another instance's write to it to commit); the second,
// whose snapshot then includes that write, checks the game as seen, appends the move, sets the
// outcome and announces it, all only if the check holds: one row (pg_notify's) when written, none
// when stale.
constexpr const char* kLockGame = "UPDATE games SET updated_at=? WHERE id=? AND result='*' AND reason=''";
constexpr const char* kAppendMove =
    "WITH ok AS (SELECT 1 FROM games WHERE id=? AND result='*' AND reason='' AND "
    "(SELECT COUNT(*) FROM moves WHERE game_id=?)=CAST(? AS BIGINT)), "
    "ins AS (INSERT INTO moves(game_id, ply, move, clock_ms) SELECT ?, CAST(? AS INTEGER), ?, CAST(? AS BIGINT) FROM ok "
    "RETURNING game_id), "
    "upd AS (UPDATE games SET result=?, reason=?, draw_offer=-1 WHERE id IN (SELECT game_id FROM ins)) "
    "SELECT pg_notify(?, ?) FROM ins";

Result<bool> GameStore::append_move(const std::string& id, std::size_t ply, const std::string& move,
                                    const std::string& result, const std::string& reason, std::int64_t clock_ms) {
  const std::string now = utc_now();
  if (group_) {
    std::vector<Statement> st;
    st.push_back({kLockGame, {now, id}});
    st.push_back({kAppendMove, {id, id, ply, id, ply, move, clock_ms, result, reason, kChannel, instance_ + " " + id}});
    auto rows = group_->write(id, std::move(st));
    if (!rows) return db_error("saving a move of game " + id, rows.error());
    return (*rows)[1].size() == 1;
  }
  return written(db_->writer()->transaction([&](Connection& c) -> Status {
    auto seen = game_as_seen(c, id, ply, now);
    if (!seen) return make_error(seen.error());
    if (!*seen) return make_error(kStale);
    if (auto r = c.exec("INSERT INTO moves(game_id, ply, move, clock_ms) VALUES(?,?,?,?)", {id, ply, move, clock_ms}); !r)
      return make_error(r.error());
    if (auto r = c.exec("UPDATE games SET result=?, reason=?, draw_offer=-1 WHERE id=?", {result, reason, id}); !r)
      return make_error(r.error());
    return announce(c, id);
  }),
                 "saving a move of game " + id);
}

Status GameStore::truncate_moves(const std::string& id, std::size_t ply_count, const std::string& result,
                                 const std::string& reason) {
  const std::string now = utc_now();
  const std::string what = "undoing moves of game " + id;
  return db_->writer()->transaction([&](Connection& c) -> Status {
    if (auto s = must(c.exec("DELETE FROM moves WHERE game_id=? AND ply>=?", {id, ply_count}), what); !s) return s;
    if (auto s = must(c.exec("UPDATE games SET result=?, reason=?, draw_offer=-1, updated_at=? WHERE id=?",
                             {result, reason, now, id}),
                      what);
        !s)
      return s;
    return announce(c, id);
  });
}

Result<bool> GameStore::set_outcome(const std::string& id, std::size_t ply, const std::string& result,
                                    const std::string& reason, int draw_offer) {
  const std::string now = utc_now();
  return written(db_->writer()->transaction([&](Connection& c) -> Status {
    auto seen = game_as_seen(c, id, ply, now);
    if (!seen) return make_error(seen.error());
    if (!*seen) return make_error(kStale);
    if (auto r = c.exec("UPDATE games SET result=?, reason=?, draw_offer=? WHERE id=?", {result, reason, draw_offer, id});
        !r)
      return make_error(r.error());
    return announce(c, id);
  }),
                 "updating game " + id);
}

Result<std::size_t> GameStore::move_count(const std::string& id) {
  auto rows = db_->reader()->query("SELECT COUNT(*) FROM moves WHERE game_id=?", {id});
  if (!rows) return db_error("counting the moves of game " + id, rows.error());
  return static_cast<std::size_t>(rows->empty() ? 0 : rows->front().integer(0));
}

Status GameStore::set_next_game(const std::string& id, const std::string& next) {
  return db_->writer()->transaction([&](Connection& c) -> Status {
    if (auto s = must(c.exec("UPDATE games SET next_game=?, updated_at=? WHERE id=?", {next, utc_now(), id}),
                      "linking the rematch of game " + id);
        !s)
      return s;
    return announce(c, id);
  });
}

Result<bool> GameStore::set_user(const std::string& id, int side, std::int64_t user) {
  bool set = false;
  auto s = db_->writer()->transaction([&](Connection& c) -> Status {
    auto n = c.exec(side == 0 ? "UPDATE games SET user0=? WHERE id=? AND user0 IS NULL"
                              : "UPDATE games SET user1=? WHERE id=? AND user1 IS NULL",
                    {user, id});
    if (!n) return db_error("seating a player in game " + id, n.error());
    set = *n > 0;
    return set ? announce(c, id) : Status(Ok{});
  });
  if (!s) return make_error(s.error());
  return set;
}

Status GameStore::set_clock_cut(const std::string& id, int side) {
  return db_->writer()->transaction([&](Connection& c) -> Status {
    auto n = c.exec("UPDATE games SET clock_cut = clock_cut | ? WHERE id=?", {side == 0 ? 1 : 2, id});
    if (!n) return db_error("keeping the berserk of game " + id, n.error());
    return announce(c, id);
  });
}

Result<std::optional<StoredGame>> GameStore::load(const std::string& id) {
  auto c = db_->reader();
  auto rows = c->query(std::string("SELECT ") + kColumns + " FROM games WHERE id=?", {id});
  if (!rows) return db_error("loading game " + id, rows.error());
  if (rows->empty()) return std::optional<StoredGame>();
  StoredGame g = read_row(rows->front());
  auto moves = c->query("SELECT move, clock_ms FROM moves WHERE game_id=? ORDER BY ply", {id});
  if (!moves) return db_error("loading the moves of game " + id, moves.error());
  g.moves.reserve(moves->size());
  g.move_clock_ms.reserve(moves->size());
  for (const Row& m : *moves) {
    g.moves.push_back(m.text(0));
    g.move_clock_ms.push_back(m.integer(1));
  }
  g.move_count = g.moves.size();
  return std::optional<StoredGame>(std::move(g));
}

Result<std::vector<StoredGame>> GameStore::list(std::size_t offset, std::size_t limit) {
  auto rows = db_->reader()->query(std::string("SELECT ") + kColumns +
                                       ", (SELECT COUNT(*) FROM moves WHERE game_id=games.id) FROM games "
                                       "ORDER BY rowid DESC LIMIT ? OFFSET ?",
                                   {limit, offset});
  if (!rows) return db_error("listing games", rows.error());
  std::vector<StoredGame> out;
  out.reserve(rows->size());
  for (const Row& r : *rows) {
    out.push_back(read_row(r));
    out.back().move_count = static_cast<std::size_t>(r.integer(kColumnCount));
  }
  return out;
}

Result<std::vector<std::string>> GameStore::ongoing_timed_ids() {
  auto rows = db_->reader()->query("SELECT id FROM games WHERE clock_initial_ms > 0 AND result = '*' AND reason = ''");
  if (!rows) return db_error("listing the timed games in play", rows.error());
  std::vector<std::string> out;
  out.reserve(rows->size());
  for (const Row& r : *rows) out.push_back(r.text(0));
  return out;
}

Result<std::vector<std::string>> GameStore::delete_unstarted(const std::string& before, std::size_t limit) {
  std::vector<std::string> ids;
  auto w = db_->writer();
  const Status done = w->transaction([&](Connection& c) -> Status {
    auto rows = c.query(
        "SELECT id FROM games g WHERE g.updated_at < ? AND g.mode <> 'review' "
        "AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id) LIMIT ?",
        {before, static_cast<std::int64_t>(limit)});
    if (!rows) return make_error(rows.error());
    for (const Row& r : *rows) {
      // Checked again row by row: another instance may have moved in it meanwhile.
      auto n = c.exec("DELETE FROM games WHERE id = ? AND updated_at < ? AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = ?)",
                      {r.text(0), before, r.text(0)});
      if (!n) return make_error(n.error());
      if (*n > 0) ids.push_back(r.text(0));
    }
    return Ok{};
  });
  if (!done) return db_error("deleting games never started", done.error());
  return ids;
}

Result<std::size_t> GameStore::count() {
  auto rows = db_->reader()->query("SELECT COUNT(*) FROM games");
  if (!rows) return db_error("counting games", rows.error());
  return static_cast<std::size_t>(rows->empty() ? 0 : rows->front().integer(0));
}

}  // namespace oyin::storage
