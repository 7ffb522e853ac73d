#include "storage/learn_store.h"

#include <charconv>
#include <cstdlib>

namespace oyin::storage {

namespace {

// Doubles go to the database as their shortest exact text, as in rating_store.cpp.
std::string num(double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}
double dbl(const Row& r, std::size_t col) { return std::strtod(r.text(col).c_str(), nullptr); }

Error failed(const std::string& what, const std::string& why) { return make_error("database: " + what + ": " + why); }

constexpr const char* kReadRating =
    "SELECT rating, rd, volatility, attempts FROM puzzle_ratings WHERE user_id=? AND game=?";
constexpr const char* kSaveRating =
    "INSERT INTO puzzle_ratings(user_id, game, rating, rd, volatility, attempts, updated_at) VALUES(?,?,?,?,?,?,?) "
    "ON CONFLICT(user_id, game) DO UPDATE SET rating=excluded.rating, rd=excluded.rd, "
    "volatility=excluded.volatility, attempts=excluded.attempts, updated_at=excluded.updated_at";
// The next number in an account's list of finished puzzles (their order).
constexpr const char* kNextSeq = "SELECT COALESCE(MAX(seq), 0) + 1 FROM puzzle_attempts WHERE user_id=?";
constexpr const char* kAddAttempt =
    "INSERT INTO puzzle_attempts(user_id, puzzle_id, game, solved, seq, at) VALUES(?,?,?,?,?,?) "
    "ON CONFLICT(user_id, puzzle_id) DO NOTHING";

Result<std::optional<PuzzleRatingRow>> read_rating(Connection& c, std::int64_t user_id, const std::string& game) {
  auto rows = c.query(kReadRating, {user_id, game});
  if (!rows) return failed("reading a puzzle rating", rows.error());
  if (rows->empty()) return std::optional<PuzzleRatingRow>();
  const Row& r = rows->front();
  return std::optional<PuzzleRatingRow>(PuzzleRatingRow{dbl(r, 0), dbl(r, 1), dbl(r, 2), static_cast<int>(r.integer(3))});
}

Status save_rating(Connection& c, std::int64_t user_id, const std::string& game, const PuzzleRatingRow& r) {
  auto up = c.exec(kSaveRating, {user_id, game, num(r.rating), num(r.rd), num(r.volatility), r.attempts, utc_now()});
  if (!up) return failed("saving a puzzle rating", up.error());
  return Ok{};
}

constexpr const char* kReadDifficulty =
    "SELECT rating, rd, volatility, attempts, solved FROM puzzle_difficulty WHERE puzzle_id=?";
constexpr const char* kSaveDifficulty =
    "INSERT INTO puzzle_difficulty(puzzle_id, game, rating, rd, volatility, attempts, solved, updated_at) "
    "VALUES(?,?,?,?,?,?,?,?) ON CONFLICT(puzzle_id) DO UPDATE SET rating=excluded.rating, rd=excluded.rd, "
    "volatility=excluded.volatility, attempts=excluded.attempts, solved=excluded.solved, updated_at=excluded.updated_at";

PuzzleRatingRow difficulty_row(const Row& r) {
  return {dbl(r, 0), dbl(r, 1), dbl(r, 2), static_cast<int>(r.integer(3)), static_cast<int>(r.integer(4))};
}

Result<std::optional<PuzzleRatingRow>> read_difficulty(Connection& c, const std::string& puzzle_id) {
  auto rows = c.query(kReadDifficulty, {puzzle_id});
  if (!rows) return failed("reading a puzzle's rating", rows.error());
  if (rows->empty()) return std::optional<PuzzleRatingRow>();
  return std::optional<PuzzleRatingRow>(difficulty_row(rows->front()));
}

Result<std::int64_t> next_seq(Connection& c, std::int64_t user_id) {
  auto rows = c.query(kNextSeq, {user_id});
  if (!rows || rows->empty()) return failed("numbering a finished puzzle", rows ? "no row" : rows.error());
  return rows->front().integer(0);
}

}  // namespace

Result<LearnProgress> LearnStore::progress(std::int64_t user_id) {
  auto c = db_.reader();
  LearnProgress out;
  auto lessons = c->query("SELECT lesson_id, done_at FROM lesson_progress WHERE user_id=?", {user_id});
  if (!lessons) return failed("reading lesson progress", lessons.error());
  for (const Row& r : *lessons) out.lessons[r.text(0)] = r.text(1);
  auto ratings = c->query("SELECT game, rating, rd, volatility, attempts FROM puzzle_ratings WHERE user_id=?", {user_id});
  if (!ratings) return failed("reading puzzle ratings", ratings.error());
  for (const Row& r : *ratings)
    out.puzzles[r.text(0)].rating = PuzzleRatingRow{dbl(r, 1), dbl(r, 2), dbl(r, 3), static_cast<int>(r.integer(4))};
  auto done = c->query("SELECT game, puzzle_id, solved FROM puzzle_attempts WHERE user_id=? ORDER BY seq", {user_id});
  if (!done) return failed("reading finished puzzles", done.error());
  for (const Row& r : *done) out.puzzles[r.text(0)].done.push_back({r.text(1), r.integer(2) != 0});
  return out;
}

Status LearnStore::finish_lesson(std::int64_t user_id, const std::string& lesson_id, const std::string& at) {
  auto w = db_.writer();
  auto in = w->exec("INSERT INTO lesson_progress(user_id, lesson_id, done_at) VALUES(?,?,?) "
                    "ON CONFLICT(user_id, lesson_id) DO NOTHING",
                    {user_id, lesson_id, at});
  if (!in) return failed("saving lesson progress", in.error());
  return Ok{};
}

Result<bool> LearnStore::has_done_puzzle(std::int64_t user_id, const std::string& puzzle_id) {
  auto rows = db_.reader()->query("SELECT 1 FROM puzzle_attempts WHERE user_id=? AND puzzle_id=?", {user_id, puzzle_id});
  if (!rows) return failed("reading finished puzzles", rows.error());
  return !rows->empty();
}

Result<std::optional<PuzzleRatingRow>> LearnStore::puzzle_rating(std::int64_t user_id, const std::string& game) {
  return read_rating(*db_.reader(), user_id, game);
}

Result<std::optional<PuzzleRatingRow>> LearnStore::puzzle_difficulty(const std::string& puzzle_id) {
  return read_difficulty(*db_.reader(), puzzle_id);
}

Result<std::map<std::string, PuzzleRatingRow>> LearnStore::puzzle_difficulties(const std::string& game) {
  auto rows = db_.reader()->query("SELECT rating, rd, volatility, attempts, solved, puzzle_id FROM puzzle_difficulty "
                                  "WHERE game=?",
                                  {game});
  if (!rows) return failed("reading puzzles' ratings", rows.error());
  std::map<std::string, PuzzleRatingRow> out;
  for (const Row& r : *rows) out[r.text(5)] = difficulty_row(r);
  return out;
}

Result<std::optional<LearnStore::Rated>> LearnStore::finish_puzzle(std::int64_t user_id, const std::string& game,
                                                                   const std::string& puzzle_id, bool solved,
                                                                   const Rate& rate) {
  std::optional<Rated> out;
  auto s = db_.writer()->transaction([&](Connection& c) -> Status {
    auto seq = next_seq(c, user_id);
    if (!seq) return make_error(seq.error());
    auto added = c.exec(kAddAttempt, {user_id, puzzle_id, game, solved ? 1 : 0, *seq, utc_now()});
    if (!added) return failed("saving a finished puzzle", added.error());
    if (*added == 0) {  // finished before: not rated again; a later solve is noted
      if (!solved) return Ok{};
      auto up = c.exec("UPDATE puzzle_attempts SET solved=1 WHERE user_id=? AND puzzle_id=?", {user_id, puzzle_id});
      if (!up) return failed("saving a finished puzzle", up.error());
      return Ok{};
    }
    auto before = read_rating(c, user_id, game);
    if (!before) return make_error(before.error());
    auto puzzle = read_difficulty(c, puzzle_id);
    if (!puzzle) return make_error(puzzle.error());
    const RatedPair after = rate(*before, *puzzle);
    Rated r{*before, after.learner, *puzzle, after.puzzle};
    if (auto saved = save_rating(c, user_id, game, r.after); !saved) return saved;
    const PuzzleRatingRow& d = r.puzzle_after;
    auto up = c.exec(kSaveDifficulty, {puzzle_id, game, num(d.rating), num(d.rd), num(d.volatility), d.attempts, d.solved,
                                       utc_now()});
    if (!up) return failed("saving a puzzle's rating", up.error());
    out = r;
    return Ok{};
  });
  if (!s) return make_error(s.error());
  return out;
}

Status LearnStore::merge(std::int64_t user_id, const LearnProgress& browser, const Choose& choose) {
  return db_.writer()->transaction([&](Connection& c) -> Status {
    for (const auto& [id, at] : browser.lessons) {
      auto in = c.exec("INSERT INTO lesson_progress(user_id, lesson_id, done_at) VALUES(?,?,?) "
                       "ON CONFLICT(user_id, lesson_id) DO UPDATE SET done_at=excluded.done_at "
                       "WHERE excluded.done_at < lesson_progress.done_at",
                       {user_id, id, at});
      if (!in) return failed("merging lesson progress", in.error());
    }
    const std::string now = utc_now();
    for (const auto& [game, p] : browser.puzzles) {
      if (p.rating) {
        auto mine = read_rating(c, user_id, game);
        if (!mine) return make_error(mine.error());
        if (auto saved = save_rating(c, user_id, game, choose(*mine, *p.rating)); !saved) return saved;
      }
      for (const PuzzleDone& d : p.done) {
        auto seq = next_seq(c, user_id);
        if (!seq) return make_error(seq.error());
        auto added = c.exec(kAddAttempt, {user_id, d.id, game, d.solved ? 1 : 0, *seq, now});
        if (!added) return failed("merging finished puzzles", added.error());
        if (*added == 0 && d.solved) {
          auto up = c.exec("UPDATE puzzle_attempts SET solved=1 WHERE user_id=? AND puzzle_id=?", {user_id, d.id});
          if (!up) return failed("merging finished puzzles", up.error());
        }
      }
    }
    return Ok{};
  });
}

}  // namespace oyin::storage
