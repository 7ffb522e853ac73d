// The checks a lesson file must pass before any learner sees it, and the judging of moves, on
// small Tojmot and capture Go lessons written here.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "registry/registry.h"
#include "learn/lesson_book.h"

namespace oyin::lessons {
namespace {

using ::testing::HasSubstr;

json text(const std::string& en) { return {{"kk", en + " kk"}, {"uz", en + " uz"}, {"ru", en + " ru"}, {"en", en}}; }

// A 4 on D6 beside the two 1s: "reach D14" has one answer (d6d14) among 15 legal moves.
json rook_step() {
  return {{"position", "w W:1G1,4D6 B:1G17 0 1"}, {"task", text("go")}, {"hint", text("up")},
          {"wrong", text("no")}, {"marks", {"D14"}}, {"goal", {{"moves", {"d6d14"}}}}};
}

json file_with(const std::vector<json>& steps, const std::string& game = "tojmot") {
  json lesson = {{"id", "t-1"}, {"topic", "x"}, {"title", text("T")}, {"steps", steps}};
  return {{"game", game}, {"lessons", json::array({lesson})}};
}

// Why the file is refused, or "accepted".
std::string add(const json& doc) {
  register_builtin_games();
  LessonBook book;
  const Status r = book.add_file("test.json", doc.dump());
  return r.ok() ? std::string("accepted") : r.error();
}

TEST(LessonBook, AGoodLessonIsReadAndJudged) {
  register_builtin_games();
  LessonBook book;
  std::vector<json> steps = {rook_step()};
  steps[0]["explain"] = {{{"moves", {"d6d12"}}, {"text", text("one short")}}};
  ASSERT_TRUE(book.add_file("t.json", file_with(steps).dump()).ok());
  const Lesson* l = book.find("t-1");
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(l->steps[0].answer, "d6d14");
  auto right = book.attempt(*l, 0, "D6D14");  // any notation the rules accept
  ASSERT_TRUE(right.ok());
  EXPECT_TRUE(right->legal);
  EXPECT_TRUE(right->correct);
  EXPECT_TRUE(right->explanation.is_null());
  auto near = book.attempt(*l, 0, "d6d12");
  EXPECT_TRUE(near->legal);
  EXPECT_FALSE(near->correct);
  EXPECT_EQ(near->explanation["en"], "one short");
  auto other = book.attempt(*l, 0, "g1h2");
  EXPECT_FALSE(other->correct);
  EXPECT_EQ(other->explanation["ru"], "no ru");
  auto illegal = book.attempt(*l, 0, "d6e7");
  EXPECT_FALSE(illegal->legal);
  EXPECT_FALSE(illegal->reason.empty());
  EXPECT_TRUE(illegal->board.is_null());
  EXPECT_FALSE(book.attempt(*l, 1, "d6d14").ok());
}

TEST(LessonBook, RefusesLessonsThatCannotBeSolvedOrExplained) {
  auto with = [](const std::string& key, json value) -> std::string {
    json s = rook_step();
    if (value.is_null()) s.erase(key);
    else s[key] = std::move(value);
    return add(file_with({s}));
  };
  EXPECT_THAT(with("goal", json{{"moves", {"d6e7"}}}), HasSubstr("illegal"));
  EXPECT_THAT(with("goal", json{{"result", "win"}}), HasSubstr("no legal move reaches the goal"));
  EXPECT_THAT(with("goal", json{{"any", true}, {"result", "win"}}), HasSubstr("\"any\""));
  EXPECT_THAT(with("position", "w W:1G1,4D6 0 1"), HasSubstr("bad position"));
  EXPECT_THAT(with("hint", json{{"en", "x"}, {"ru", "x"}, {"kk", "x"}}), HasSubstr("no uz text"));
  EXPECT_THAT(with("wrong", json()), HasSubstr("wrong"));
  EXPECT_THAT(with("answer", "d6d12"), HasSubstr("not correct"));
  EXPECT_THAT(with("explain", json{{{"moves", {"d6d14"}}, {"text", text("x")}}}), HasSubstr("is a correct one"));
  EXPECT_THAT(with("colour", "red"), HasSubstr("unknown field"));
  // Every move is right: nothing is taught.
  json all = rook_step();
  all["position"] = "w W:1G1,IIA5 B:1G17 0 1";
  all["goal"] = {{"moves", {"g1g3", "g1h2", "g1f2", "a5b6"}}};
  EXPECT_THAT(add(file_with({all})), HasSubstr("every legal move is correct"));
  json cont = rook_step();
  cont.erase("position");
  cont["continue"] = true;
  EXPECT_THAT(add(file_with({cont})), HasSubstr("first step"));
  // A step the next one continues from must have one right move: the next board starts after it.
  json two = rook_step();
  two["goal"] = {{"moves", {"d6d14", "d6d12"}}};
  EXPECT_THAT(add(file_with({two, cont})), HasSubstr("exactly one move may be correct (2 are)"));
  EXPECT_THAT(add(file_with({rook_step()}, "chess")), HasSubstr("unknown game"));
  EXPECT_THAT(add(json{{"game", "tojmot"}, {"lessons", {file_with({rook_step()})["lessons"][0], file_with({rook_step()})["lessons"][0]}}}),
              HasSubstr("second lesson"));
  EXPECT_THAT(add(json::array()), HasSubstr("not a JSON object"));
}

TEST(LessonBook, AContinuedStepStartsAfterTheAnswerAndTheReply) {
  register_builtin_games();
  LessonBook book;
  // 3x3 capture Go: Black B1, White answers A1 (the reply), then only A2 captures it.
  json first = {{"rules", "size=3,target=1"}, {"position", "3 .../.../... b 0 0 0"}, {"task", text("centre")},
                {"hint", text("h")}, {"wrong", text("w")}, {"goal", {{"moves", {"b1"}}}}, {"reply", "a1"}};
  json second = {{"continue", true}, {"task", text("capture")}, {"hint", text("h")}, {"wrong", text("w")},
                 {"goal", {{"result", "win"}}}};
  ASSERT_TRUE(book.add_file("go.json", file_with({first, second}, "capgo").dump()).ok());
  const Lesson* l = book.find("t-1");
  ASSERT_EQ(l->steps[1].moves, (std::vector<std::string>{"b1", "a1"}));
  auto first_try = book.attempt(*l, 0, "b1");
  EXPECT_TRUE(first_try->correct);
  EXPECT_EQ(first_try->reply, "A1");
  EXPECT_EQ(first_try->reply_board["rows"], json({"...", "...", "OX."}));
  EXPECT_EQ(l->steps[1].answer, "A2");  // the first (and only) correct legal move
  EXPECT_FALSE(book.attempt(*l, 1, "b2")->correct);
  auto win = book.attempt(*l, 1, "a2");
  EXPECT_TRUE(win->correct);
  EXPECT_EQ(win->end["code"], "target");
  EXPECT_EQ(win->end["winner"], "black");
}

}  // namespace
}  // namespace oyin::lessons
