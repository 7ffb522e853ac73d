#include "storage/seek_store.h"

#include <algorithm>

namespace oyin::storage {

namespace {

// The seeker's rating comes with the row (r.*): the rating of its account for its game and speed.
constexpr const char* kSelect =
    "SELECT s.id, s.token, s.game, s.rules, s.clock_initial_s, s.clock_increment_s, s.rated, s.color, s.username, "
    "r.rating, s.state, s.game_id, s.creator_token, s.created_at, s.user_id, s.kind, s.speed, s.to_user, "
    "s.to_username, s.created_ms, r.rd, s.held_until_ms, s.owner FROM seeks s LEFT JOIN ratings r ON "
    "r.user_id = s.user_id AND r.game = s.game AND r.speed = s.speed ";

Seek read_seek(const Row& r) {
  Seek s;
  s.id = r.text(0);
  s.token = r.text(1);
  s.game = r.text(2);
  s.rules = r.text(3);
  s.initial_s = r.integer(4);
  s.increment_s = r.integer(5);
  s.rated = r.integer(6) != 0;
  s.color = r.text(7);
  if (!r.is_null(8)) s.username = r.text(8);
  if (!r.is_null(9)) s.rating = std::stod(r.text(9));
  s.state = r.text(10);
  s.game_id = r.text(11);
  s.creator_token = r.text(12);
  s.created_at = r.text(13);
  s.user_id = r.integer(14);  // NULL (a guest) reads as 0
  s.kind = r.text(15);
  s.speed = r.text(16);
  s.to_user = r.integer(17);
  s.to_username = r.text(18);
  s.created_ms = r.integer(19);
  if (!r.is_null(20)) s.rd = std::stod(r.text(20));
  s.held_until_ms = r.integer(21);
  s.owner = r.text(22);
  return s;
}

Result<std::vector<Seek>> many(Db& db, const std::string& where, const Params& params) {
  auto rows = db.reader()->query(std::string(kSelect) + where, params);
  if (!rows) return make_error("database: seeks: " + rows.error());
  std::vector<Seek> out;
  for (const Row& r : *rows) out.push_back(read_seek(r));
  return out;
}

Result<std::optional<Seek>> one(Db& db, const std::string& where, const std::string& value) {
  auto rows = db.reader()->query(std::string(kSelect) + "WHERE s." + where + " = ?", {value});
  if (!rows) return make_error("database: seek: " + rows.error());
  if (rows->empty()) return std::optional<Seek>();
  return std::optional<Seek>(read_seek(rows->front()));
}

// Statements on many tokens take kTokenBatch at a time, the last one repeated to fill a batch:
// one SQL text each, prepared once.
constexpr std::size_t kTokenBatch = 16;

std::string token_list() {
  std::string q = "token IN (?";
  for (std::size_t i = 1; i < kTokenBatch; ++i) q += ", ?";
  return q + ")";
}

// `fixed` and then batch `at` of `tokens`.
Params with_batch(Params fixed, const std::vector<std::string>& tokens, std::size_t at) {
  for (std::size_t i = 0; i < kTokenBatch; ++i) fixed.emplace_back(tokens[std::min(at + i, tokens.size() - 1)]);
  return fixed;
}

Result<bool> changed_one(Db& db, std::string_view sql, const Params& params) {
  auto n = db.writer()->exec(sql, params);
  if (!n) return make_error("database: seek: " + n.error());
  return *n == 1;
}

Status insert_row(Connection& c, const Seek& s) {
  auto n = c.exec(
      "INSERT INTO seeks(id, token, game, rules, clock_initial_s, clock_increment_s, rated, color, username, "
      "created_at, user_id, kind, speed, to_user, to_username, created_ms, held_until_ms, owner) "
      "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      {s.id, s.token, s.game, s.rules, s.initial_s, s.increment_s, s.rated ? 1 : 0, s.color,
       s.username ? Value(*s.username) : Value(nullptr), utc_now(), s.user_id ? Value(s.user_id) : Value(nullptr),
       s.kind, s.speed, s.to_user ? Value(s.to_user) : Value(nullptr),
       s.to_user ? Value(s.to_username) : Value(nullptr), s.created_ms, s.held_until_ms, s.owner});
  if (!n) return make_error(n.error());
  return Ok{};
}

}  // namespace

