// Puzzles' ratings learned from attempts (issue 44), over real HTTP against `oyin serve` (also on
// PostgreSQL): a puzzle starts at its file's rating; an account's first attempt rates it by
// Glicko-2 against the solver (a fail raises it, a solve lowers it), the learner is rated against
// the puzzle's learned rating, a second attempt and a guest's attempts move nothing, the trainer
// shows and picks by the learned rating, and it survives a restart.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "learn/puzzles.h"
#include "server/account_client.h"
#include "server/learn/puzzle_rating_store.h"
#include "server/ratings/puzzle_rating.h"

namespace oyin::testing {
namespace {

class PuzzleDifficultyApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string dir = ::testing::TempDir() + "oyin_puzzle_difficulty_" + std::to_string(getpid());
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

// The first shipped Tojmot puzzle.
learn::Puzzle first_tojmot() {
  std::ifstream in(std::string(OYIN_SOURCE_DIR) + "/data/puzzles/tojmot.jsonl");
  std::string line;
  std::getline(in, line);
  auto p = learn::parse_puzzle_line(line);
  EXPECT_TRUE(p) << p.error();
  return p ? *p : learn::Puzzle{};
}

json wire(const ratings::Rating& r) { return server::rating_json(r); }

TEST_F(PuzzleDifficultyApiTest, AnAccountsFirstAttemptRatesThePuzzleByGlicko2) {
  const learn::Puzzle p = first_tojmot();
  const std::string path = "/api/puzzles/" + p.id;
  ASSERT_EQ(http_get(port_, path).body["rating"], p.rating);
  // A failed first attempt: a move that neither mates in the puzzle's moves nor soon after.
  CookieClient ann = learner("ann");
  json failed;
  const json legal = http_get(port_, path).body["legal"];
  for (const auto& m : legal) {
    failed = ann.post(path + "/try", {{"moves", {m["move"]}}}).body;
    if (failed["result"] == "failed") break;
  }
  ASSERT_EQ(failed["result"], "failed") << failed.dump();
  const ratings::Rating start = ratings::puzzle_start(p.rating);
  const ratings::Rating after_ann = ratings::rate_by_solver(start, ratings::kNewPuzzleLearner, false);
  EXPECT_EQ(failed["puzzle_rating"]["before"], wire(start));
  EXPECT_EQ(failed["puzzle_rating"]["after"], wire(after_ann));
  EXPECT_GT(after_ann.rating, p.rating);
  EXPECT_EQ(failed["rating"]["after"], wire(ratings::rate_puzzle(ratings::kNewPuzzleLearner, p.rating, false)));
  const int learned = static_cast<int>(std::lround(after_ann.rating));
  EXPECT_EQ(http_get(port_, path).body["rating"], learned);
  // Bob solves it: rated against the learned rating, and the puzzle loses.
  CookieClient bob = learner("bob");
  auto solved = bob.post(path + "/try", {{"moves", {p.solution[0]}}}).body;
  ASSERT_EQ(solved["result"], "solved") << solved.dump();
  const ratings::Rating after_bob = ratings::rate_by_solver(after_ann, ratings::kNewPuzzleLearner, true);
  EXPECT_EQ(solved["puzzle_rating"]["before"], wire(after_ann));
  EXPECT_EQ(solved["puzzle_rating"]["after"], wire(after_bob));
  EXPECT_EQ(solved["rating"]["after"], wire(ratings::rate_puzzle(ratings::kNewPuzzleLearner, learned, true)));
  const int now = static_cast<int>(std::lround(after_bob.rating));
  // Ann again, and a guest: the puzzle's rating stays (a guest is rated against it).
  EXPECT_FALSE(ann.post(path + "/try", {{"moves", {p.solution[0]}}}).body.contains("puzzle_rating"));
  const json guest_rating = {{"rating", 1000}, {"rd", 350}, {"volatility", 0.06}};
  auto guest = http_post(port_, path + "/try", {{"moves", {p.solution[0]}}, {"rating", guest_rating}}).body;
  EXPECT_FALSE(guest.contains("puzzle_rating")) << guest.dump();
  json guest_after = guest["rating"]["after"];
  guest_after.erase("seal");  // sealed for the guest's account to take over
  EXPECT_EQ(guest_after, wire(ratings::rate_puzzle(ratings::kNewPuzzleLearner, now, true)));
  EXPECT_EQ(http_get(port_, path).body["rating"], now);
  // The trainer picks by the learned rating, and it is kept across a restart.
  EXPECT_EQ(http_get(port_, "/api/puzzles/next?game=tojmot&rating=" + std::to_string(now) + "&themes=" + p.themes[0])
                .body["rating"],
            now);
  EXPECT_EQ(server_->terminate(), 0);
  ASSERT_TRUE(server_->start()) << "the server did not start again";
  port_ = server_->port();
  EXPECT_EQ(http_get(port_, path).body["rating"], now);
}

}  // namespace
}  // namespace oyin::testing
