// Every shipped lesson, read from data/lessons/ on disk, solved step by step through the rules
// core: the position is a real one, the answer is legal and reaches the goal, and every other
// legal move is judged wrong with an explanation in each language. The lessons compiled into
// the binary must be these very files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "registry/registry.h"
#include "learn/lesson_book.h"

namespace oyin::lessons {
namespace {

namespace fs = std::filesystem;

std::map<std::string, std::string> files_on_disk() {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::directory_iterator(fs::path(OYIN_SOURCE_DIR) / "data" / "lessons"))
    if (e.path().extension() == ".json") {
      std::ifstream in(e.path());
      std::stringstream ss;
      ss << in.rdbuf();
      out[e.path().filename().string()] = ss.str();
    }
  return out;
}

LessonBook book_from_disk() {
  register_builtin_games();
  LessonBook book;
  for (const auto& [name, text] : files_on_disk()) {
    const Status r = book.add_file(name, text);
    EXPECT_TRUE(r.ok()) << r.error();
  }
  return book;
}

void expect_texts(const json& text, const std::string& where) {
  ASSERT_TRUE(text.is_object()) << where << ": no explanation";
  for (const auto lang : kLanguages) {
    const auto it = text.find(std::string(lang));
    ASSERT_TRUE(it != text.end() && it->is_string() && !it->get<std::string>().empty()) << where << ": no " << lang;
  }
}

TEST(ShippedLessons, TheBinaryHoldsTheFilesOnDisk) {
  const auto disk = files_on_disk();
  std::map<std::string, std::string> built;
  for (const auto& f : shipped_lesson_files()) built[f.name] = f.text;
  std::vector<std::string> built_names, disk_names;
  for (const auto& [name, text] : built) built_names.push_back(name);
  for (const auto& [name, text] : disk) {
    disk_names.push_back(name);
    EXPECT_TRUE(built.count(name) && built[name] == text) << name << ": rebuild, the compiled-in text differs";
  }
  EXPECT_EQ(built_names, disk_names);
  EXPECT_EQ(shipped_lessons_error(), "");
  EXPECT_EQ(shipped_lessons().lessons().size(), book_from_disk().lessons().size());
}

TEST(ShippedLessons, EveryGameHasLessons) {
  const LessonBook book = book_from_disk();
  std::map<std::string, int> per_game;
  for (const auto& l : book.lessons()) ++per_game[l.game];
  for (const GameEntry* g : all_games()) EXPECT_GE(per_game[g->name()], 5) << g->name();
}

// Issue 13's list of lessons each game must have, by id. The Romans (II..IX) all move alike and
// X moves like them, so one lesson teaches them; promotion covers a Roman and an X.
TEST(ShippedLessons, TheIssuesRequiredLessonsAreThere) {
  const LessonBook book = book_from_disk();
  const std::vector<std::string> required = {
      "tojmot-piece-1", "tojmot-piece-2", "tojmot-piece-3", "tojmot-piece-4", "tojmot-piece-5", "tojmot-piece-6",
      "tojmot-piece-7", "tojmot-piece-8", "tojmot-piece-9", "tojmot-romans", "tojmot-zone", "tojmot-check-mate",
      "tojmot-pot", "tojmot-promotion",
      "togyz-sowing", "togyz-capture", "togyz-tuzdyk", "togyz-tuzdyk-limits", "togyz-atsyrau", "togyz-kazan",
      "togyz-endgame-count",
      "capgo-liberties", "capgo-atari", "capgo-capture", "capgo-connect", "capgo-escape", "capgo-ladder",
      "capgo-net", "capgo-snapback", "capgo-suicide-ko", "capgo-pass-count"};
  for (const auto& id : required) EXPECT_NE(book.find(id), nullptr) << "no lesson " << id;
}

TEST(ShippedLessons, EveryStepIsSolvedByItsAnswerAndEveryOtherMoveIsExplained) {
  const LessonBook book = book_from_disk();
  std::size_t steps = 0, judged = 0;
  for (const auto& lesson : book.lessons()) {
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
      const Step& step = lesson.steps[i];
      const std::string where = lesson.id + " step " + std::to_string(i + 1);
      auto start = book.start_of(lesson, step);
      ASSERT_TRUE(start.ok()) << where << ": " << start.error();
      ASSERT_FALSE((*start)->status().over()) << where;
      const auto legal = (*start)->legal_moves();
      ASSERT_FALSE(legal.empty()) << where;
      auto answer = book.attempt(lesson, i, step.answer);
      ASSERT_TRUE(answer.ok()) << where;
      EXPECT_TRUE(answer->legal) << where << ": the answer " << step.answer << " is illegal: " << answer->reason;
      EXPECT_TRUE(answer->correct) << where << ": the answer " << step.answer << " is judged wrong";
      EXPECT_TRUE(answer->explanation.is_null()) << where;
      EXPECT_FALSE(answer->board.is_null()) << where;
      if (!step.goal_result.empty()) {
        ASSERT_FALSE(answer->end.is_null()) << where << ": the answer does not end the game";
        if (step.goal_result == "win") EXPECT_EQ(answer->end["winner"], (*start)->board()["to_move"]) << where;
        else EXPECT_TRUE(answer->end["winner"].is_null()) << where;
      }
      std::size_t wrong = 0;
      for (const auto& m : legal) {
        auto a = book.attempt(lesson, i, m);
        ASSERT_TRUE(a.ok()) << where;
        EXPECT_TRUE(a->legal) << where << " " << m;
        EXPECT_EQ(a->correct, is_correct(step, **start, m)) << where << " " << m;
        if (!a->correct) {
          ++wrong;
          expect_texts(a->explanation, where + " " + m);
        }
        ++judged;
      }
      EXPECT_TRUE(wrong > 0 || step.goal_any) << where << ": no move is wrong";
      ++steps;
    }
  }
  EXPECT_GT(steps, 0u);
  std::cout << "[ lessons ] " << book.lessons().size() << " lessons, " << steps << " steps, " << judged
            << " legal moves judged" << std::endl;
}

TEST(ShippedLessons, StepsThatContinueStartWhereThePreviousAnswerAndReplyLeft) {
  const LessonBook book = book_from_disk();
  std::size_t checked = 0;
  for (const auto& lesson : book.lessons())
    for (std::size_t i = 1; i < lesson.steps.size(); ++i) {
      const Step& prev = lesson.steps[i - 1];
      const Step& step = lesson.steps[i];
      if (step.position != prev.position || step.moves.size() <= prev.moves.size()) continue;
      auto before = book.start_of(lesson, prev);
      ASSERT_TRUE(before.ok());
      ASSERT_TRUE((*before)->play(prev.answer).ok());
      if (!prev.reply.empty()) {
        ASSERT_TRUE((*before)->play(prev.reply).ok());
      }
      auto now = book.start_of(lesson, step);
      ASSERT_TRUE(now.ok());
      EXPECT_EQ((*now)->position_text(), (*before)->position_text()) << lesson.id << " step " << i + 1;
      ++checked;
    }
  EXPECT_GT(checked, 0u);
}

}  // namespace
}  // namespace oyin::lessons
