#include "storage/rating_store.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>

namespace oyin::storage {

namespace {

// Doubles go to the database as their shortest exact text (Value holds integers and text; both
// backends turn the text into the DOUBLE PRECISION of the column) and come back as text.
std::string num(double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}
double dbl(const Row& r, std::size_t col) { return std::strtod(r.text(col).c_str(), nullptr); }

Error failed(const std::string& what, const std::string& why) { return make_error("database: " + what + ": " + why); }

StoredRating read_rating(const Row& r, std::size_t at) {
  return {dbl(r, at), dbl(r, at + 1), dbl(r, at + 2), static_cast<int>(r.integer(at + 3))};
}

}  // namespace

Result<std::optional<StoredRating>> RatingStore::rating(std::int64_t user_id, const std::string& game,
                                                        const std::string& speed) {
  auto rows = db_.reader()->query("SELECT rating, rd, volatility, games FROM ratings WHERE user_id=? AND game=? AND speed=?",
                                  {user_id, game, speed});
  if (!rows) return failed("reading a rating", rows.error());
  if (rows->empty()) return std::optional<StoredRating>();
  return std::optional<StoredRating>(read_rating(rows->front(), 0));
}

Result<bool> RatingStore::apply_once(const std::string& game_id, const std::string& game, const std::string& speed,
                                     const std::vector<std::int64_t>& users, const Compute& compute) {
  bool applied = false;
  auto s = db_.writer()->transaction([&](Connection& c) -> Status {
    auto marked = c.exec("UPDATE games SET rating_done=1 WHERE id=? AND rating_done=0", {game_id});
    if (!marked) return failed("rating game " + game_id, marked.error());
    if (*marked == 0) return Ok{};  // done before (by this process or another)
    std::vector<StoredRating> now;
    for (const std::int64_t u : users) {
      auto rows = c.query("SELECT rating, rd, volatility, games FROM ratings WHERE user_id=? AND game=? AND speed=?",
                          {u, game, speed});
      if (!rows) return failed("reading a rating", rows.error());
      now.push_back(rows->empty() ? StoredRating{} : read_rating(rows->front(), 0));
    }
    const std::vector<StoredRating> next = compute(now);
    const std::string at = utc_now();
    for (std::size_t i = 0; i < users.size() && i < next.size(); ++i) {
      const StoredRating& r = next[i];
      auto up = c.exec("INSERT INTO ratings(user_id, game, speed, rating, rd, volatility, games, updated_at) "
                       "VALUES(?,?,?,?,?,?,?,?) ON CONFLICT(user_id, game, speed) DO UPDATE SET rating=excluded.rating, "
                       "rd=excluded.rd, volatility=excluded.volatility, games=excluded.games, updated_at=excluded.updated_at",
                       {users[i], game, speed, num(r.rating), num(r.rd), num(r.volatility), r.games, at});
      if (!up) return failed("saving a rating", up.error());
      auto h = c.exec("INSERT INTO rating_history(user_id, game, speed, game_id, rating_before, rating, rd, at) "
                      "VALUES(?,?,?,?,?,?,?,?)",
                      {users[i], game, speed, game_id, num(now[i].rating), num(r.rating), num(r.rd), at});
      if (!h) return failed("saving a rating's history", h.error());
    }
    applied = true;
    return Ok{};
  });
  if (!s) return make_error(s.error());
  return applied;
}

Result<std::vector<RatingChange>> RatingStore::changes_of_game(const std::string& game_id) {
  auto rows = db_.reader()->query("SELECT user_id, rating_before, rating FROM rating_history WHERE game_id=?", {game_id});
  if (!rows) return failed("reading a game's rating changes", rows.error());
  std::vector<RatingChange> out;
  for (const Row& r : *rows) out.push_back({r.integer(0), dbl(r, 1), dbl(r, 2)});
  return out;
}

Status RatingStore::record_first_beaten(const std::string& game, int level, std::int64_t user_id,
                                        const std::string& game_id) {
  auto r = db_.writer()->exec("INSERT INTO first_beaten(game, level, user_id, game_id, at) VALUES(?,?,?,?,?) "
                              "ON CONFLICT DO NOTHING",
                              {game, level, user_id, game_id, utc_now()});
  if (!r) return failed("recording a first win", r.error());
  return Ok{};
}

Result<std::vector<FirstBeaten>> RatingStore::first_beaten(const std::string& game) {
  auto rows = db_.reader()->query("SELECT f.level, u.username, f.game_id, f.at FROM first_beaten f JOIN users u "
                                  "ON u.id = f.user_id WHERE f.game=? ORDER BY f.level",
                                  {game});
  if (!rows) return failed("reading the hall of fame", rows.error());
  std::vector<FirstBeaten> out;
  for (const Row& r : *rows) out.push_back({static_cast<int>(r.integer(0)), r.text(1), r.text(2), r.text(3)});
  return out;
}

Result<std::vector<UserRating>> RatingStore::ratings_of(std::int64_t user_id) {
  auto rows = db_.reader()->query("SELECT game, speed, rating, rd, volatility, games FROM ratings WHERE user_id=? "
                                  "ORDER BY game, speed",
                                  {user_id});
  if (!rows) return failed("reading ratings", rows.error());
  std::vector<UserRating> out;
  for (const Row& r : *rows) out.push_back({r.text(0), r.text(1), read_rating(r, 2)});
  return out;
}

Result<std::vector<HistoryPoint>> RatingStore::history_of(std::int64_t user_id, std::size_t limit) {
  auto rows = db_.reader()->query("SELECT game, speed, rating, rd, at FROM rating_history WHERE user_id=? "
                                  "ORDER BY rowid DESC LIMIT ?",
                                  {user_id, limit});
  if (!rows) return failed("reading a rating history", rows.error());
  std::vector<HistoryPoint> out;
  for (const Row& r : *rows) out.push_back({r.text(0), r.text(1), dbl(r, 2), dbl(r, 3), r.text(4)});
  std::reverse(out.begin(), out.end());  // oldest first, as a chart draws it
  return out;
}

Result<std::vector<UserGame>> RatingStore::recent_games(std::int64_t user_id, std::size_t limit) {
  auto rows = db_.reader()->query(
      "SELECT g.id, g.game, g.mode, g.result, g.reason, g.updated_at, g.user0, g.ai_side, g.level, g.rated, "
      "g.clock_initial_ms, g.clock_increment_ms, u0.username, u1.username, h.rating_before, h.rating, gu.played_at "
      "FROM games g LEFT JOIN users u0 ON u0.id = g.user0 LEFT JOIN users u1 ON u1.id = g.user1 "
      "LEFT JOIN rating_history h ON h.game_id = g.id AND h.user_id = ? "
      "LEFT JOIN game_uploads gu ON gu.game_id = g.id "
      "WHERE (g.user0 = ? OR g.user1 = ?) AND g.result <> '*' ORDER BY g.updated_at DESC, g.rowid DESC LIMIT ?",
      {user_id, user_id, user_id, limit});
  if (!rows) return failed("reading a player's games", rows.error());
  std::vector<UserGame> out;
  for (const Row& r : *rows) {
    UserGame g;
    g.id = r.text(0);
    g.game = r.text(1);
    g.mode = r.text(2);
    g.result = r.text(3);
    g.reason = r.text(4);
    g.updated_at = r.text(5);
    g.side = r.integer(6) == user_id ? 0 : 1;
    g.ai_side = static_cast<int>(r.integer(7));
    g.level = static_cast<int>(r.integer(8));
    g.rated = r.integer(9) != 0;
    g.clock_initial_ms = r.integer(10);
    g.clock_increment_ms = r.integer(11);
    g.opponent = r.text(g.side == 0 ? 13 : 12);
    if (!r.is_null(14)) g.delta = dbl(r, 15) - dbl(r, 14);
    g.played_in_browser = r.text(16);
    out.push_back(std::move(g));
  }
  return out;
}

Result<GameCounts> RatingStore::counts_of(std::int64_t user_id) {
  auto rows = db_.reader()->query(
      "SELECT "
      "SUM(CASE WHEN (user0 = ? AND result = '1-0') OR (user1 = ? AND result = '0-1') THEN 1 ELSE 0 END), "
      "SUM(CASE WHEN (user0 = ? AND result = '0-1') OR (user1 = ? AND result = '1-0') THEN 1 ELSE 0 END), "
      "SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END) "
      "FROM games WHERE (user0 = ? OR user1 = ?) AND result <> '*'",
      {user_id, user_id, user_id, user_id, user_id, user_id});
  if (!rows) return failed("counting a player's games", rows.error());
  GameCounts c;
  if (!rows->empty()) {
    c.wins = static_cast<int>(rows->front().integer(0));
    c.losses = static_cast<int>(rows->front().integer(1));
    c.draws = static_cast<int>(rows->front().integer(2));
  }
  c.games = c.wins + c.losses + c.draws;
  return c;
}

Result<std::vector<BoardEntry>> RatingStore::board(const std::string& game, const std::string& speed, bool established,
                                                   double max_rd, std::size_t limit) {
  auto rows = db_.reader()->query(
      std::string("SELECT u.username, r.rating, r.rd, r.volatility, r.games FROM ratings r JOIN users u "
                  "ON u.id = r.user_id WHERE r.game=? AND r.speed=? AND r.rd ") +
          (established ? "<=" : ">") + " ? ORDER BY r.rating DESC, u.name_key LIMIT ?",
      {game, speed, num(max_rd), limit});
  if (!rows) return failed("reading a leaderboard", rows.error());
  std::vector<BoardEntry> out;
  for (const Row& r : *rows) out.push_back({r.text(0), read_rating(r, 1)});
  return out;
}

}  // namespace oyin::storage
