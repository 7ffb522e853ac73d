// A signed-in learner's progress kept on the server, over real HTTP against `oyin serve` (also on
// PostgreSQL): a lesson finished by answering its last step, the puzzle rating (Glicko-2 from a
// new learner's, whatever the browser sends) and the finished puzzles, rated once; the trainer
// skipping an account's finished puzzles; all of it seen from a second session and after a
// restart; and a guest's browser progress merged in on sign-in without losing either side's.
#include <gtest/gtest.h>

#include <filesystem>

#include "server/account_client.h"

namespace oyin::testing {
namespace {

class LearnProgressApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string dir = ::testing::TempDir() + "oyin_learn_progress_" + std::to_string(getpid());
    std::filesystem::create_directories(dir);
    db_ = dir + "/" + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".sqlite";
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db_ + ext);
    server_ = std::make_unique<ServerProcess>(db_);
    ASSERT_TRUE(server_->start()) << "the server did not start";
    port_ = server_->port();
  }
  void TearDown() override {
    if (server_) {
      EXPECT_EQ(server_->terminate(), 0);
    }
  }
  // A client signed in to a new account `name`.
  CookieClient learner(const std::string& name) {
    CookieClient c(port_);
    auto r = c.sign_up(name, "a long pass phrase");
    EXPECT_EQ(r.status, 201) << r.text;
    return c;
  }
  std::string db_;
  std::unique_ptr<ServerProcess> server_;
  int port_ = 0;
};

const json kNewLearner = {{"rating", 1000}, {"rd", 350}, {"volatility", 0.06}};

TEST_F(LearnProgressApiTest, AGuestHasNoProgressOnTheServer) {
  auto r = http_get(port_, "/api/learn/progress");
  EXPECT_EQ(r.status, 401) << r.text;
  EXPECT_EQ(r.body["code"], "not_signed_in");
  EXPECT_EQ(http_post(port_, "/api/learn/progress", json::object()).body["code"], "not_signed_in");
  // A guest finishing a lesson and a puzzle leaves nothing on the server: the rating sent is rated.
  EXPECT_EQ(http_post(port_, "/api/lessons/tojmot-piece-4/steps/2/try", {{"move", "d6j6"}}).body["correct"], true);
  auto p = http_post(port_, "/api/puzzles/tojmot-1-0001/try", {{"moves", {"d12b12"}}, {"rating", kNewLearner}});
  EXPECT_EQ(p.body["rating"]["before"], kNewLearner) << p.text;
}

TEST_F(LearnProgressApiTest, ALessonIsKeptOnceItsLastStepIsAnsweredRight) {
  CookieClient ann = learner("ann");
  auto empty = ann.get("/api/learn/progress");
  ASSERT_EQ(empty.status, 200) << empty.text;
  EXPECT_EQ(empty.body, json({{"lessons", json::object()}, {"puzzles", json::object()}}));
  // The first step right and the last one wrong: not finished.
  EXPECT_EQ(ann.post("/api/lessons/tojmot-piece-4/steps/1/try", {{"move", "d6d14"}}).body["correct"], true);
  EXPECT_EQ(ann.post("/api/lessons/tojmot-piece-4/steps/2/try", {{"move", "d6d12"}}).body["correct"], false);
  EXPECT_TRUE(ann.get("/api/learn/progress").body["lessons"].empty());
  EXPECT_EQ(ann.post("/api/lessons/tojmot-piece-4/steps/2/try", {{"move", "d6j6"}}).body["correct"], true);
  auto done = ann.get("/api/learn/progress");
  ASSERT_EQ(done.body["lessons"].size(), 1u) << done.text;
  const std::string at = done.body["lessons"]["tojmot-piece-4"];
  EXPECT_EQ(at.size(), 20u) << at;  // 2026-12-02T04:30:00Z
  // Again later: the first date stays. Another account has nothing.
  EXPECT_EQ(ann.post("/api/lessons/tojmot-piece-4/steps/2/try", {{"move", "d6j6"}}).body["correct"], true);
  EXPECT_EQ(ann.get("/api/learn/progress").body["lessons"]["tojmot-piece-4"], at);
  EXPECT_TRUE(learner("bob").get("/api/learn/progress").body["lessons"].empty());
}

