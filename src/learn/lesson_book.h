#pragma once
// Interactive lessons as data: each lesson is a few steps on a real position, each step asks for
// one move of the side to move and says which moves count (a list of moves, or a result such as
// a win or a draw after the move). Every step is checked by the game's own rules core when a
// file is read, so a lesson that could not be solved, or a wrong move with no explanation, never
// reaches a learner. Texts are objects with one string per UI language (kLanguages).
//
// A lesson file (data/lessons/<file>.json): {"game": name, "lessons": [lesson, ...]};
// a lesson: {"id", "topic", "title", "intro"?, "steps": [step, ...]};
// a step:   {"position" (the game's position text; "" = start) | "continue": true (the previous
//            step's position after its answer and reply), "rules"?, "moves"? (played first),
//            "task", "hint", "wrong", "done"?, "marks"? [cell, point or pit names for the board],
//            "goal": {"moves": [...]} | {"result": "win"|"draw"} | {"any": true} (both "moves"
//            and "result" may be given: then both must hold), "answer"? (the move shown as the
//            solution; default the first correct one), "reply"? (the other side's answer),
//            "explain"? [{"moves": [...], "text"}] (what is wrong with these moves; a listed move
//            that the rules refuse explains why it is illegal)}.
#include <array>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "games/game_adapter.h"

namespace oyin::lessons {

using nlohmann::json;

inline constexpr std::array<std::string_view, 4> kLanguages = {"kk", "uz", "ru", "en"};

struct Explanation {
  std::vector<std::string> moves;
  json text;
};

struct Step {
  std::string rules;
  std::string position;            // as written, or resolved from the previous step
  std::vector<std::string> moves;  // played from `position` first (they give capture Go its history)
  json task, hint, wrong, done;    // texts (done may be null)
  json marks = json::array();
  std::vector<std::string> goal_moves;
  std::string goal_result;         // "", "win" (the mover wins at once), "draw"
  bool goal_any = false;
  std::string answer;              // a correct move in protocol notation
  std::string reply;               // the other side's move after the answer, or ""
  std::vector<Explanation> explain;
};

struct Lesson {
  std::string id, game, topic;
  json title, intro;
  std::vector<Step> steps;
};

// What a learner's move did.
struct Attempt {
  bool legal = false;
  bool correct = false;
  std::string move;       // record notation when legal
  std::string reason;     // the rules core's reason when illegal (English)
  json explanation;       // texts, or null (correct, or an illegal move the lesson does not foresee)
  json board;             // the position after the move (null when illegal)
  json end;               // {"code", "winner", "args"} when the move ended the game, else null
  std::string reply;      // the other side's answer in record notation, when the step has one
  json reply_board;       // the position after it
};

class LessonBook {
 public:
  // Reads and checks one file; the error names the file, the lesson and the step.
  Status add_file(std::string_view name, std::string_view text);
  const std::vector<Lesson>& lessons() const { return lessons_; }
  const Lesson* find(std::string_view id) const;
  // The game at the start of a step (its rules, position and moves played).
  Result<std::unique_ptr<GameState>> start_of(const Lesson& lesson, const Step& step) const;
  // Judges `move` at step `index` (0-based) of `lesson`.
  Result<Attempt> attempt(const Lesson& lesson, std::size_t index, std::string_view move) const;

 private:
  std::vector<Lesson> lessons_;
};

// Whether `move` (played on a copy of `before`) is one the step asks for.
bool is_correct(const Step& step, const GameState& before, std::string_view move);

// The lessons compiled into the binary from data/lessons/ (read and checked once, on first use).
// A broken shipped file leaves the book empty and the reason in shipped_lessons_error().
const LessonBook& shipped_lessons();
const std::string& shipped_lessons_error();

// The files compiled in: (file name, text), sorted by name.
struct ShippedFile {
  const char* name;
  const char* text;
};
const std::vector<ShippedFile>& shipped_lesson_files();

}  // namespace oyin::lessons
