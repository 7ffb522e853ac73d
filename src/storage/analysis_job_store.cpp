#include "storage/analysis_job_store.h"

#include <algorithm>

namespace oyin::storage {

namespace {

constexpr const char* kJobColumns =
    "id, game_id, depth, nodes, status, total, done, lease, lease_until_ms, attempts, error, created_at, requested_by";

AnalysisJob read_job(const Row& r) {
  AnalysisJob j;
  j.id = r.integer(0);
  j.game_id = r.text(1);
  j.depth = static_cast<int>(r.integer(2));
  j.nodes = r.integer(3);
  j.status = r.text(4);
  j.total = static_cast<int>(r.integer(5));
  j.done = static_cast<int>(r.integer(6));
  j.lease = r.text(7);
  j.lease_until_ms = r.integer(8);
  j.attempts = static_cast<int>(r.integer(9));
  j.error = r.text(10);
  j.created_at = r.text(11);
  j.requested_by = r.integer(12);
  return j;
}

std::string select_jobs(const std::string& where) { return std::string("SELECT ") + kJobColumns + " FROM analysis_jobs " + where; }

Result<std::optional<AnalysisJob>> one_job(Connection& c, const std::string& where, const Params& params) {
  auto rows = c.query(select_jobs(where), params);
  if (!rows) return make_error("database: reading analysis jobs: " + rows.error());
  if (rows->empty()) return std::optional<AnalysisJob>();
  return std::optional<AnalysisJob>(read_job(rows->front()));
}

}  // namespace

Result<AnalysisJobStore::Queued> AnalysisJobStore::enqueue(const std::string& game_id, int depth, std::int64_t nodes,
                                                           std::int64_t requested_by, std::int64_t now_ms) {
  Queued out;
  auto s = db_.writer()->transaction([&](Connection& c) -> Status {
    auto n = c.exec("INSERT INTO analysis_jobs(game_id, depth, nodes, requested_by, created_at, created_ms) "
                    "VALUES(?,?,?,?,?,?) ON CONFLICT DO NOTHING",
                    {game_id, depth, nodes, requested_by, utc_now(), now_ms});
    if (!n) return make_error("database: queueing an analysis: " + n.error());
    out.created = *n > 0;
    auto job = one_job(c, "WHERE game_id = ? AND depth = ? AND nodes = ?", {game_id, depth, nodes});
    if (!job) return make_error(job.error());
    if (!*job) return make_error("database: the analysis job just queued is missing");
    out.job = **job;
    if (out.job.status != "queued") return Ok{};
    auto ahead = c.query("SELECT COUNT(*) FROM analysis_jobs WHERE status = 'queued' AND id < ?", {out.job.id});
    if (!ahead) return make_error("database: counting the analysis queue: " + ahead.error());
    out.position_in_queue = static_cast<int>(ahead->front().integer(0)) + 1;
    return Ok{};
  });
  if (!s) return make_error(s.error());
  return out;
}

Result<std::optional<AnalysisJob>> AnalysisJobStore::latest_for_game(const std::string& game_id) {
  return one_job(*db_.reader(), "WHERE game_id = ? ORDER BY id DESC LIMIT 1", {game_id});
}

Result<std::optional<AnalysisJob>> AnalysisJobStore::job(std::int64_t id) {
  return one_job(*db_.reader(), "WHERE id = ?", {id});
}

Result<int> AnalysisJobStore::queue_position(const AnalysisJob& job) {
  if (job.status != "queued") return 0;
  auto ahead = db_.reader()->query("SELECT COUNT(*) FROM analysis_jobs WHERE status = 'queued' AND id < ?", {job.id});
  if (!ahead) return make_error("database: counting the analysis queue: " + ahead.error());
  return static_cast<int>(ahead->front().integer(0)) + 1;
}

Result<int> AnalysisJobStore::requested_since(std::int64_t user, std::int64_t since_ms) {
  auto rows = db_.reader()->query("SELECT COUNT(*) FROM analysis_jobs WHERE requested_by = ? AND created_ms >= ?",
                                  {user, since_ms});
  if (!rows) return make_error("database: counting analysis requests: " + rows.error());
  return static_cast<int>(rows->front().integer(0));
}

Result<std::optional<AnalysisJob>> AnalysisJobStore::claim(const std::string& lease, std::int64_t now_ms,
                                                            std::int64_t lease_ms) {
  std::optional<AnalysisJob> claimed;
  auto s = db_.writer()->transaction([&](Connection& c) -> Status {
    // PostgreSQL: workers on several machines ask at once; each skips the rows another has locked
    // instead of waiting for it. SQLite's writer is one at a time already.
    const std::string lock = c.backend() == Backend::postgresql ? " FOR UPDATE SKIP LOCKED" : "";
    auto found = c.query("SELECT id FROM analysis_jobs WHERE status = 'queued' OR (status = 'running' AND lease_until_ms < ?) "
                         "ORDER BY id LIMIT 1" + lock,
                         {now_ms});
    if (!found) return make_error("database: looking for an analysis job: " + found.error());
    if (found->empty()) return Ok{};
    const std::int64_t id = found->front().integer(0);
    auto n = c.exec("UPDATE analysis_jobs SET status = 'running', lease = ?, lease_until_ms = ?, attempts = attempts + 1 "
                    "WHERE id = ?",
                    {lease, now_ms + lease_ms, id});
    if (!n) return make_error("database: taking an analysis job: " + n.error());
    auto job = one_job(c, "WHERE id = ?", {id});
    if (!job) return make_error(job.error());
    claimed = *job;
    return Ok{};
  });
  if (!s) return make_error(s.error());
  return claimed;
}

Result<bool> AnalysisJobStore::set_total(std::int64_t job, const std::string& lease, int total) {
  auto n = db_.writer()->exec("UPDATE analysis_jobs SET total = ? WHERE id = ? AND lease = ? AND status = 'running'",
                              {total, job, lease});
  if (!n) return make_error("database: sizing an analysis job: " + n.error());
  return *n > 0;
}

Result<bool> AnalysisJobStore::write_position(std::int64_t job, const std::string& lease, const AnalysedPosition& p,
                                              std::int64_t now_ms, std::int64_t lease_ms) {
  bool held = false;
  auto s = db_.writer()->transaction([&](Connection& c) -> Status {
    // The lease first: a worker that lost the job writes nothing (and the row lock it takes on
    // PostgreSQL orders this write after a takeover's).
    auto n = c.exec("UPDATE analysis_jobs SET lease_until_ms = ? WHERE id = ? AND lease = ? AND status = 'running'",
                    {now_ms + lease_ms, job, lease});
    if (!n) return make_error("database: renewing an analysis lease: " + n.error());
    held = *n > 0;
    if (!held) return Ok{};
    const Value mate = p.mate ? Value(*p.mate) : Value(nullptr);
    const Value played = p.played_score ? Value(*p.played_score) : Value(nullptr);
    const Value played_mate = p.played_mate ? Value(*p.played_mate) : Value(nullptr);
    auto w = c.exec("INSERT INTO analysis_positions(job_id, ply, score, mate, best, best_line, nodes, played_score, "
                    "played_mate) VALUES(?,?,?,?,?,?,?,?,?) ON CONFLICT DO NOTHING",
                    {job, p.ply, p.score, mate, p.best, p.best_line, p.nodes, played, played_mate});
    if (!w) return make_error("database: writing an analysed position: " + w.error());
    if (*w == 0) return Ok{};  // written before (the primary key keeps each position once)
    auto d = c.exec("UPDATE analysis_jobs SET done = done + 1 WHERE id = ?", {job});
    if (!d) return make_error("database: counting analysed positions: " + d.error());
    return Ok{};
  });
  if (!s) return make_error(s.error());
  return held;
}

Result<bool> AnalysisJobStore::finish(std::int64_t job, const std::string& lease, const std::string& error) {
  auto n = db_.writer()->exec("UPDATE analysis_jobs SET status = ?, error = ?, lease = '', lease_until_ms = 0 "
                              "WHERE id = ? AND lease = ? AND status = 'running'",
                              {error.empty() ? "done" : "failed", error, job, lease});
  if (!n) return make_error("database: ending an analysis job: " + n.error());
  return *n > 0;
}

Status AnalysisJobStore::release(std::int64_t job, const std::string& lease) {
  auto n = db_.writer()->exec("UPDATE analysis_jobs SET status = 'queued', lease = '', lease_until_ms = 0 "
                              "WHERE id = ? AND lease = ? AND status = 'running'",
                              {job, lease});
  if (!n) return make_error("database: giving an analysis job back: " + n.error());
  return Ok{};
}

Result<std::vector<AnalysedPosition>> AnalysisJobStore::positions(std::int64_t job) {
  auto rows = db_.reader()->query(
      "SELECT ply, score, mate, best, best_line, nodes, played_score, played_mate FROM analysis_positions "
      "WHERE job_id = ? ORDER BY ply",
      {job});
  if (!rows) return make_error("database: reading analysed positions: " + rows.error());
  std::vector<AnalysedPosition> out;
  for (const Row& r : *rows) {
    AnalysedPosition p;
    p.ply = static_cast<int>(r.integer(0));
    p.score = static_cast<int>(r.integer(1));
    if (!r.is_null(2)) p.mate = static_cast<int>(r.integer(2));
    p.best = r.text(3);
    p.best_line = r.text(4);
    p.nodes = r.integer(5);
    if (!r.is_null(6)) p.played_score = static_cast<int>(r.integer(6));
    if (!r.is_null(7)) p.played_mate = static_cast<int>(r.integer(7));
    out.push_back(std::move(p));
  }
  return out;
}

Result<std::vector<AnalysisJobStore::PlayerGame>> AnalysisJobStore::done_for_player(std::int64_t user,
                                                                                    const std::string& game,
                                                                                    const std::string& game_id, int limit) {
  // A game analysed at several budgets has several done jobs: the newest is kept, the others
  // skipped here (a few more rows than games are read for them).
  auto rows = db_.reader()->query(
      "SELECT j.id, j.game_id, g.user0, g.user1 FROM analysis_jobs j JOIN games g ON g.id = j.game_id "
      "WHERE j.status = 'done' AND (g.user0 = ? OR g.user1 = ?) AND (? = '' OR g.game = ?) AND (? = '' OR g.id = ?) "
      "ORDER BY j.id DESC LIMIT ?",
      {user, user, game, game, game_id, game_id, static_cast<std::int64_t>(limit) * 4});
  if (!rows) return make_error("database: reading a player's analysed games: " + rows.error());
  std::vector<PlayerGame> out;
  for (const Row& r : *rows) {
    if (static_cast<int>(out.size()) >= limit) break;
    const std::string id = r.text(1);
    if (std::any_of(out.begin(), out.end(), [&](const PlayerGame& g) { return g.game_id == id; })) continue;
    PlayerGame g;
    g.job_id = r.integer(0);
    g.game_id = id;
    g.seats[0] = r.integer(2) == user;
    g.seats[1] = r.integer(3) == user;
    out.push_back(std::move(g));
  }
  return out;
}

}  // namespace oyin::storage
