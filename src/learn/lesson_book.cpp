#include "learn/lesson_book.h"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <set>

#include "registry/registry.h"

namespace oyin::lessons {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A text object: a non-empty string in every language, nothing else.
Status check_text(const json& j, const std::string& what) {
  if (!j.is_object()) return make_error(what + " must be an object of texts by language");
  for (const auto lang : kLanguages) {
    const auto it = j.find(std::string(lang));
    if (it == j.end() || !it->is_string() || it->get<std::string>().empty())
      return make_error(what + " has no " + std::string(lang) + " text");
  }
  for (const auto& [k, v] : j.items())
    if (std::find(kLanguages.begin(), kLanguages.end(), k) == kLanguages.end())
      return make_error(what + " has a text in an unknown language '" + k + "'");
  return Ok{};
}

Result<std::vector<std::string>> string_list(const json& j, const std::string& what) {
  if (!j.is_array()) return make_error(what + " must be a list of strings");
  std::vector<std::string> out;
  for (const auto& e : j) {
    if (!e.is_string() || e.get<std::string>().empty()) return make_error(what + " must be a list of strings");
    out.push_back(e.get<std::string>());
  }
  return out;
}

std::string text_field(const json& obj, const char* key) {
  const auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The position after `move`, or an error when the rules refuse it.
Result<std::unique_ptr<GameState>> after(const GameState& before, std::string_view move) {
  auto next = before.clone();
  auto played = next->play(move);
  if (!played) return make_error(played.error());
  return next;
}

bool same_position(const GameState& a, const GameState& b) {
  return a.hash() == b.hash() && a.position_text() == b.position_text();
}

// One move's explanation among the step's, matched by the position it leads to (so any notation
// the rules accept matches), or by its text when the rules refuse it.
const Explanation* explanation_for(const Step& step, const GameState& before, std::string_view move,
                                   const GameState* result) {
  for (const auto& e : step.explain)
    for (const auto& m : e.moves) {
      if (result) {
        auto other = after(before, m);
        if (other && same_position(**other, *result)) return &e;
      } else if (lower(m) == lower(move)) {
        return &e;
      }
    }
  return nullptr;
}

json end_json(const GameState& st) {
  const GameStatus s = st.status();
  if (!s.over()) return nullptr;
  const GameEntry* g = find_game(st.game());
  json winner = nullptr;
  if (s.outcome == Outcome::Win) winner = g ? g->side_name(s.winner) : std::string(s.winner == Side::First ? "first" : "second");
  return {{"code", std::string(s.code)}, {"winner", winner}, {"args", {s.args[0], s.args[1]}}};
}

// The number of correct legal moves, or why the step cannot be taught.
Result<std::size_t> check_step(const GameEntry& game, Step& step, const std::string& where) {
  auto start = game.new_game(step.rules, step.position);
  if (!start) return make_error(where + ": bad position or rules: " + start.error());
  auto& st = **start;
  for (const auto& m : step.moves)
    if (auto r = st.play(m); !r) return make_error(where + ": the move " + m + " before the step: " + r.error());
  if (st.status().over()) return make_error(where + ": the game is already over");
  for (const auto& m : step.goal_moves)
    if (auto r = after(st, m); !r) return make_error(where + ": the goal move " + m + " is illegal: " + r.error());
  std::vector<std::string> correct, wrong;
  for (const auto& m : st.legal_moves()) (is_correct(step, st, m) ? correct : wrong).push_back(m);
  if (correct.empty()) return make_error(where + ": no legal move reaches the goal");
  if (wrong.empty() && !step.goal_any) return make_error(where + ": every legal move is correct (use \"any\": true)");
  if (step.answer.empty()) step.answer = step.goal_moves.empty() ? correct.front() : step.goal_moves.front();
  if (!is_correct(step, st, step.answer)) return make_error(where + ": the answer " + step.answer + " is not correct");
  for (const auto& e : step.explain)
    for (const auto& m : e.moves) {
      auto r = after(st, m);
      if (r && is_correct(step, st, m))
        return make_error(where + ": the explained move " + m + " is a correct one");
    }
  if (!step.reply.empty()) {
    auto a = after(st, step.answer);
    if ((*a)->status().over()) return make_error(where + ": a reply after a move that ends the game");
    if (auto r = after(**a, step.reply); !r) return make_error(where + ": the reply " + step.reply + " is illegal: " + r.error());
  }
  return correct.size();
}

Result<Step> read_step(const json& j, const Step* previous, const std::string& where) {
  if (!j.is_object()) return make_error(where + " must be an object");
  static const std::set<std::string> known = {"position", "continue", "rules", "moves", "task", "hint", "wrong", "done",
                                              "marks", "goal", "answer", "reply", "explain"};
  for (const auto& [k, v] : j.items())
    if (!known.count(k)) return make_error(where + ": unknown field '" + k + "'");
  Step s;
  if (j.value("continue", false)) {
    if (!previous) return make_error(where + ": \"continue\" on a first step");
    if (j.contains("position") || j.contains("rules")) return make_error(where + ": \"continue\" with a position of its own");
    s.rules = previous->rules;
    s.position = previous->position;
    s.moves = previous->moves;
    s.moves.push_back(previous->answer);
    if (!previous->reply.empty()) s.moves.push_back(previous->reply);
  } else {
    if (!j.contains("position") || !j["position"].is_string()) return make_error(where + ": no position (\"\" is the start)");
    s.position = j["position"].get<std::string>();
    s.rules = text_field(j, "rules");
  }
  if (j.contains("moves")) {
    auto m = string_list(j["moves"], where + ": moves");
    if (!m) return make_error(m.error());
    s.moves.insert(s.moves.end(), m->begin(), m->end());
  }
  for (const auto& [key, field] : {std::pair{"task", &s.task}, {"hint", &s.hint}, {"wrong", &s.wrong}}) {
    if (auto r = check_text(j.value(key, json()), where + ": " + key); !r) return make_error(r.error());
    *field = j[key];
  }
  if (j.contains("done")) {
    if (auto r = check_text(j["done"], where + ": done"); !r) return make_error(r.error());
    s.done = j["done"];
  }
  if (j.contains("marks")) {
    auto m = string_list(j["marks"], where + ": marks");
    if (!m) return make_error(m.error());
    s.marks = *m;
  }
  const json goal = j.value("goal", json());
  if (!goal.is_object() || goal.empty()) return make_error(where + ": no goal");
  for (const auto& [k, v] : goal.items())
    if (k != "moves" && k != "result" && k != "any") return make_error(where + ": unknown goal '" + k + "'");
  if (goal.contains("moves")) {
    auto m = string_list(goal["moves"], where + ": goal moves");
    if (!m || m->empty()) return make_error(where + ": goal moves must be a list of moves");
    s.goal_moves = *m;
  }
  if (goal.contains("result")) {
    s.goal_result = goal["result"].is_string() ? goal["result"].get<std::string>() : "";
    if (s.goal_result != "win" && s.goal_result != "draw") return make_error(where + ": the goal result must be win or draw");
  }
  s.goal_any = goal.value("any", false);
  if (s.goal_any && (!s.goal_moves.empty() || !s.goal_result.empty()))
    return make_error(where + ": \"any\" with another goal");
  if (!s.goal_any && s.goal_moves.empty() && s.goal_result.empty()) return make_error(where + ": no goal");
  s.answer = text_field(j, "answer");
  s.reply = text_field(j, "reply");
  if (j.contains("explain")) {
    if (!j["explain"].is_array()) return make_error(where + ": explain must be a list");
    for (const auto& e : j["explain"]) {
      if (!e.is_object()) return make_error(where + ": explain entries are objects");
      Explanation x;
      auto m = string_list(e.value("moves", json()), where + ": explain moves");
      if (!m || m->empty()) return make_error(where + ": an explain entry without moves");
      x.moves = *m;
      if (auto r = check_text(e.value("text", json()), where + ": explain text"); !r) return make_error(r.error());
      x.text = e["text"];
      s.explain.push_back(std::move(x));
    }
  }
  return s;
}

bool valid_id(const std::string& id) {
  return !id.empty() && id.size() <= 64 &&
         std::all_of(id.begin(), id.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

}  // namespace

bool is_correct(const Step& step, const GameState& before, std::string_view move) {
  auto next = after(before, move);
  if (!next) return false;
  if (step.goal_any) return true;
  if (!step.goal_moves.empty()) {
    const bool listed = std::any_of(step.goal_moves.begin(), step.goal_moves.end(), [&](const std::string& m) {
      auto other = after(before, m);
      return other && same_position(**other, **next);
    });
    if (!listed) return false;
  }
  if (!step.goal_result.empty()) {
    const GameStatus s = (*next)->status();
    if (step.goal_result == "win" && !(s.outcome == Outcome::Win && s.winner == before.side_to_move())) return false;
    if (step.goal_result == "draw" && s.outcome != Outcome::Draw) return false;
  }
  return true;
}

Status LessonBook::add_file(std::string_view name, std::string_view text) {
  const std::string file(name);
  json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return make_error(file + ": not a JSON object");
  const std::string game_name = text_field(doc, "game");
  const GameEntry* game = find_game(game_name);
  if (!game) return make_error(file + ": unknown game '" + game_name + "'");
  if (!doc.contains("lessons") || !doc["lessons"].is_array()) return make_error(file + ": no list of lessons");
  std::vector<Lesson> read;
  for (const auto& l : doc["lessons"]) {
    Lesson lesson;
    lesson.game = game->name();
    lesson.id = l.is_object() ? text_field(l, "id") : "";
    const std::string where = file + ": lesson '" + lesson.id + "'";
    if (!valid_id(lesson.id)) return make_error(where + ": the id must be 1-64 of a-z, 0-9 and -");
    if (find(lesson.id) || std::any_of(read.begin(), read.end(), [&](const Lesson& o) { return o.id == lesson.id; }))
      return make_error(where + ": a second lesson with this id");
    lesson.topic = text_field(l, "topic");
    if (auto r = check_text(l.value("title", json()), where + ": title"); !r) return make_error(r.error());
    lesson.title = l["title"];
    if (l.contains("intro")) {
      if (auto r = check_text(l["intro"], where + ": intro"); !r) return make_error(r.error());
      lesson.intro = l["intro"];
    }
    const json steps = l.value("steps", json());
    if (!steps.is_array() || steps.empty() || steps.size() > 12) return make_error(where + ": 1 to 12 steps");
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const std::string at = where + " step " + std::to_string(i + 1);
      auto step = read_step(steps[i], lesson.steps.empty() ? nullptr : &lesson.steps.back(), at);
      if (!step) return make_error(step.error());
      auto correct = check_step(*game, *step, at);
      if (!correct) return make_error(correct.error());
      // The next step goes on from this step's answer: the learner must have played that very move.
      const bool next_continues = i + 1 < steps.size() && steps[i + 1].is_object() && steps[i + 1].value("continue", false);
      if (next_continues && *correct != 1)
        return make_error(at + ": the next step continues from here, so exactly one move may be correct (" +
                          std::to_string(*correct) + " are)");
      lesson.steps.push_back(std::move(*step));
    }
    read.push_back(std::move(lesson));
  }
  for (auto& l : read) lessons_.push_back(std::move(l));
  return Ok{};
}

const Lesson* LessonBook::find(std::string_view id) const {
  for (const auto& l : lessons_)
    if (l.id == id) return &l;
  return nullptr;
}

Result<std::unique_ptr<GameState>> LessonBook::start_of(const Lesson& lesson, const Step& step) const {
  const GameEntry* game = find_game(lesson.game);
  if (!game) return make_error("unknown game " + lesson.game);
  auto st = game->new_game(step.rules, step.position);
  if (!st) return st;
  for (const auto& m : step.moves)
    if (auto r = (*st)->play(m); !r) return make_error(r.error());
  return st;
}

Result<Attempt> LessonBook::attempt(const Lesson& lesson, std::size_t index, std::string_view move) const {
  if (index >= lesson.steps.size()) return make_error("no such step");
  const Step& step = lesson.steps[index];
  auto start = start_of(lesson, step);
  if (!start) return make_error(start.error());
  const GameState& before = **start;
  Attempt a;
  auto next = before.clone();
  auto played = next->play(move);
  if (!played) {
    a.reason = played.error();
    if (const Explanation* e = explanation_for(step, before, move, nullptr)) a.explanation = e->text;
    return a;
  }
  a.legal = true;
  a.move = *played;
  a.board = next->board();
  a.end = end_json(*next);
  a.correct = is_correct(step, before, move);
  if (!a.correct) {
    const Explanation* e = explanation_for(step, before, move, next.get());
    a.explanation = e ? e->text : step.wrong;
  } else if (!step.reply.empty() && !next->status().over()) {
    if (auto r = next->play(step.reply)) {
      a.reply = *r;
      a.reply_board = next->board();
    }
  }
  return a;
}

namespace {
struct Shipped {
  LessonBook book;
  std::string error;
};
const Shipped& shipped() {
  static const Shipped s = [] {
    register_builtin_games();
    Shipped out;
    for (const auto& f : shipped_lesson_files()) {
      if (auto r = out.book.add_file(f.name, f.text); !r) {
        out.book = LessonBook();
        out.error = r.error();
        break;
      }
    }
    return out;
  }();
  return s;
}
}  // namespace

const LessonBook& shipped_lessons() { return shipped().book; }
const std::string& shipped_lessons_error() { return shipped().error; }

}  // namespace oyin::lessons
