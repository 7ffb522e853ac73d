#include "server/learn/lessons_api.h"

#include <charconv>

#include "registry/registry.h"
#include "learn/lesson_book.h"
#include "server/learn/learn_progress.h"
#include "server/common/request_json.h"

namespace oyin::server {

namespace {

json summary(const lessons::Lesson& l) {
  return {{"id", l.id}, {"game", l.game}, {"topic", l.topic}, {"title", l.title}, {"steps", l.steps.size()}};
}

Reply list(const Target& t) {
  const std::string game = t.param("game");
  const GameEntry* g = nullptr;
  if (!game.empty() && !(g = find_game(game)))
    return Reply::error(400, "unknown_game", "unknown game '" + game + "'", {{"game", game}});
  json out = json::array();
  for (const auto& l : lessons::shipped_lessons().lessons())
    if (!g || l.game == g->name()) out.push_back(summary(l));
  return {200, {{"lessons", out}}};
}

Reply lesson(const lessons::Lesson& l) {
  const auto& book = lessons::shipped_lessons();
  json steps = json::array();
  for (const auto& s : l.steps) {
    auto st = book.start_of(l, s);
    if (!st) return Reply::error(500, "server_error", "lesson " + l.id + ": " + st.error());
    steps.push_back({{"task", s.task},
                     {"hint", s.hint},
                     {"marks", s.marks},
                     {"board", (*st)->board()},
                     {"legal", (*st)->legal_move_data()},
                     {"rules_values", (*st)->rules_values()}});
  }
  json out = summary(l);
  out["intro"] = l.intro;
  out["steps"] = steps;
  return {200, out};
}

// The answer to a move at step n (from 1), as POST .../try sends it.
json attempt_json(const lessons::Lesson& l, std::size_t n, const lessons::Attempt& a) {
  json out{{"legal", a.legal},
           {"correct", a.correct},
           {"explanation", a.explanation},
           {"board", a.board},
           {"end", a.end},
           {"next", a.correct && n < l.steps.size() ? json(n + 1) : json(nullptr)}};
  if (a.legal) out["move"] = a.move;
  else out["reason"] = a.reason;
  if (a.correct && !l.steps[n - 1].done.is_null()) out["done"] = l.steps[n - 1].done;
  if (!a.reply.empty()) {
    out["reply"] = a.reply;
    out["reply_board"] = a.reply_board;
  }
  return out;
}

Reply attempt(const lessons::Lesson& l, const std::string& step_text, const json& body, std::int64_t user,
              LearnProgressService* progress) {
  std::size_t n = 0;
  const auto [p, ec] = std::from_chars(step_text.data(), step_text.data() + step_text.size(), n);
  if (ec != std::errc() || p != step_text.data() + step_text.size() || n < 1 || n > l.steps.size())
    return Reply::error(404, "no_such_step", "lesson " + l.id + " has no step " + step_text,
                        {{"step", step_text}, {"steps", l.steps.size()}});
  if (!body.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
  const auto move = string_field(body, "move");
  if (!move || move->empty())
    return Reply::error(400, "missing_move", "the request needs {\"move\": \"...\"}");
  auto a = lessons::shipped_lessons().attempt(l, n - 1, *move);
  if (!a) return Reply::error(500, "server_error", a.error());
  if (a->correct && n == l.steps.size() && user && progress) {
    if (auto kept = progress->lesson_finished(user, l.id); !kept) return Reply::error(500, "server_error", kept.error());
  }
  return {200, attempt_json(l, n, *a)};
}

}  // namespace

Result<json> offline_lessons() {
  const auto& book = lessons::shipped_lessons();
  json out = json::array();
  for (const auto& l : book.lessons()) {
    auto full = lesson(l);
    if (full.status != 200) return make_error(full.body.value("error", std::string("lesson ") + l.id));
    json& steps = full.body["steps"];
    for (std::size_t i = 0; i < steps.size(); ++i) {
      // Every legal move's answer, as the server would give it; a wrong move's board is left
      // out (the page keeps the step's own), which halves the pack.
      json answers = json::object();
      std::vector<std::string> moves;
      for (const auto& m : steps[i]["legal"]) moves.push_back(m.value("move", std::string()));
      // The illegal moves the lesson explains (a capture Go suicide) are answered too.
      for (const auto& e : l.steps[i].explain) moves.insert(moves.end(), e.moves.begin(), e.moves.end());
      for (const auto& move : moves) {
        auto a = book.attempt(l, i, move);
        if (!a) return make_error(a.error());
        json one = attempt_json(l, i + 1, *a);
        if (!a->correct) one["board"] = nullptr;
        answers[move] = std::move(one);
      }
      steps[i]["answers"] = std::move(answers);
    }
    out.push_back(std::move(full.body));
  }
  return out;
}

bool is_lessons_path(const std::vector<std::string>& parts) {
  return parts.size() >= 2 && parts[0] == "api" && parts[1] == "lessons";
}

Reply lessons_reply(const std::string& m, const Target& t, const std::vector<std::string>& parts, const json& body,
                    std::int64_t user, LearnProgressService* progress) {
  const std::size_t n = parts.size();
  if (n == 2 && m == "GET") return list(t);
  if (n != 3 && n != 6) return Reply::error(404, "not_found", "no API endpoint " + t.path);
  const lessons::Lesson* l = lessons::shipped_lessons().find(parts[2]);
  if (!l) return Reply::error(404, "no_such_lesson", "no lesson " + parts[2], {{"id", parts[2]}});
  if (n == 3 && m == "GET") return lesson(*l);
  if (n == 6 && parts[3] == "steps" && parts[5] == "try" && m == "POST") return attempt(*l, parts[4], body, user, progress);
  if (n == 6 && (parts[3] != "steps" || parts[5] != "try")) return Reply::error(404, "not_found", "no API endpoint " + t.path);
  return Reply::error(405, "method_not_allowed", "method " + m + " is not allowed on " + t.path);
}

}  // namespace oyin::server
