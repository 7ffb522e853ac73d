#include "storage/tournament_store.h"

namespace oyin::storage {

namespace {

constexpr const char* kSelectTournament =
    "SELECT id, name, game, rules, format, initial_s, increment_s, rated, starts_ms, minutes, rounds, double_rr, "
    "min_players, max_players, password_hash, creator, creator_name, status, round, version, started_ms, ends_ms, "
    "finished_ms, created_at, created_ms FROM tournaments ";

TournamentRow read_tournament(const Row& r) {
  TournamentRow t;
  t.id = r.text(0);
  t.name = r.text(1);
  t.game = r.text(2);
  t.rules = r.text(3);
  t.format = r.text(4);
  t.initial_s = r.integer(5);
  t.increment_s = r.integer(6);
  t.rated = r.integer(7) != 0;
  t.starts_ms = r.integer(8);
  t.minutes = static_cast<int>(r.integer(9));
  t.rounds = static_cast<int>(r.integer(10));
  t.double_rr = r.integer(11) != 0;
  t.min_players = static_cast<int>(r.integer(12));
  t.max_players = static_cast<int>(r.integer(13));
  t.password_hash = r.text(14);
  t.creator = r.integer(15);
  t.creator_name = r.text(16);
  t.status = r.text(17);
  t.round = static_cast<int>(r.integer(18));
  t.version = r.integer(19);
  t.started_ms = r.integer(20);
  t.ends_ms = r.integer(21);
  t.finished_ms = r.integer(22);
  t.created_at = r.text(23);
  t.created_ms = r.integer(24);
  return t;
}

Error failed(const std::string& what, const std::string& why) { return make_error("database: " + what + ": " + why); }

Status insert_pairing(Connection& c, const std::string& id, const TournamentPairing& p) {
  auto n = c.exec(
      "INSERT INTO tournament_pairings(tournament_id, seq, round, white, black, game_id, result, forfeit, match_game, "
      "decider, berserk, created_ms) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      {id, p.seq, p.round, p.white, p.black, p.game_id, p.result, p.forfeit ? 1 : 0, p.match_game, p.decider ? 1 : 0,
       p.berserk, p.created_ms});
  if (!n) return make_error(n.error());
  return Ok{};
}

}  // namespace

Status TournamentStore::create(const TournamentRow& t) {
  auto n = db_.writer()->exec(
      "INSERT INTO tournaments(id, name, game, rules, format, initial_s, increment_s, rated, starts_ms, minutes, rounds, "
      "double_rr, min_players, max_players, password_hash, creator, creator_name, status, round, version, created_at, "
      "created_ms) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'created', 0, 0, ?, ?)",
      {t.id, t.name, t.game, t.rules, t.format, t.initial_s, t.increment_s, t.rated ? 1 : 0, t.starts_ms, t.minutes,
       t.rounds, t.double_rr ? 1 : 0, t.min_players, t.max_players, t.password_hash, t.creator, t.creator_name,
       t.created_at, t.created_ms});
  if (!n) return failed("tournament", n.error());
  return Ok{};
}

Result<std::optional<TournamentRow>> TournamentStore::find(const std::string& id) {
  auto rows = db_.reader()->query(std::string(kSelectTournament) + "WHERE id = ?", {id});
  if (!rows) return failed("tournament", rows.error());
  if (rows->empty()) return std::optional<TournamentRow>();
  return std::optional<TournamentRow>(read_tournament(rows->front()));
}

Result<std::int64_t> TournamentStore::open_by(std::int64_t creator) {
  auto rows = db_.reader()->query("SELECT COUNT(*) FROM tournaments WHERE creator = ? AND status IN ('created', 'running')",
                                  {creator});
  if (!rows) return failed("tournaments", rows.error());
  return rows->front().integer(0);
}

Result<std::vector<TournamentRow>> TournamentStore::list(const std::string& status, std::size_t limit) {
  // Upcoming ones soonest first; the others newest first.
  const std::string order = status == "created" ? "starts_ms ASC" : "created_ms DESC";
  auto rows = db_.reader()->query(std::string(kSelectTournament) + "WHERE status = ? ORDER BY " + order + ", id LIMIT ?",
                                  {status, static_cast<std::int64_t>(limit)});
  if (!rows) return failed("tournaments", rows.error());
  std::vector<TournamentRow> out;
  for (const Row& r : *rows) out.push_back(read_tournament(r));
  return out;
}

Result<std::vector<std::string>> TournamentStore::due(std::int64_t now_ms) {
  auto rows = db_.reader()->query(
      "SELECT id FROM tournaments WHERE status = 'running' OR (status = 'created' AND starts_ms <= ?) ORDER BY id",
      {now_ms});
  if (!rows) return failed("tournaments", rows.error());
  std::vector<std::string> out;
  for (const Row& r : *rows) out.push_back(r.text(0));
  return out;
}

