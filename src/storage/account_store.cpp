#include "storage/account_store.h"

namespace oyin::storage {

namespace {

constexpr const char* kUserColumns = "id, username, password_hash, chat, created_at, role, muted_until_ms, closed_at";

// The columns of kUserColumns from `first` on (a join may put them after its own).
User read_user(const Row& r, std::size_t first = 0) {
  User u;
  u.id = r.integer(first);
  u.username = r.text(first + 1);
  u.password_hash = r.text(first + 2);
  u.chat = r.integer(first + 3) != 0;
  u.created_at = r.text(first + 4);
  u.role = r.text(first + 5);
  u.muted_until_ms = r.integer(first + 6);
  u.closed_at = r.text(first + 7);
  return u;
}

Result<std::optional<User>> one_user(Result<Rows> rows, const std::string& what) {
  if (!rows) return make_error("database: " + what + ": " + rows.error());
  if (rows->empty()) return std::optional<User>();
  return std::optional<User>(read_user(rows->front()));
}

Status done(Result<std::int64_t> r, const std::string& what) {
  if (!r) return make_error("database: " + what + ": " + r.error());
  return Ok{};
}

}  // namespace

Result<std::optional<User>> AccountStore::create_user(const std::string& username, const std::string& name_key,
                                                      const std::string& name_skeleton,
                                                      const std::string& password_hash) {
  std::optional<User> made;
  auto s = db_.writer()->transaction([&](Connection& c) -> Status {
    auto n = c.exec("INSERT INTO users(username, name_key, name_skeleton, password_hash, chat, created_at) "
                    "VALUES(?,?,?,?,1,?) ON CONFLICT DO NOTHING",
                    {username, name_key, name_skeleton, password_hash, utc_now()});
    if (!n) return make_error("database: adding a user: " + n.error());
    if (*n == 0) return Ok{};  // the name is taken
    auto u = one_user(c.query(std::string("SELECT ") + kUserColumns + " FROM users WHERE name_key=?", {name_key}),
                      "reading the new user");
    if (!u) return make_error(u.error());
    made = std::move(*u);
    return Ok{};
  });
  if (!s) return make_error(s.error());
  return made;
}

Result<std::optional<User>> AccountStore::find_by_name(const std::string& name_key) {
  return one_user(db_.reader()->query(std::string("SELECT ") + kUserColumns + " FROM users WHERE name_key=?", {name_key}),
                  "finding a user");
}

Result<std::optional<User>> AccountStore::find_by_skeleton(const std::string& name_skeleton) {
  return one_user(db_.reader()->query(std::string("SELECT ") + kUserColumns + " FROM users WHERE name_skeleton=?",
                                      {name_skeleton}),
                  "finding a user by look-alike name");
}

Result<std::optional<User>> AccountStore::find_by_id(std::int64_t id) {
  return one_user(db_.reader()->query(std::string("SELECT ") + kUserColumns + " FROM users WHERE id=?", {id}),
                  "finding a user");
}

Status AccountStore::set_chat(std::int64_t user_id, bool chat) {
  return done(db_.writer()->exec("UPDATE users SET chat=? WHERE id=?", {chat ? 1 : 0, user_id}), "saving a setting");
}

Status AccountStore::remember_address(std::int64_t user_id, const std::string& address, std::int64_t now_ms) {
  return db_.writer()->transaction([&](Connection& c) -> Status {
    auto n = c.exec("INSERT INTO known_addresses(user_id, address, last_ms) VALUES(?,?,?) "
                    "ON CONFLICT(user_id, address) DO UPDATE SET last_ms = excluded.last_ms",
                    {user_id, address, now_ms});
    if (!n) return make_error("database: noting an address: " + n.error());
    return done(c.exec("DELETE FROM known_addresses WHERE user_id=? AND address NOT IN "
                       "(SELECT address FROM known_addresses WHERE user_id=? ORDER BY last_ms DESC LIMIT ?)",
                       {user_id, user_id, kKnownAddresses}),
                "forgetting old addresses");
  });
}

Result<bool> AccountStore::known_address(const std::string& name_key, const std::string& address) {
  auto rows = db_.reader()->query("SELECT 1 FROM known_addresses k JOIN users u ON u.id = k.user_id "
                                  "WHERE u.name_key=? AND k.address=?",
                                  {name_key, address});
  if (!rows) return make_error("database: reading known addresses: " + rows.error());
  return !rows->empty();
}

Status AccountStore::add_session(const std::string& token_hash, std::int64_t user_id, std::int64_t now_ms) {
  return done(db_.writer()->exec("INSERT INTO sessions(token_hash, user_id, created_at, created_ms, last_seen_ms) "
                                 "VALUES(?,?,?,?,?)",
                                 {token_hash, user_id, utc_now(), now_ms, now_ms}),
              "adding a session");
}

Result<std::optional<Session>> AccountStore::find_session(const std::string& token_hash) {
  auto rows = db_.reader()->query("SELECT s.created_at, s.created_ms, s.last_seen_ms, u.id, u.username, u.password_hash, "
                                  "u.chat, u.created_at, u.role, u.muted_until_ms, u.closed_at "
                                  "FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash=?",
                                  {token_hash});
  if (!rows) return make_error("database: reading a session: " + rows.error());
  if (rows->empty()) return std::optional<Session>();
  const Row& r = rows->front();
  return std::optional<Session>(Session{read_user(r, 3), r.text(0), r.integer(1), r.integer(2)});
}

Status AccountStore::touch_session(const std::string& token_hash, std::int64_t now_ms) {
  return done(db_.writer()->exec("UPDATE sessions SET last_seen_ms=?, "
                                 "created_ms = CASE WHEN created_ms = 0 THEN ? ELSE created_ms END WHERE token_hash=?",
                                 {now_ms, now_ms, token_hash}),
              "noting a session's use");
}

Status AccountStore::drop_expired_sessions(std::int64_t user_id, std::int64_t last_seen_before,
                                           std::int64_t created_before) {
  return done(db_.writer()->exec("DELETE FROM sessions WHERE user_id=? AND ((last_seen_ms > 0 AND last_seen_ms < ?) "
                                 "OR (created_ms > 0 AND created_ms < ?))",
                                 {user_id, last_seen_before, created_before}),
              "ending old sessions");
}

Status AccountStore::drop_session(const std::string& token_hash) {
  return done(db_.writer()->exec("DELETE FROM sessions WHERE token_hash=?", {token_hash}), "ending a session");
}

Status AccountStore::drop_sessions(std::int64_t user_id) {
  return done(db_.writer()->exec("DELETE FROM sessions WHERE user_id=?", {user_id}), "ending an account's sessions");
}

Status AccountStore::change_password(std::int64_t user_id, const std::string& password_hash,
                                     const std::string& keep_token_hash) {
  return db_.writer()->transaction([&](Connection& c) -> Status {
    if (auto s = done(c.exec("UPDATE users SET password_hash=? WHERE id=?", {password_hash, user_id}), "changing a password");
        !s)
      return s;
    return done(c.exec("DELETE FROM sessions WHERE user_id=? AND token_hash <> ?", {user_id, keep_token_hash}),
                "ending the other sessions");
  });
}

}  // namespace oyin::storage