TEST_F(LearnProgressApiTest, AnAccountsPuzzleRatingAndFinishedPuzzlesAreTheServers) {
  CookieClient ann = learner("ann");
  // Whatever the browser sends, an account starts as a new learner; the first finish is rated.
  auto solved = ann.post("/api/puzzles/tojmot-1-0001/try",
                         {{"moves", {"d12b12"}}, {"rating", {{"rating", 2500}, {"rd", 40}, {"volatility", 0.06}}}});
  ASSERT_EQ(solved.body["result"], "solved") << solved.text;
  EXPECT_EQ(solved.body["rating"]["before"], kNewLearner);
  const json after_one = solved.body["rating"]["after"];
  EXPECT_GT(after_one["rating"].get<double>(), 1000);
  // Without a rating sent, the account's is still rated, from where the first left it.
  auto failed = ann.post("/api/puzzles/capgo-1-0008/try", {{"moves", {"A5"}}});
  ASSERT_EQ(failed.body["result"], "failed") << failed.text;
  EXPECT_EQ(failed.body["rating"]["before"], kNewLearner);  // capture Go's rating is its own
  const json capgo_after = failed.body["rating"]["after"];
  EXPECT_LT(capgo_after["rating"].get<double>(), 1000);
  // A puzzle finished before is not rated again (solving it now is noted).
  EXPECT_FALSE(ann.post("/api/puzzles/tojmot-1-0001/try", {{"moves", {"d12b12"}}}).body.contains("rating"));
  auto again = ann.post("/api/puzzles/capgo-1-0008/try", {{"moves", {"D4", "E5"}}});
  EXPECT_EQ(again.body["result"], "solved");
  EXPECT_FALSE(again.body.contains("rating")) << again.text;

  auto p = ann.get("/api/learn/progress");
  ASSERT_EQ(p.status, 200) << p.text;
  EXPECT_EQ(p.body["puzzles"]["tojmot"]["rating"], after_one);
  EXPECT_EQ(p.body["puzzles"]["tojmot"]["attempts"], 1);
  EXPECT_EQ(p.body["puzzles"]["tojmot"]["provisional"], true);
  EXPECT_EQ(p.body["puzzles"]["tojmot"]["seen"], json({"tojmot-1-0001"}));
  EXPECT_EQ(p.body["puzzles"]["tojmot"]["solved"], json({"tojmot-1-0001"}));
  EXPECT_EQ(p.body["puzzles"]["capgo"]["rating"], capgo_after);
  EXPECT_EQ(p.body["puzzles"]["capgo"]["seen"], json({"capgo-1-0008"}));
  EXPECT_EQ(p.body["puzzles"]["capgo"]["solved"], json({"capgo-1-0008"}));

  // The same account signed in elsewhere, and after a restart of the server, sees the same.
  CookieClient elsewhere(port_);
  ASSERT_EQ(elsewhere.sign_in("ann", "a long pass phrase").status, 200);
  EXPECT_EQ(elsewhere.get("/api/learn/progress").body, p.body);
  EXPECT_EQ(server_->terminate(), 0);
  ASSERT_TRUE(server_->start()) << "the server did not start again";
  port_ = server_->port();
  CookieClient after_restart(port_);
  after_restart.set_cookie(elsewhere.cookie());
  EXPECT_EQ(after_restart.get("/api/learn/progress").body, p.body);
}

