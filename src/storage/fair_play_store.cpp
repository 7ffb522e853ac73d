#include "storage/fair_play_store.h"

namespace oyin::storage {

namespace {

Status done(Result<std::int64_t> r, const std::string& what) {
  if (!r) return make_error("database: " + what + ": " + r.error());
  return Ok{};
}

Status write_audit(Connection& c, const AuditEntry& e) {
  return done(c.exec("INSERT INTO audit_log(at, actor, action, target, detail) VALUES(?,?,?,?,?)",
                     {utc_now(), e.actor, e.action, e.target, e.detail}),
              "writing the audit log");
}

// The player's open lobby rows, and the challenges waiting for them, withdrawn.
Status withdraw_lobby_rows(Connection& c, std::int64_t user) {
  return done(c.exec("DELETE FROM seeks WHERE state = 'open' AND (user_id = ? OR to_user = ?)", {user, user}),
              "withdrawing lobby rows");
}

constexpr const char* kReportSelect =
    "SELECT r.id, r.reporter_id, r.target_id, a.username, b.username, r.reason, r.text, r.game_id, r.chat_seq, "
    "r.chat_text, r.state, r.created_at, r.created_ms, r.closed_by, r.closed_at, r.outcome FROM reports r "
    "JOIN users a ON a.id = r.reporter_id JOIN users b ON b.id = r.target_id ";

Report read_report(const Row& r) {
  Report p;
  p.id = r.integer(0);
  p.reporter_id = r.integer(1);
  p.target_id = r.integer(2);
  p.reporter = r.text(3);
  p.target = r.text(4);
  p.reason = r.text(5);
  p.text = r.text(6);
  p.game_id = r.text(7);
  if (!r.is_null(8)) p.chat_seq = static_cast<int>(r.integer(8));
  p.chat_text = r.text(9);
  p.state = r.text(10);
  p.created_at = r.text(11);
  p.created_ms = r.integer(12);
  p.closed_by = r.text(13);
  p.closed_at = r.text(14);
  p.outcome = r.text(15);
  return p;
}

}  // namespace

Status FairPlayStore::block(std::int64_t user, std::int64_t other) {
  return done(db_.writer()->exec("INSERT INTO blocks(user_id, blocked_id, created_at) VALUES(?,?,?) ON CONFLICT DO NOTHING",
                                 {user, other, utc_now()}),
              "blocking a player");
}

Status FairPlayStore::unblock(std::int64_t user, std::int64_t other) {
  return done(db_.writer()->exec("DELETE FROM blocks WHERE user_id = ? AND blocked_id = ?", {user, other}),
              "unblocking a player");
}

Result<std::vector<Blocked>> FairPlayStore::blocked_by(std::int64_t user) {
  auto rows = db_.reader()->query("SELECT u.username, b.created_at FROM blocks b JOIN users u ON u.id = b.blocked_id "
                                  "WHERE b.user_id = ? ORDER BY u.name_key",
                                  {user});
  if (!rows) return make_error("database: reading blocks: " + rows.error());
  std::vector<Blocked> out;
  for (const Row& r : *rows) out.push_back({r.text(0), r.text(1)});
  return out;
}

Result<bool> FairPlayStore::blocked_between(std::int64_t a, std::int64_t b) {
  if (a == 0 || b == 0) return false;
  auto rows = db_.reader()->query("SELECT 1 FROM blocks WHERE (user_id = ? AND blocked_id = ?) OR "
                                  "(user_id = ? AND blocked_id = ?) LIMIT 1",
                                  {a, b, b, a});
  if (!rows) return make_error("database: reading blocks: " + rows.error());
  return !rows->empty();
}

Status FairPlayStore::add_report(Report& r) {
  r.created_at = utc_now();
  const Value seq = r.chat_seq ? Value(*r.chat_seq) : Value(nullptr);
  const Value game = r.game_id.empty() ? Value(nullptr) : Value(r.game_id);
  const Value chat = r.chat_seq ? Value(r.chat_text) : Value(nullptr);
  auto rows = db_.writer()->query("INSERT INTO reports(reporter_id, target_id, reason, text, game_id, chat_seq, chat_text, "
                                  "state, created_at, created_ms) VALUES(?,?,?,?,?,?,?,'open',?,?) RETURNING id",
                                  {r.reporter_id, r.target_id, r.reason, r.text, game, seq, chat, r.created_at, r.created_ms});
  if (!rows) return make_error("database: adding a report: " + rows.error());
  if (!rows->empty()) r.id = rows->front().integer(0);
  return Ok{};
}

Result<int> FairPlayStore::reports_since(std::int64_t reporter, std::int64_t since_ms) {
  auto rows = db_.reader()->query("SELECT COUNT(*) FROM reports WHERE reporter_id = ? AND created_ms >= ?",
                                  {reporter, since_ms});
  if (!rows) return make_error("database: counting reports: " + rows.error());
  return static_cast<int>(rows->front().integer(0));
}

Result<std::vector<Report>> FairPlayStore::reports(const std::string& state, int limit) {
  auto rows = db_.reader()->query(std::string(kReportSelect) + "WHERE r.state = ? ORDER BY r.id DESC LIMIT ?", {state, limit});
  if (!rows) return make_error("database: reading reports: " + rows.error());
  std::vector<Report> out;
  for (const Row& r : *rows) out.push_back(read_report(r));
  return out;
}

Result<bool> FairPlayStore::close_report(std::int64_t id, const std::string& moderator, const std::string& outcome) {
  bool closed = false;
  auto s = db_.writer()->transaction([&](Connection& c) -> Status {
    auto n = c.exec("UPDATE reports SET state = 'closed', closed_by = ?, closed_at = ?, outcome = ? "
                    "WHERE id = ? AND state = 'open'",
                    {moderator, utc_now(), outcome, id});
    if (!n) return make_error("database: closing a report: " + n.error());
    closed = *n > 0;
    if (!closed) return Ok{};
    return write_audit(c, {0, "", moderator, "close_report", "report " + std::to_string(id), outcome});
  });
  if (!s) return make_error(s.error());
  return closed;
}

Result<std::optional<FairPlayStore::ChatLineAuthor>> FairPlayStore::chat_line(const std::string& game_id, int seq) {
  auto rows = db_.reader()->query("SELECT c.text, CASE WHEN c.side = 0 THEN g.user0 ELSE g.user1 END FROM game_chat c "
                                  "JOIN games g ON g.id = c.game_id WHERE c.game_id = ? AND c.seq = ?",
                                  {game_id, seq});
  if (!rows) return make_error("database: reading a chat line: " + rows.error());
  if (rows->empty()) return std::optional<ChatLineAuthor>();
  return std::optional<ChatLineAuthor>(ChatLineAuthor{rows->front().text(0), rows->front().integer(1)});
}

Status FairPlayStore::set_role(std::int64_t user, const std::string& role, const AuditEntry& why) {
  return db_.writer()->transaction([&](Connection& c) -> Status {
    if (auto s = done(c.exec("UPDATE users SET role = ? WHERE id = ?", {role, user}), "setting a role"); !s) return s;
    return write_audit(c, why);
  });
}

Status FairPlayStore::set_muted_until(std::int64_t user, std::int64_t until_ms, const AuditEntry& why) {
  return db_.writer()->transaction([&](Connection& c) -> Status {
    if (auto s = done(c.exec("UPDATE users SET muted_until_ms = ? WHERE id = ?", {until_ms, user}), "muting"); !s) return s;
    return write_audit(c, why);
  });
}

Status FairPlayStore::close_account(std::int64_t user, const AuditEntry& why) {
  return db_.writer()->transaction([&](Connection& c) -> Status {
    if (auto s = done(c.exec("UPDATE users SET closed_at = ? WHERE id = ? AND closed_at IS NULL", {utc_now(), user}),
                      "closing an account");
        !s)
      return s;
    if (auto s = done(c.exec("DELETE FROM sessions WHERE user_id = ?", {user}), "ending a closed account's sessions"); !s)
      return s;
    if (auto s = withdraw_lobby_rows(c, user); !s) return s;
    return write_audit(c, why);
  });
}

Status FairPlayStore::reopen_account(std::int64_t user, const AuditEntry& why) {
  return db_.writer()->transaction([&](Connection& c) -> Status {
    if (auto s = done(c.exec("UPDATE users SET closed_at = NULL WHERE id = ?", {user}), "reopening an account"); !s) return s;
    return write_audit(c, why);
  });
}

Status FairPlayStore::audit(const AuditEntry& e) {
  return db_.writer()->transaction([&](Connection& c) -> Status { return write_audit(c, e); });
}

Result<std::vector<AuditEntry>> FairPlayStore::audit_log(int limit, std::int64_t before_id) {
  auto rows = db_.reader()->query("SELECT id, at, actor, action, target, detail FROM audit_log WHERE (? = 0 OR id < ?) "
                                  "ORDER BY id DESC LIMIT ?",
                                  {before_id, before_id, limit});
  if (!rows) return make_error("database: reading the audit log: " + rows.error());
  std::vector<AuditEntry> out;
  for (const Row& r : *rows) out.push_back({r.integer(0), r.text(1), r.text(2), r.text(3), r.text(4), r.text(5)});
  return out;
}

Result<bool> FairPlayStore::add_bad_ending(std::int64_t user, const BadEnding& b) {
  auto n = db_.writer()->exec("INSERT INTO bad_endings(user_id, game_id, kind, at_ms) VALUES(?,?,?,?) ON CONFLICT DO NOTHING",
                              {user, b.game_id, b.kind, b.at_ms});
  if (!n) return make_error("database: noting a bad ending: " + n.error());
  return *n > 0;
}

Result<std::vector<BadEnding>> FairPlayStore::bad_endings_since(std::int64_t user, std::int64_t since_ms) {
  auto rows = db_.reader()->query("SELECT game_id, kind, at_ms FROM bad_endings WHERE user_id = ? AND at_ms >= ? "
                                  "ORDER BY at_ms, game_id",
                                  {user, since_ms});
  if (!rows) return make_error("database: reading bad endings: " + rows.error());
  std::vector<BadEnding> out;
  for (const Row& r : *rows) out.push_back({r.text(0), r.text(1), r.integer(2)});
  return out;
}

Status FairPlayStore::add_playban(std::int64_t user, std::int64_t starts_ms, std::int64_t ends_ms, int count,
                                  const AuditEntry& why) {
  return db_.writer()->transaction([&](Connection& c) -> Status {
    if (auto s = done(c.exec("INSERT INTO playbans(user_id, starts_ms, ends_ms, bad_endings) VALUES(?,?,?,?) "
                             "ON CONFLICT DO NOTHING",
                             {user, starts_ms, ends_ms, count}),
                      "adding a playban");
        !s)
      return s;
    if (auto s = withdraw_lobby_rows(c, user); !s) return s;
    return write_audit(c, why);
  });
}

Result<std::optional<std::int64_t>> FairPlayStore::playban_until(std::int64_t user, std::int64_t now_ms) {
  auto rows = db_.reader()->query("SELECT MAX(ends_ms) FROM playbans WHERE user_id = ? AND starts_ms <= ? AND ends_ms > ?",
                                  {user, now_ms, now_ms});
  if (!rows) return make_error("database: reading playbans: " + rows.error());
  if (rows->empty() || rows->front().is_null(0)) return std::optional<std::int64_t>();
  return std::optional<std::int64_t>(rows->front().integer(0));
}

}  // namespace oyin::storage