Result<SeekStore::Refused> SeekStore::insert(const Seek& s, const Limits& limits, std::int64_t now_ms) {
  Refused refused = Refused::no;
  const auto open_rows = [&](Connection& c, const std::string& more, Params params) -> Result<std::int64_t> {
    params.insert(params.begin(), {s.owner, s.kind, now_ms});
    auto rows = c.query("SELECT COUNT(*) FROM seeks WHERE owner = ? AND kind = ? AND state = 'open' AND "
                        "held_until_ms > ?" + more, params);
    if (!rows) return make_error(rows.error());
    return rows->empty() ? 0 : rows->front().integer(0);
  };
  auto done = db_.writer()->transaction([&](Connection& c) -> Status {
    // Locks the owner's row until the end (PostgreSQL; SQLite's writer is one at a time anyway).
    auto locked = c.exec("INSERT INTO seek_owners(owner) VALUES(?) ON CONFLICT(owner) DO UPDATE SET owner = excluded.owner",
                         {s.owner});
    if (!locked) return make_error(locked.error());
    if (limits.own > 0) {
      auto n = open_rows(c, "", {});
      if (!n) return make_error(n.error());
      if (*n >= limits.own) refused = Refused::own;
    }
    if (refused == Refused::no && limits.to_same > 0) {
      auto n = open_rows(c, " AND to_user = ?", {s.to_user});
      if (!n) return make_error(n.error());
      if (*n >= limits.to_same) refused = Refused::to_same;
    }
    if (refused != Refused::no) return make_error("refused");  // nothing to keep
    return insert_row(c, s);
  });
  if (refused != Refused::no) return refused;
  if (!done) return make_error("database: seek: " + done.error());
  return Refused::no;
}

Result<std::vector<Seek>> SeekStore::open_seeks(std::size_t limit, std::int64_t now_ms) {
  return many(db_,
              "WHERE s.state = 'open' AND s.kind = 'seek' AND s.held_until_ms > ? ORDER BY s.created_ms DESC, s.id "
              "LIMIT ?",
              {now_ms, static_cast<std::int64_t>(limit)});
}

Result<std::vector<Seek>> SeekStore::quick_candidates(const std::string& game, const std::string& rules,
                                                      std::int64_t initial_s, std::int64_t increment_s, bool rated,
                                                      std::int64_t now_ms) {
  return many(db_,
              "WHERE s.state = 'open' AND s.kind IN ('seek', 'quick') AND s.game = ? AND s.rules = ? AND "
              "s.clock_initial_s = ? AND s.clock_increment_s = ? AND s.rated = ? AND s.held_until_ms > ? "
              "ORDER BY s.created_ms, s.id LIMIT 200",
              {game, rules, initial_s, increment_s, rated ? 1 : 0, now_ms});
}

Result<std::vector<Seek>> SeekStore::open_quick(std::size_t limit, std::int64_t now_ms) {
  return many(db_,
              "WHERE s.state = 'open' AND s.kind = 'quick' AND s.held_until_ms > ? ORDER BY s.created_ms, s.id LIMIT ?",
              {now_ms, static_cast<std::int64_t>(limit)});
}

Result<std::vector<Seek>> SeekStore::challenges_of(std::int64_t user_id, bool incoming, std::int64_t now_ms) {
  return many(db_,
              std::string("WHERE s.state = 'open' AND s.kind = 'challenge' AND ") +
                  (incoming ? "s.to_user" : "s.user_id") +
                  " = ? AND s.held_until_ms > ? ORDER BY s.created_ms DESC, s.id LIMIT 200",
              {user_id, now_ms});
}

Result<std::optional<Seek>> SeekStore::find(const std::string& id) { return one(db_, "id", id); }
Result<std::optional<Seek>> SeekStore::find_by_token(const std::string& token) { return one(db_, "token", token); }