TEST_F(LearnProgressApiTest, TheTrainerSkipsThePuzzlesAnAccountFinished) {
  // togyz-1-0001 (rated 490) is the puzzle nearest 490 for anyone who has not finished it.
  CookieClient ann = learner("ann");
  EXPECT_EQ(ann.get("/api/puzzles/next?game=togyz&rating=490").body["id"], "togyz-1-0001");
  auto first = ann.get("/api/puzzles/togyz-1-0001");
  ASSERT_EQ(first.status, 200) << first.text;
  // Finished either way (a one-move puzzle: its first legal move solves or fails it).
  const json legal = first.body["legal"];
  ASSERT_FALSE(legal.empty());
  auto r = ann.post("/api/puzzles/togyz-1-0001/try", {{"moves", {legal[0]["move"]}}});
  ASSERT_TRUE(r.body["result"] == "solved" || r.body["result"] == "failed") << r.text;
  const json next = ann.get("/api/puzzles/next?game=togyz&rating=490").body;
  EXPECT_NE(next["id"], "togyz-1-0001") << next.dump();
  EXPECT_EQ(next["game"], "togyz");
  // Ann's first attempt rated the puzzle too (issue 44): a guest (no cookie) still gets it, at
  // its learned rating (the first in the file among equals).
  const int learned = http_get(port_, "/api/puzzles/togyz-1-0001").body["rating"];
  EXPECT_NE(learned, 490);
  EXPECT_EQ(http_get(port_, "/api/puzzles/next?game=togyz&rating=" + std::to_string(learned)).body["id"], "togyz-1-0001");
}

