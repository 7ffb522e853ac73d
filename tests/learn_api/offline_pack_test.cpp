// GET /api/learn/offline over real HTTP: what the offline app judges lessons and puzzles by must
// be what the server answers online. Every lesson step's answers equal POST .../try's for every
// legal move (a wrong move's board left out), and every pack puzzle's line, played move by move
// through POST /api/puzzles/{id}/try, gets the pack's boards and replies and ends solved.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "server/learn/puzzles_api.h"
#include "server/server_process.h"

namespace oyin::testing {
namespace {

class OfflinePackTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    auto r = http_get(port_, "/api/learn/offline");
    ASSERT_EQ(r.status, 200) << r.text;
    pack_ = r.body;
  }
  json pack_;
};

TEST_F(OfflinePackTest, EveryLessonStepAnswersEveryLegalMoveAsTheServerDoes) {
  auto list = http_get(port_, "/api/lessons");
  ASSERT_EQ(list.status, 200);
  ASSERT_EQ(pack_["lessons"].size(), list.body["lessons"].size());
  int answers = 0;
  for (const json& l : pack_["lessons"]) {
    auto online = http_get(port_, "/api/lessons/" + l["id"].get<std::string>());
    ASSERT_EQ(online.status, 200);
    for (std::size_t i = 0; i < l["steps"].size(); ++i) {
      const json& step = l["steps"][i];
      json without = step;
      without.erase("answers");
      EXPECT_EQ(without, online.body["steps"][i]) << l["id"] << " step " << i + 1;
      int correct = 0;
      for (const json& m : step["legal"]) {
        const std::string move = m["move"];
        ASSERT_TRUE(step["answers"].contains(move)) << l["id"] << " " << move;
        json given = http_post(port_, "/api/lessons/" + l["id"].get<std::string>() + "/steps/" + std::to_string(i + 1) + "/try",
                               {{"move", move}}).body;
        if (!given["correct"].get<bool>()) given["board"] = nullptr;
        EXPECT_EQ(step["answers"][move], given) << l["id"] << " step " << i + 1 << " " << move;
        correct += given["correct"].get<bool>();
        ++answers;
      }
      EXPECT_GE(correct, 1) << l["id"] << " step " << i + 1;
    }
  }
  EXPECT_GT(answers, 500);
}

TEST_F(OfflinePackTest, ALessonsExplainedIllegalMoveIsAnsweredToo) {
  // capgo-suicide explains its forbidden point; the board of capture Go lets any empty point be tried.
  int illegal = 0;
  for (const json& l : pack_["lessons"])
    for (const json& step : l["steps"])
      for (const auto& [move, a] : step["answers"].items())
        if (!a["legal"].get<bool>()) {
          EXPECT_FALSE(a["explanation"].is_null()) << l["id"] << " " << move;
          ++illegal;
        }
  EXPECT_GE(illegal, 1);
}

TEST_F(OfflinePackTest, EveryPackPuzzlesLineIsTheServersJudgement) {
  std::map<std::string, int> per_game;
  for (const json& p : pack_["puzzles"]) {
    const std::string id = p["id"];
    ++per_game[p["game"].get<std::string>()];
    json view = p;
    view.erase("line");
    EXPECT_EQ(view, http_get(port_, "/api/puzzles/" + id).body) << id;
    std::vector<std::string> moves;
    const json& line = p["line"];
    ASSERT_GE(line.size(), 1u);
    for (std::size_t i = 0; i < line.size(); ++i) {
      ASSERT_GE(line[i]["accept"].size(), 1u) << id;
      moves.push_back(line[i]["accept"][0]);
      auto r = http_post(port_, "/api/puzzles/" + id + "/try", {{"moves", moves}});
      ASSERT_EQ(r.status, 200) << r.text;
      const bool last = i + 1 == line.size();
      EXPECT_EQ(r.body["result"], last ? "solved" : "continue") << id << " move " << i + 1;
      EXPECT_EQ(r.body["move"], line[i]["move"]) << id;
      EXPECT_EQ(r.body["board"], line[i]["board"]) << id;
      EXPECT_EQ(r.body.value("reply_board", json()), line[i].value("reply_board", json())) << id;
      if (!last) {
        EXPECT_EQ(r.body["legal"], line[i]["legal"]) << id;
      }
      EXPECT_EQ(line[i].value("solved", false), last) << id;
    }
  }
  EXPECT_EQ(per_game, (std::map<std::string, int>{{"capgo", 30}, {"togyz", 30}, {"tojmot", 30}}));
  EXPECT_EQ(server::kOfflinePuzzlesPerGame, 30u);
}

TEST_F(OfflinePackTest, ThePackSpansEachGamesRatings) {
  std::map<std::string, std::set<int>> ratings;
  for (const json& p : pack_["puzzles"]) ratings[p["game"]].insert(p["rating"].get<int>());
  for (const auto& [game, rs] : ratings) {
    auto s = http_get(port_, "/api/puzzles?game=" + game);
    ASSERT_EQ(s.status, 200);
    EXPECT_EQ(*rs.begin(), s.body["games"][0]["min_rating"]) << game;
    EXPECT_EQ(*rs.rbegin(), s.body["games"][0]["max_rating"]) << game;
  }
}

}  // namespace
}  // namespace oyin::testing
