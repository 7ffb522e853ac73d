#include "storage/seek_store.h"

namespace oyin::storage {

namespace {

constexpr const char* kColumns =
    "id, token, game, rules, clock_initial_s, clock_increment_s, rated, color, username, rating, state, game_id, "
    "creator_token, created_at, user_id";

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
  if (!r.is_null(9)) s.rating = r.integer(9);
  s.state = r.text(10);
  s.game_id = r.text(11);
  s.creator_token = r.text(12);
  s.created_at = r.text(13);
  s.user_id = r.integer(14);  // NULL (a guest) reads as 0
  return s;
}

Result<std::optional<Seek>> one(Db& db, const std::string& where, const std::string& value) {
  auto rows = db.reader()->query(std::string("SELECT ") + kColumns + " FROM seeks WHERE " + where + " = ?", {value});
  if (!rows) return make_error("database: seek: " + rows.error());
  if (rows->empty()) return std::optional<Seek>();
  return std::optional<Seek>(read_seek(rows->front()));
}

Result<bool> changed_one(Db& db, std::string_view sql, const Params& params) {
  auto n = db.writer()->exec(sql, params);
  if (!n) return make_error("database: seek: " + n.error());
  return *n == 1;
}

}  // namespace

Status SeekStore::insert(const Seek& s) {
  auto n = db_.writer()->exec(
      "INSERT INTO seeks(id, token, game, rules, clock_initial_s, clock_increment_s, rated, color, username, rating, "
      "created_at, user_id) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      {s.id, s.token, s.game, s.rules, s.initial_s, s.increment_s, s.rated ? 1 : 0, s.color,
       s.username ? Value(*s.username) : Value(nullptr), s.rating ? Value(*s.rating) : Value(nullptr), utc_now(),
       s.user_id ? Value(s.user_id) : Value(nullptr)});
  if (!n) return make_error("database: seek: " + n.error());
  return Ok{};
}

Result<std::vector<Seek>> SeekStore::open_seeks(std::size_t limit) {
  auto rows = db_.reader()->query(std::string("SELECT ") + kColumns +
                                      " FROM seeks WHERE state = 'open' ORDER BY created_at, id LIMIT ?",
                                  {static_cast<std::int64_t>(limit)});
  if (!rows) return make_error("database: seeks: " + rows.error());
  std::vector<Seek> out;
  for (const Row& r : *rows) out.push_back(read_seek(r));
  return out;
}

Result<std::optional<Seek>> SeekStore::find(const std::string& id) { return one(db_, "id", id); }
Result<std::optional<Seek>> SeekStore::find_by_token(const std::string& token) { return one(db_, "token", token); }

Result<bool> SeekStore::cancel(const std::string& id, const std::string& token) {
  return changed_one(db_, "DELETE FROM seeks WHERE id = ? AND token = ? AND state = 'open'", {id, token});
}

Result<bool> SeekStore::expire(const std::string& token) {
  return changed_one(db_, "DELETE FROM seeks WHERE token = ? AND state = 'open' AND held = 0", {token});
}

Status SeekStore::hold(const std::string& token, bool held) {
  auto n = db_.writer()->exec("UPDATE seeks SET held = ? WHERE token = ?", {held ? 1 : 0, token});
  if (!n) return make_error("database: seek: " + n.error());
  return Ok{};
}

Result<bool> SeekStore::claim(const std::string& id) {
  return changed_one(db_, "UPDATE seeks SET state = 'claimed' WHERE id = ? AND state = 'open'", {id});
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
