#include "server/learn/puzzles_api.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "registry/registry.h"
#include "learn/puzzle_book.h"
#include "server/learn/learn_progress.h"
#include "server/learn/puzzle_rating_store.h"
#include "server/ratings/puzzle_rating.h"
#include "server/common/request_json.h"

namespace oyin::server {

namespace {

constexpr std::size_t kMaxSeen = 1000;  // ids of `seen` read; a longer list is cut

std::vector<std::string> comma_list(const std::string& text) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (pos <= text.size() && out.size() < kMaxSeen) {
    const std::size_t end = std::min(text.find(',', pos), text.size());
    if (end > pos) out.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

Reply book_error() {
  return Reply::error(500, "server_error", "the shipped puzzles are broken: " + learn::shipped_puzzles_error());
}

Reply summary(const Target& t, PuzzleRatingStore& store) {
  const std::string name = t.param("game");
  const GameEntry* only = nullptr;
  if (!name.empty() && !(only = find_game(name)))
    return Reply::error(400, "unknown_game", "unknown game '" + name + "'", {{"game", name}});
  json games = json::array();
  for (const GameEntry* g : all_games()) {
    if (only && g != only) continue;
    std::map<std::string, int> themes;
    int count = 0, lo = 0, hi = 0;
    auto learned = store.learned_ratings(g->name());
    if (!learned) return Reply::error(500, "server_error", learned.error());
    for (const auto& p : learn::shipped_puzzles().puzzles()) {
      if (p.game != g->name()) continue;
      const auto it = learned->find(p.id);
      const int rating = it == learned->end() ? p.rating : it->second;
      lo = count ? std::min(lo, rating) : rating;
      hi = count ? std::max(hi, rating) : rating;
      ++count;
      for (const auto& th : p.themes) ++themes[th];
    }
    if (!count) continue;
    json list = json::array();
    for (const auto& [th, n] : themes) list.push_back({{"theme", th}, {"count", n}});
    games.push_back({{"game", g->name()}, {"puzzles", count}, {"themes", list}, {"min_rating", lo}, {"max_rating", hi}});
  }
  return {200, {{"games", games}, {"new_learner", rating_json(ratings::kNewPuzzleLearner)}}};
}

// The puzzle as the learner sees it, at its current (learned) rating.
Reply view(const learn::Puzzle& p, PuzzleRatingStore& store) {
  auto v = learn::shipped_puzzles().view(p);
  if (!v) return Reply::error(500, "server_error", v.error());
  auto rating = store.puzzle_rating(p.id, p.rating);
  if (!rating) return Reply::error(500, "server_error", rating.error());
  (*v)["rating"] = *rating;
  return {200, *v};
}

Reply next(const Target& t, const PuzzleLearnerContext& who, PuzzleRatingStore& store) {
  const std::string name = t.param("game");
  const GameEntry* g = find_game(name);
  if (!g) return Reply::error(400, "unknown_game", name.empty() ? "the request needs ?game=" : "unknown game '" + name + "'",
                              {{"game", name}});
  const auto rating = int_param("rating", t.param("rating"), 0, 4000, std::lround(ratings::kNewPuzzleLearner.rating));
  if (!rating) return Reply::error(400, "bad_number", rating.error());
  learn::PickOptions opt;
  opt.game = g->name();
  opt.rating = static_cast<int>(*rating);
  opt.themes = comma_list(t.param("themes"));
  for (auto& id : comma_list(t.param("seen"))) opt.seen.insert(std::move(id));
  if (who.user && who.progress) {  // an account's finished puzzles are the server's to know
    auto done = who.progress->finished_puzzles(who.user, g->name());
    if (!done) return Reply::error(500, "server_error", done.error());
    for (auto& id : *done) opt.seen.insert(std::move(id));
  }
  auto learned = store.learned_ratings(g->name());
  if (!learned) return Reply::error(500, "server_error", learned.error());
  opt.ratings = std::move(*learned);
  const learn::Puzzle* p = learn::shipped_puzzles().pick(opt);
  if (!p)
    return Reply::error(404, "no_matching_puzzle", "no " + g->name() + " puzzle has any of the themes " + t.param("themes"),
                        {{"game", g->name()}, {"themes", t.param("themes")}});
  return view(*p, store);
}

Reply attempt(const learn::Puzzle& p, const json& body, PuzzleRatingStore& store, std::int64_t user) {
  if (!body.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
  const auto it = body.find("moves");
  std::vector<std::string> moves;
  if (it != body.end() && it->is_array())
    for (const auto& m : *it)
      if (m.is_string()) moves.push_back(m.get<std::string>());
  if (it == body.end() || !it->is_array() || moves.size() != it->size() || moves.empty())
    return Reply::error(400, "bad_moves", "the request needs {\"moves\": [\"...\", ...]}: the solver's moves so far");
  const PuzzleLearner learner{body, user};
  if (auto ok = store.check(learner); !ok) return Reply::error(400, "bad_rating", ok.error());
  auto v = learn::shipped_puzzles().judge(p, moves);
  if (!v) return Reply::error(400, "bad_moves", v.error(), {{"moves", (p.solution.size() + 1) / 2}});
  using Kind = learn::PuzzleVerdict::Kind;
  json out{{"result", learn::verdict_name(v->kind)}, {"index", v->index}};
  if (v->kind == Kind::Illegal) {
    out["reason"] = v->reason;
    return {200, out};
  }
  out["move"] = v->move;
  out["board"] = v->board;
  if (!v->reply.empty()) {
    out["reply"] = v->reply;
    out["reply_board"] = v->reply_board;
  }
  if (v->kind == Kind::Continue) out["legal"] = v->legal;
  // A slower win is no fail: the learner is asked for the quicker one, from the same position.
  if (v->kind == Kind::Slower) {
    out["wins_in"] = v->wins_in;
    return {200, out};
  }
  if (v->kind == Kind::Wrong) {
    out["expected"] = v->expected;
    auto a = learn::shipped_puzzles().answer(p);
    if (!a) return Reply::error(500, "server_error", a.error());
    out["answer"] = *a;
  }
  if (v->kind == Kind::Wrong || v->kind == Kind::Solved) {
    auto now = store.puzzle_rating(p.id, p.rating);
    if (!now) return Reply::error(500, "server_error", now.error());
    auto change = store.finish(learner, p.game, p.id, *now, v->kind == Kind::Solved);
    if (!change) return Reply::error(500, "server_error", change.error());
    if (*change) {
      const auto& [before, after, sealable, puzzle] = **change;
      out["rating"] = {{"before", rating_json(before)},
                       {"after", rating_json(after)},
                       {"change", std::lround(after.rating) - std::lround(before.rating)},
                       {"provisional", ratings::provisional(after)}};
      // A guest carries the results the server judged, sealed, to the account it signs in to.
      // The puzzle learned from the attempt too (an account's first one).
      if (puzzle)
        out["puzzle_rating"] = {{"before", rating_json(puzzle->first)}, {"after", rating_json(puzzle->second)}};
      if (sealable && store.seal()) out["rating"]["after"]["seal"] = store.seal()->seal(rating_seal_message(p.game, after));
    }
    if (v->kind == Kind::Solved && user == 0 && store.seal())
      out["solved_seal"] = store.seal()->seal(solved_seal_message(p.id));
  }
  return {200, out};
}

}  // namespace

Result<json> offline_puzzles(std::size_t per_game) {
  if (!learn::shipped_puzzles_error().empty()) return make_error(learn::shipped_puzzles_error());
  const auto& book = learn::shipped_puzzles();
  json out = json::array();
  for (const GameEntry* g : all_games()) {
    std::vector<const learn::Puzzle*> mine;
    for (const auto& p : book.puzzles())
      if (p.game == g->name()) mine.push_back(&p);
    std::stable_sort(mine.begin(), mine.end(), [](const auto* a, const auto* b) { return a->rating < b->rating; });
    // Evenly over the ratings, the easiest and the hardest included.
    const std::size_t n = std::min(per_game, mine.size());
    for (std::size_t i = 0; i < n; ++i) {
      const learn::Puzzle& p = *mine[n == 1 ? 0 : i * (mine.size() - 1) / (n - 1)];
      auto v = book.view(p);
      if (!v) return make_error(v.error());
      auto line = book.offline_line(p);
      if (!line) return make_error(line.error());
      (*v)["line"] = std::move(*line);
      out.push_back(std::move(*v));
    }
  }
  return out;
}

bool is_puzzles_path(const std::vector<std::string>& parts) {
  return parts.size() >= 2 && parts[0] == "api" && parts[1] == "puzzles";
}

Reply puzzles_reply(const std::string& m, const Target& t, const std::vector<std::string>& parts, const json& body,
                    PuzzleRatingStore& ratings, const PuzzleLearnerContext& who) {
  if (!learn::shipped_puzzles_error().empty()) return book_error();
  const std::size_t n = parts.size();
  const auto not_allowed = [&] {
    return Reply::error(405, "method_not_allowed", "method " + m + " is not allowed on " + t.path);
  };
  if (n == 2) return m == "GET" ? summary(t, ratings) : not_allowed();
  if (n == 3 && parts[2] == "next") return m == "GET" ? next(t, who, ratings) : not_allowed();
  if (n != 3 && !(n == 4 && parts[3] == "try")) return Reply::error(404, "not_found", "no API endpoint " + t.path);
  const learn::Puzzle* p = learn::shipped_puzzles().find(parts[2]);
  if (!p) return Reply::error(404, "no_such_puzzle", "no puzzle " + parts[2], {{"id", parts[2]}});
  if (n == 3 && m == "GET") return view(*p, ratings);
  if (n == 4 && m == "POST") return attempt(*p, body, ratings, who.user);
  return not_allowed();
}

}  // namespace oyin::server