Result<std::vector<TournamentPlayer>> TournamentStore::players(const std::string& id) {
  auto rows = db_.reader()->query(
      "SELECT user_id, username, rating, number, active, paused, joined_ms FROM tournament_players "
      "WHERE tournament_id = ? ORDER BY joined_ms, user_id",
      {id});
  if (!rows) return failed("tournament players", rows.error());
  std::vector<TournamentPlayer> out;
  for (const Row& r : *rows)
    out.push_back({r.integer(0), r.text(1), static_cast<int>(r.integer(2)), static_cast<int>(r.integer(3)),
                   r.integer(4) != 0, r.integer(5) != 0, r.integer(6)});
  return out;
}

Result<std::vector<TournamentPairing>> TournamentStore::pairings(const std::string& id) {
  auto rows = db_.reader()->query(
      "SELECT seq, round, white, black, game_id, result, forfeit, match_game, decider, berserk, created_ms, plies, ended_ms "
      "FROM tournament_pairings WHERE tournament_id = ? ORDER BY seq",
      {id});
  if (!rows) return failed("tournament pairings", rows.error());
  std::vector<TournamentPairing> out;
  for (const Row& r : *rows) {
    TournamentPairing p;
    p.seq = static_cast<int>(r.integer(0));
    p.round = static_cast<int>(r.integer(1));
    p.white = r.integer(2);
    p.black = r.integer(3);
    p.game_id = r.text(4);
    p.result = r.text(5);
    p.forfeit = r.integer(6) != 0;
    p.match_game = static_cast<int>(r.integer(7));
    p.decider = r.integer(8) != 0;
    p.berserk = static_cast<int>(r.integer(9));
    p.created_ms = r.integer(10);
    p.plies = static_cast<int>(r.integer(11));
    p.ended_ms = r.integer(12);
    out.push_back(std::move(p));
  }
  return out;
}

Result<TournamentStore::Joined> TournamentStore::join(const std::string& id, const TournamentPlayer& p,
                                                      std::int64_t now_ms) {
  Joined joined = Joined::yes;
  auto done = db_.writer()->transaction([&](Connection& c) -> Status {
    // Locks the tournament's row until the end, so two joins on two instances count in turn.
    auto locked = c.exec("UPDATE tournaments SET version = version WHERE id = ?", {id});
    if (!locked) return make_error(locked.error());
    auto rows = c.query(
        "SELECT status, format, max_players, (SELECT COUNT(*) FROM tournament_players WHERE tournament_id = ? AND "
        "active = 1), (SELECT COUNT(*) FROM tournament_players WHERE tournament_id = ? AND user_id = ?) "
        "FROM tournaments WHERE id = ?",
        {id, id, p.user_id, id});
    if (!rows) return make_error(rows.error());
    if (rows->empty()) return make_error("gone");
    const Row& r = rows->front();
    const bool late_ok = r.text(1) == "arena" || r.text(1) == "swiss";
    if (r.integer(4) > 0) joined = Joined::already;
    else if (r.text(0) != "created" && !(r.text(0) == "running" && late_ok)) joined = Joined::closed;
    else if (r.integer(3) >= r.integer(2)) joined = Joined::full;
    if (joined != Joined::yes) return make_error("refused");
    auto n = c.exec(
        "INSERT INTO tournament_players(tournament_id, user_id, username, rating, number, active, paused, joined_ms) "
        "VALUES(?, ?, ?, ?, 0, 1, 0, ?)",
        {id, p.user_id, p.username, p.rating, now_ms});
    if (!n) return make_error(n.error());
    return Ok{};
  });
  if (joined != Joined::yes) {
    if (joined == Joined::already) {  // a withdrawn player comes back (arena and swiss)
      auto n = db_.writer()->exec(
          "UPDATE tournament_players SET active = 1, paused = 0 WHERE tournament_id = ? AND user_id = ? AND "
          "EXISTS(SELECT 1 FROM tournaments WHERE id = ? AND (status = 'created' OR (status = 'running' AND format IN "
          "('arena', 'swiss'))))",
          {id, p.user_id, id});
      if (!n) return failed("tournament join", n.error());
    }
    return joined;
  }
  if (!done) return done.error() == "gone" ? Joined::closed : Result<Joined>(failed("tournament join", done.error()));
  return Joined::yes;
}

