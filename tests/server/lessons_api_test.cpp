// /api/lessons over real HTTP on a real server: the list per game, a lesson with its boards and
// legal moves (no answers), and moves judged right, wrong (with the explanation) and illegal.
#include <gtest/gtest.h>

#include <filesystem>

#include "server/server_process.h"

namespace oyin::testing {
namespace {

class LessonsApiTest : public ServerTest {
 protected:
  HttpResult attempt(const std::string& id, int step, const std::string& move) {
    return http_post(port_, "/api/lessons/" + id + "/steps/" + std::to_string(step) + "/try", {{"move", move}});
  }
};

TEST_F(LessonsApiTest, ListsTheLessonsOfEachGame) {
  auto all = http_get(port_, "/api/lessons");
  ASSERT_EQ(all.status, 200) << all.text;
  std::size_t sum = 0;
  for (const char* game : {"togyz", "tojmot", "capgo"}) {
    auto r = http_get(port_, std::string("/api/lessons?game=") + game);
    ASSERT_EQ(r.status, 200) << r.text;
    EXPECT_GE(r.body["lessons"].size(), 5u) << game;
    for (const auto& l : r.body["lessons"]) {
      EXPECT_EQ(l["game"], game);
      EXPECT_GE(l["steps"].get<int>(), 1);
      EXPECT_TRUE(l["title"].contains("kk") && l["title"].contains("uz") && l["title"].contains("ru") && l["title"].contains("en"));
    }
    sum += r.body["lessons"].size();
  }
  EXPECT_EQ(all.body["lessons"].size(), sum);
  auto bad = http_get(port_, "/api/lessons?game=chess");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body["code"], "unknown_game");
}

TEST_F(LessonsApiTest, ALessonCarriesBoardsAndLegalMovesButNoAnswers) {
  auto r = http_get(port_, "/api/lessons/tojmot-piece-4");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["game"], "tojmot");
  const json& step = r.body["steps"][0];
  EXPECT_EQ(step["marks"], json({"D14"}));
  EXPECT_EQ(step["board"]["to_move"], "white");
  EXPECT_EQ(step["board"]["pieces"].size(), 3u);
  EXPECT_EQ(step["legal"].size(), 14u);  // the 4 on D6 (11) and the 1 on G1 (3)
  EXPECT_FALSE(step.contains("goal"));
  EXPECT_FALSE(step.contains("answer"));
  for (const char* secret : {"\"goal\"", "\"answer\"", "\"explain\"", "\"wrong\"", "\"reply\""})
    EXPECT_EQ(r.text.find(secret), std::string::npos) << secret;
  auto missing = http_get(port_, "/api/lessons/no-such-lesson");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.body["code"], "no_such_lesson");
}

TEST_F(LessonsApiTest, MovesAreJudgedRightWrongOrIllegal) {
  auto right = attempt("tojmot-piece-4", 1, "d6d14");
  ASSERT_EQ(right.status, 200) << right.text;
  EXPECT_EQ(right.body["legal"], true);
  EXPECT_EQ(right.body["correct"], true);
  EXPECT_EQ(right.body["move"], "4D6-D14");
  EXPECT_EQ(right.body["next"], 2);
  EXPECT_TRUE(right.body["explanation"].is_null());
  EXPECT_EQ(right.body["board"]["to_move"], "black");

  auto wrong = attempt("tojmot-piece-4", 1, "d6d12");
  ASSERT_EQ(wrong.status, 200);
  EXPECT_EQ(wrong.body["legal"], true);
  EXPECT_EQ(wrong.body["correct"], false);
  EXPECT_TRUE(wrong.body["next"].is_null());
  for (const char* lang : {"kk", "uz", "ru", "en"}) EXPECT_FALSE(wrong.body["explanation"][lang].get<std::string>().empty());

  auto illegal = attempt("tojmot-piece-4", 1, "d6e7");
  ASSERT_EQ(illegal.status, 200);
  EXPECT_EQ(illegal.body["legal"], false);
  EXPECT_EQ(illegal.body["correct"], false);
  EXPECT_FALSE(illegal.body["reason"].get<std::string>().empty());
  EXPECT_TRUE(illegal.body["board"].is_null());

  auto last = attempt("tojmot-piece-4", 2, "d6j6");
  EXPECT_EQ(last.body["correct"], true);
  EXPECT_TRUE(last.body["next"].is_null());  // the last step
}

TEST_F(LessonsApiTest, BadStepsAndBodiesAreErrorsWithCodes) {
  EXPECT_EQ(attempt("tojmot-piece-4", 0, "d6d14").body["code"], "no_such_step");
  EXPECT_EQ(attempt("tojmot-piece-4", 3, "d6d14").body["code"], "no_such_step");
  auto r = http_post(port_, "/api/lessons/tojmot-piece-4/steps/1x/try", {{"move", "d6d14"}});
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(r.body["code"], "no_such_step");
  r = http_post(port_, "/api/lessons/tojmot-piece-4/steps/1/try", json::object());
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["code"], "missing_move");
  r = http_post(port_, "/api/lessons/tojmot-piece-4/steps/1/try", {{"move", 5}});
  EXPECT_EQ(r.body["code"], "missing_move");
  r = http_get(port_, "/api/lessons/tojmot-piece-4/steps/1/try");
  EXPECT_EQ(r.status, 405);
  EXPECT_EQ(r.body["code"], "method_not_allowed");
  r = http_get(port_, "/api/lessons/tojmot-piece-4/steps");
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(r.body["code"], "not_found");
  EXPECT_EQ(http_post(port_, "/api/lessons/tojmot-piece-4/steps/1/try", json::array()).body["code"], "not_an_object");
}

}  // namespace
}  // namespace oyin::testing