TEST_F(LearnProgressApiTest, ABrowsersProgressIsMergedIntoTheAccountOnSignIn) {
  CookieClient ann = learner("ann");
  // The account's own: a lesson, a finished puzzle and a tojmot rating from one attempt (rd ~ 290).
  ASSERT_EQ(ann.post("/api/lessons/tojmot-piece-4/steps/2/try", {{"move", "d6j6"}}).body["correct"], true);
  auto own = ann.post("/api/puzzles/tojmot-1-0001/try", {{"moves", {"d12b12"}}});
  const json tojmot_own = own.body["rating"]["after"];
  ASSERT_LT(tojmot_own["rd"].get<double>(), 350);

  // What a guest did in the browser before signing in.
  const json browser_capgo = {{"rating", 1234.5}, {"rd", 120}, {"volatility", 0.06}};
  const json browser_tojmot = {{"rating", 1500}, {"rd", 349}, {"volatility", 0.06}};
  const json browser = {
      {"lessons", {{"capgo-atari", "2026-11-30T10:00:00.000Z"}, {"no-such-lesson", "2026-11-30T10:00:00.000Z"},
                   {"tojmot-piece-4", "2026-11-01T09:00:00.000Z"}}},
      {"puzzles",
       {{"capgo", {{"rating", browser_capgo}, {"seen", {"capgo-1-0001", "capgo-1-0002", "no-such-puzzle", "tojmot-1-0002"}}}},
        {"tojmot", {{"rating", browser_tojmot}, {"seen", {"tojmot-1-0001", "tojmot-1-0003"}}}}}}};
  auto merged = ann.post("/api/learn/progress", browser);
  ASSERT_EQ(merged.status, 200) << merged.text;
  const json& m = merged.body;
  EXPECT_EQ(m["lessons"], json({{"capgo-atari", "2026-11-30T10:00:00Z"}, {"tojmot-piece-4", "2026-11-01T09:00:00Z"}}));
  // A browser's rating is not taken (it could be anything): the account has none for capture Go.
  EXPECT_EQ(m["puzzles"]["capgo"]["rating"], nullptr);
  EXPECT_EQ(m["puzzles"]["capgo"]["seen"], json({"capgo-1-0001", "capgo-1-0002"}));
  EXPECT_EQ(m["puzzles"]["tojmot"]["rating"], tojmot_own);
  EXPECT_EQ(m["puzzles"]["tojmot"]["seen"], json({"tojmot-1-0001", "tojmot-1-0003"}));
  EXPECT_EQ(m["puzzles"]["tojmot"]["solved"], json({"tojmot-1-0001"}));
  EXPECT_EQ(ann.get("/api/learn/progress").body, m);
  // Merging the same again changes nothing; the account's first capture Go attempt is rated from
  // a new learner's rating.
  EXPECT_EQ(ann.post("/api/learn/progress", browser).body, m);
  auto next = ann.post("/api/puzzles/capgo-1-0008/try", {{"moves", {"D4", "E5"}}});
  EXPECT_EQ(next.body["rating"]["before"], kNewLearner) << next.text;
  // A forged rating and a list of "solved" puzzles change neither: the server judges results.
  const json forged = {{"puzzles", {{"togyz", {{"rating", {{"rating", 3000}, {"rd", 30}, {"volatility", 0.06}}},
                                                {"solved", {"togyz-1-0001", "togyz-1-0002"}}}}}}};
  const auto after_forgery = ann.post("/api/learn/progress", forged);
  ASSERT_EQ(after_forgery.status, 200) << after_forgery.text;
  EXPECT_EQ(after_forgery.body["puzzles"]["togyz"]["rating"], nullptr);
  EXPECT_EQ(after_forgery.body["puzzles"]["togyz"]["solved"], json::array());
  EXPECT_EQ(after_forgery.body["puzzles"]["togyz"]["seen"], json({"togyz-1-0001", "togyz-1-0002"}));
  // What a guest's browser got from the server, sealed, is taken: its rating, and its solved
  // puzzle with the puzzle's seal. A seal of another puzzle or rating does not fit.
  const auto guest = http_post(port_, "/api/puzzles/tojmot-1-0001/try", {{"moves", {"d12b12"}}, {"rating", kNewLearner}});
  ASSERT_EQ(guest.body["result"], "solved") << guest.text;
  const json sealed_rating = guest.body["rating"]["after"];
  ASSERT_TRUE(sealed_rating.contains("seal")) << guest.text;
  const std::string solved_seal = guest.body["solved_seal"];
  CookieClient zhan = learner("zhan");
  json tampered = sealed_rating;
  tampered["rating"] = tampered["rating"].get<double>() + 100;
  const json carried = {{"puzzles", {{"tojmot", {{"rating", tampered}, {"seen", {"tojmot-1-0001", "tojmot-1-0003"}},
                                                  {"solved", {"tojmot-1-0001", "tojmot-1-0003"}},
                                                  {"solved_seals", {{"tojmot-1-0003", solved_seal}}}}}}}};
  auto refused = zhan.post("/api/learn/progress", carried);
  ASSERT_EQ(refused.status, 200) << refused.text;
  EXPECT_EQ(refused.body["puzzles"]["tojmot"]["rating"], nullptr);
  EXPECT_EQ(refused.body["puzzles"]["tojmot"]["solved"], json::array());
  json honest = carried;
  honest["puzzles"]["tojmot"]["rating"] = sealed_rating;
  honest["puzzles"]["tojmot"]["solved_seals"] = {{"tojmot-1-0001", solved_seal}};
  auto taken = zhan.post("/api/learn/progress", honest);
  ASSERT_EQ(taken.status, 200) << taken.text;
  json expected_rating = sealed_rating;
  expected_rating.erase("seal");
  EXPECT_EQ(taken.body["puzzles"]["tojmot"]["rating"], expected_rating);
  EXPECT_EQ(taken.body["puzzles"]["tojmot"]["solved"], json({"tojmot-1-0001"}));

  // What is not progress is refused, and nothing of it is kept.
  auto bad = ann.post("/api/learn/progress", {{"puzzles", {{"capgo", {{"rating", {{"rating", 1e9}, {"rd", 1}, {"volatility", 0.06}}}}}}}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body["code"], "bad_rating");
  EXPECT_EQ(ann.post("/api/learn/progress", {{"puzzles", {{"chess", json::object()}}}}).body["code"], "unknown_game");
  EXPECT_EQ(ann.post("/api/learn/progress", {{"lessons", json::array()}}).body["code"], "field_type");
  EXPECT_EQ(ann.post("/api/learn/progress", {{"puzzles", {{"capgo", {{"seen", "capgo-1-0003"}}}}}}).body["code"],
            "field_type");
  EXPECT_EQ(ann.post("/api/learn/progress", json::array()).body["code"], "not_an_object");
  EXPECT_EQ(ann.call(http::verb::put, "/api/learn/progress", "{}").body["code"], "method_not_allowed");
  EXPECT_EQ(ann.get("/api/learn/progress").body["puzzles"]["capgo"]["rating"], next.body["rating"]["after"]);
}

}  // namespace
}  // namespace oyin::testing