Result<bool> TournamentStore::withdraw(const std::string& id, std::int64_t user) {
  auto gone = db_.writer()->exec(
      "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ? AND "
      "EXISTS(SELECT 1 FROM tournaments WHERE id = ? AND status = 'created')",
      {id, user, id});
  if (!gone) return failed("tournament withdraw", gone.error());
  if (*gone > 0) return true;
  auto n = db_.writer()->exec("UPDATE tournament_players SET active = 0 WHERE tournament_id = ? AND user_id = ? AND active = 1",
                              {id, user});
  if (!n) return failed("tournament withdraw", n.error());
  return *n > 0;
}

Status TournamentStore::set_paused(const std::string& id, std::int64_t user, bool paused) {
  auto n = db_.writer()->exec("UPDATE tournament_players SET paused = ? WHERE tournament_id = ? AND user_id = ?",
                              {paused ? 1 : 0, id, user});
  if (!n) return failed("tournament player", n.error());
  return Ok{};
}

Result<bool> TournamentStore::cancel(const std::string& id, std::int64_t creator) {
  auto n = db_.writer()->exec(
      "UPDATE tournaments SET status = 'cancelled', version = version + 1 WHERE id = ? AND creator = ? AND "
      "status = 'created'",
      {id, creator});
  if (!n) return failed("tournament cancel", n.error());
  return *n == 1;
}

Result<bool> TournamentStore::step(const TournamentRow& t, const std::vector<std::pair<std::int64_t, int>>& numbers,
                                   const std::vector<TournamentPairing>& new_pairings) {
  bool lost = false;
  auto done = db_.writer()->transaction([&](Connection& c) -> Status {
    auto n = c.exec(
        "UPDATE tournaments SET status = ?, round = ?, version = ?, started_ms = ?, ends_ms = ?, finished_ms = ? "
        "WHERE id = ? AND version = ? AND status IN ('created', 'running')",
        {t.status, t.round, t.version, t.started_ms, t.ends_ms, t.finished_ms, t.id, t.version - 1});
    if (!n) return make_error(n.error());
    if (*n != 1) {
      lost = true;
      return make_error("lost");
    }
    for (const auto& [user, number] : numbers) {
      auto m = c.exec("UPDATE tournament_players SET number = ? WHERE tournament_id = ? AND user_id = ?", {number, t.id, user});
      if (!m) return make_error(m.error());
    }
    for (const TournamentPairing& p : new_pairings)
      if (auto s = insert_pairing(c, t.id, p); !s) return s;
    return c.notify("tournaments", t.id);
  });
  if (lost) return false;
  if (!done) return failed("tournament step", done.error());
  return true;
}

Status TournamentStore::add_berserk(const std::string& id, int seq, int bit) {
  // bit is 1 or 2: adding it once more than once would carry into the other's bit.
  auto n = db_.writer()->exec(
      "UPDATE tournament_pairings SET berserk = berserk + ? WHERE tournament_id = ? AND seq = ? AND (berserk = 0 OR "
      "berserk = 3 - ?)",
      {bit, id, seq, bit});
  if (!n) return failed("tournament berserk", n.error());
  return Ok{};
}

Result<bool> TournamentStore::record_result(const std::string& id, int seq, const std::string& result, bool forfeit,
                                            int plies, std::int64_t ended_ms) {
  bool changed = false;
  auto done = db_.writer()->transaction([&](Connection& c) -> Status {
    auto n = c.exec(
        "UPDATE tournament_pairings SET result = ?, forfeit = ?, plies = ?, ended_ms = ? WHERE tournament_id = ? AND "
        "seq = ? AND result = ''",
        {result, forfeit ? 1 : 0, plies, ended_ms, id, seq});
    if (!n) return make_error(n.error());
    changed = *n == 1;
    return changed ? c.notify("tournaments", id) : Status(Ok{});
  });
  if (!done) return failed("tournament result", done.error());
  return changed;
}

Result<std::vector<PairingGame>> TournamentStore::open_games(const std::string& id) {
  auto rows = db_.reader()->query(
      "SELECT p.seq, p.game_id, g.result, g.reason, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id), p.created_ms "
      "FROM tournament_pairings p JOIN games g ON g.id = p.game_id WHERE p.tournament_id = ? AND p.result = '' "
      "ORDER BY p.seq",
      {id});
  if (!rows) return failed("tournament games", rows.error());
  std::vector<PairingGame> out;
  for (const Row& r : *rows)
    out.push_back({static_cast<int>(r.integer(0)), r.text(1), r.text(2), r.text(3), r.integer(4), r.integer(5)});
  return out;
}

Result<std::string> TournamentStore::of_game(const std::string& game_id) {
  auto rows = db_.reader()->query("SELECT tournament_id FROM tournament_pairings WHERE game_id = ?", {game_id});
  if (!rows) return failed("tournament of game", rows.error());
  return rows->empty() ? std::string() : rows->front().text(0);
}

}  // namespace oyin::storage
