#include "server/learn/learn_progress.h"

#include <cctype>
#include <cmath>

#include "registry/registry.h"
#include "learn/puzzle_book.h"
#include "learn/lesson_book.h"
#include "server/ratings/puzzle_rating.h"

namespace oyin::server {

namespace {

constexpr std::size_t kMaxIds = 1000;  // ids read from one list of a merge

ratings::Rating rating_of(const storage::PuzzleRatingRow& r) { return {r.rating, r.rd, r.volatility}; }
storage::PuzzleRatingRow row_of(const ratings::Rating& r, int attempts) {
  return {r.rating, r.deviation, r.volatility, attempts};
}

// "2026-12-01T21:30:00.123Z" (a browser's toISOString) as the store's "2026-12-01T21:30:00Z";
// anything else is not a date, and the merge's time is used.
std::string iso_second(const json& v, const std::string& otherwise) {
  if (!v.is_string()) return otherwise;
  const std::string s = v.get<std::string>();
  static constexpr char kShape[] = "dddd-dd-ddTdd:dd:dd";
  if (s.size() < sizeof kShape - 1) return otherwise;
  for (std::size_t i = 0; i + 1 < sizeof kShape; ++i)
    if (kShape[i] == 'd' ? !std::isdigit(static_cast<unsigned char>(s[i])) : s[i] != kShape[i]) return otherwise;
  return s.substr(0, sizeof kShape - 1) + "Z";
}

Reply field_error(const std::string& what) {
  return Reply::error(400, "field_type", "bad request: " + what);
}

// The ids of a JSON list that name shipped puzzles of `game` (others are left out).
Result<std::vector<std::string>> puzzle_ids(const json& game_part, const char* key, const std::string& game) {
  std::vector<std::string> out;
  const auto it = game_part.find(key);
  if (it == game_part.end() || it->is_null()) return out;
  if (!it->is_array()) return make_error(std::string("\"") + key + "\" must be a list of puzzle ids");
  for (const json& id : *it) {
    if (out.size() >= kMaxIds) break;
    if (!id.is_string()) return make_error(std::string("\"") + key + "\" must be a list of puzzle ids");
    const learn::Puzzle* p = learn::shipped_puzzles().find(id.get<std::string>());
    if (p && p->game == game) out.push_back(p->id);
  }
  return out;
}

}  // namespace

Status AccountPuzzleRatings::check(const PuzzleLearner& learner) {
  if (learner.user) return Ok{};
  return guests_.check(learner);
}

Result<std::optional<PuzzleRatingChange>> AccountPuzzleRatings::finish(const PuzzleLearner& learner,
                                                                       const std::string& game,
                                                                       const std::string& puzzle_id,
                                                                       int puzzle_rating, bool solved) {
  if (!learner.user) return guests_.finish(learner, game, puzzle_id, puzzle_rating, solved);
  auto rated = store_.finish_puzzle(
      learner.user, game, puzzle_id, solved,
      [&](const std::optional<storage::PuzzleRatingRow>& now, const std::optional<storage::PuzzleRatingRow>& puzzle) {
        const ratings::Rating before = now ? rating_of(*now) : ratings::kNewPuzzleLearner;
        const ratings::Rating p = puzzle ? rating_of(*puzzle) : ratings::puzzle_start(puzzle_rating);
        storage::PuzzleRatingRow p_after = row_of(ratings::rate_by_solver(p, before, solved), (puzzle ? puzzle->attempts : 0) + 1);
        p_after.solved = (puzzle ? puzzle->solved : 0) + (solved ? 1 : 0);
        return storage::LearnStore::RatedPair{
            row_of(ratings::rate_puzzle(before, static_cast<int>(std::lround(p.rating)), solved), (now ? now->attempts : 0) + 1),
            p_after};
      });
  if (!rated) return make_error(rated.error());
  if (!*rated) return std::optional<PuzzleRatingChange>();
  const auto& r = **rated;
  PuzzleRatingChange change{r.before ? rating_of(*r.before) : ratings::kNewPuzzleLearner, rating_of(r.after), false,
                            std::nullopt};
  change.puzzle = std::pair{r.puzzle_before ? rating_of(*r.puzzle_before) : ratings::puzzle_start(puzzle_rating),
                            rating_of(r.puzzle_after)};
  return std::optional<PuzzleRatingChange>(change);
}

Result<int> AccountPuzzleRatings::puzzle_rating(const std::string& puzzle_id, int file_rating) {
  auto d = store_.puzzle_difficulty(puzzle_id);
  if (!d) return make_error(d.error());
  return *d ? static_cast<int>(std::lround((*d)->rating)) : file_rating;
}

Result<std::map<std::string, int>> AccountPuzzleRatings::learned_ratings(const std::string& game) {
  auto all = store_.puzzle_difficulties(game);
  if (!all) return make_error(all.error());
  std::map<std::string, int> out;
  for (const auto& [id, row] : *all) out[id] = static_cast<int>(std::lround(row.rating));
  return out;
}

bool is_learn_progress_path(const std::vector<std::string>& parts) {
  return parts.size() == 3 && parts[0] == "api" && parts[1] == "learn" && parts[2] == "progress";
}

Status LearnProgressService::lesson_finished(std::int64_t user, const std::string& lesson_id) {
  return store_.finish_lesson(user, lesson_id, storage::utc_now());
}

Result<std::vector<std::string>> LearnProgressService::finished_puzzles(std::int64_t user, const std::string& game) {
  auto p = store_.progress(user);
  if (!p) return make_error(p.error());
  std::vector<std::string> out;
  const auto it = p->puzzles.find(game);
  if (it != p->puzzles.end())
    for (const auto& d : it->second.done) out.push_back(d.id);
  return out;
}

Result<json> LearnProgressService::progress_json(std::int64_t user) {
  auto p = store_.progress(user);
  if (!p) return make_error(p.error());
  json lessons = json::object();
  for (const auto& [id, at] : p->lessons) lessons[id] = at;
  json puzzles = json::object();
  for (const auto& [game, g] : p->puzzles) {
    json seen = json::array(), solved = json::array();
    for (const auto& d : g.done) {
      seen.push_back(d.id);
      if (d.solved) solved.push_back(d.id);
    }
    json entry{{"rating", nullptr}, {"attempts", 0}, {"provisional", true}, {"seen", seen}, {"solved", solved}};
    if (g.rating) {
      entry["rating"] = rating_json(rating_of(*g.rating));
      entry["attempts"] = g.rating->attempts;
      entry["provisional"] = ratings::provisional(rating_of(*g.rating));
    }
    puzzles[game] = entry;
  }
  return json{{"lessons", lessons}, {"puzzles", puzzles}};
}

Reply LearnProgressService::progress_reply(const std::string& m, std::int64_t user, const json& body) {
  if (m != "GET" && m != "POST")
    return Reply::error(405, "method_not_allowed", "method " + m + " is not allowed on /api/learn/progress");
  if (!user) return Reply::error(401, "not_signed_in", "nobody is signed in: a guest's progress stays in the browser");
  if (m == "POST") {
    if (!body.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
    storage::LearnProgress browser;
    const std::string now = storage::utc_now();
    if (const auto l = body.find("lessons"); l != body.end() && !l->is_null()) {
      if (!l->is_object()) return field_error("\"lessons\" must be {lesson id: date finished}");
      for (const auto& [id, at] : l->items())
        if (lessons::shipped_lessons().find(id)) browser.lessons[id] = iso_second(at, now);
    }
    if (const auto ps = body.find("puzzles"); ps != body.end() && !ps->is_null()) {
      if (!ps->is_object()) return field_error("\"puzzles\" must be {game: {\"rating\", \"seen\", \"solved\"}}");
      for (const auto& [name, part] : ps->items()) {
        const GameEntry* g = find_game(name);
        if (!g) return Reply::error(400, "unknown_game", "unknown game '" + name + "'", {{"game", name}});
        if (!part.is_object()) return field_error("\"puzzles\" must be {game: {\"rating\", \"seen\", \"solved\"}}");
        auto rating = sent_rating(part);
        if (!rating) return Reply::error(400, "bad_rating", rating.error(), {{"game", g->name()}});
        auto seen = puzzle_ids(part, "seen", g->name());
        if (!seen) return field_error(seen.error());
        auto solved = puzzle_ids(part, "solved", g->name());
        if (!solved) return field_error(solved.error());
        // A browser can say anything: its results are taken only as the server sealed them.
        storage::PuzzleProgress& mine = browser.puzzles[g->name()];
        if (seal_)
          if (const auto sealed = sealed_rating(part, g->name(), *seal_))
            mine.rating = row_of(*sealed, static_cast<int>(seen->size()));
        const auto seals = part.find("solved_seals");
        const auto no_seals = part.end();
        const auto solved_sealed = [&](const std::string& id) {
          if (!seal_ || seals == no_seals || !seals->is_object()) return false;
          const auto s = seals->find(id);
          return s != seals->end() && s->is_string() && seal_->valid(solved_seal_message(id), s->get<std::string>());
        };
        for (const auto& id : *seen) mine.done.push_back({id, false});
        for (const auto& id : *solved) mine.done.push_back({id, solved_sealed(id)});
      }
    }
    auto merged = store_.merge(user, browser, [](const std::optional<storage::PuzzleRatingRow>& account,
                                                 const storage::PuzzleRatingRow& from_browser) {
      return account && account->rd <= from_browser.rd ? *account : from_browser;
    });
    if (!merged) return Reply::error(500, "server_error", merged.error());
  }
  auto out = progress_json(user);
  if (!out) return Reply::error(500, "server_error", out.error());
  return {200, *out};
}

}  // namespace oyin::server