Result<bool> SeekStore::cancel(const std::string& id, const std::string& token) {
  return changed_one(db_, "DELETE FROM seeks WHERE id = ? AND token = ? AND state = 'open'", {id, token});
}

Status SeekStore::hold(const std::vector<std::string>& tokens, std::int64_t until_ms, std::int64_t now_ms) {
  static const std::string sql =
      "UPDATE seeks SET held_until_ms = ? WHERE state = 'open' AND held_until_ms > ? AND " + token_list();
  for (std::size_t at = 0; at < tokens.size(); at += kTokenBatch) {
    auto n = db_.writer()->exec(sql, with_batch({until_ms, now_ms}, tokens, at));
    if (!n) return make_error("database: seek: " + n.error());
  }
  return Ok{};
}

Result<std::vector<Seek>> SeekStore::ended(const std::vector<std::string>& tokens) {
  static const std::string where = "WHERE s.state IN ('started', 'declined') AND s." + token_list();
  std::vector<Seek> out;
  for (std::size_t at = 0; at < tokens.size(); at += kTokenBatch) {
    auto rows = many(db_, where, with_batch({}, tokens, at));
    if (!rows) return rows;
    for (auto& s : *rows) out.push_back(std::move(s));  // each row once: a repeated token matches it once
  }
  return out;
}

Result<std::int64_t> SeekStore::expire_lapsed(std::int64_t now_ms) {
  auto n = db_.writer()->exec("UPDATE seeks SET state = 'expired' WHERE state = 'open' AND held_until_ms <= ?", {now_ms});
  if (!n) return make_error("database: seek: " + n.error());
  return *n;
}

Result<bool> SeekStore::claim(const std::string& id, std::int64_t now_ms) {
  return changed_one(db_, "UPDATE seeks SET state = 'claimed' WHERE id = ? AND state = 'open' AND held_until_ms > ?",
                     {id, now_ms});
}

Result<bool> SeekStore::claim_pair(const std::string& a, const std::string& b, std::int64_t now_ms) {
  bool taken = false;  // one of them was no longer open: rolled back, not an error
  auto done = db_.writer()->transaction([&](Connection& c) -> Status {
    auto n = c.exec("UPDATE seeks SET state = 'claimed' WHERE id IN (?, ?) AND state = 'open' AND held_until_ms > ?",
                    {a, b, now_ms});
    if (!n) return make_error(n.error());
    if (*n == 2) return Ok{};
    taken = true;
    return make_error("taken");  // rolls back the one that was claimed here
  });
  if (taken) return false;
  if (!done) return make_error("database: seek: " + done.error());
  return true;
}

Result<bool> SeekStore::decline(const std::string& id, std::int64_t to_user) {
  return changed_one(db_,
                     "UPDATE seeks SET state = 'declined' WHERE id = ? AND to_user = ? AND kind = 'challenge' AND "
                     "state = 'open'",
                     {id, to_user});
}

Result<bool> SeekStore::cancel_own(const std::string& id, std::int64_t user_id, const std::string& kind) {
  return changed_one(db_, "DELETE FROM seeks WHERE id = ? AND user_id = ? AND kind = ? AND state = 'open'",
                     {id, user_id, kind});
}

Status SeekStore::started(const std::string& id, const std::string& game_id, const std::string& creator_token) {
  auto n = db_.writer()->exec("UPDATE seeks SET state = 'started', game_id = ?, creator_token = ? WHERE id = ?",
                              {game_id, creator_token, id});
  if (!n) return make_error("database: seek: " + n.error());
  return Ok{};
}

Status SeekStore::drop(const std::string& id) {
  auto n = db_.writer()->exec("DELETE FROM seeks WHERE id = ?", {id});
  if (!n) return make_error("database: seek: " + n.error());
  return Ok{};
}

Status SeekStore::announce(const std::string& channel) {
  if (db_.backend() != Backend::postgresql) return Ok{};
  auto w = db_.writer();
  return w->transaction([&](Connection& c) { return c.notify(channel, "seeks"); });
}

}  // namespace oyin::storage
