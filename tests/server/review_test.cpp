// Computer analysis of finished games through the queue: the API (who may ask, what, the review it
// answers with, progress on the game's WebSocket) with the server's own worker, and `oyin worker`
// processes sharing the queue: one stopped with SIGTERM gives its job back, one killed with SIGKILL
// mid-game loses at most the position in hand and another takes the job over once its lease has
// run out. On both stores (the suite's postgresql pass).
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "server/server_process.h"
#include "support/subprocess.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

using namespace std::chrono_literals;

struct Played {
  std::string id, token;
  std::size_t moves = 0;
};

// A hotseat game of `plies` random legal moves (fewer if it ends first), then resigned if it is
// still going.
Played play_game(int port, const std::string& game, std::size_t plies, unsigned seed) {
  Played p;
  auto r = http_post(port, "/api/games", {{"game", game}, {"mode", "hotseat"}});
  EXPECT_EQ(r.status, 201) << r.text;
  p.id = r.body["id"];
  p.token = r.body["seat"]["token"];
  json state = r.body["state"];
  std::mt19937 rng(seed);
  while (p.moves < plies && state["status"] == "ongoing") {
    const auto& legal = state["legal_moves"];
    const std::string move = legal[rng() % legal.size()];
    r = http_post(port, "/api/games/" + p.id + "/moves", {{"move", move}, {"token", p.token}});
    EXPECT_EQ(r.status, 200) << r.text;
    state = r.body;
    ++p.moves;
  }
  return p;
}

void finish(int port, const Played& p) {
  const auto r = http_post(port, "/api/games/" + p.id + "/resign", {{"token", p.token}});
  EXPECT_TRUE(r.status == 200 || r.body.value("code", "") == "game_over") << r.text;
}

json analysis_of(int port, const std::string& id) { return http_get(port, "/api/games/" + id + "/analysis").body; }

class ReviewApiTest : public ServerWithOptions {};

TEST_F(ReviewApiTest, AFinishedGameIsAnalysedAndReviewedMoveByMove) {
  start({"--workers-analysis", "1"});
  Played p = play_game(port_, "togyz", 8, 1);
  auto r = http_post(port_, "/api/games/" + p.id + "/analysis", {{"token", p.token}});
  EXPECT_EQ(r.status, 409) << r.text;
  EXPECT_EQ(r.body["code"], "game_in_play");
  finish(port_, p);
  r = http_post(port_, "/api/games/" + p.id + "/analysis", json::object());
  EXPECT_EQ(r.status, 401) << "neither signed in nor a seat: " << r.text;
  r = http_post(port_, "/api/games/" + p.id + "/analysis", {{"token", p.token}, {"depth", 99}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["code"], "bad_depth");
  r = http_post(port_, "/api/games/" + p.id + "/analysis", {{"token", p.token}, {"depth", 4}, {"nodes", 100}});
  EXPECT_EQ(r.body["code"], "depth_or_nodes");
  EXPECT_EQ(http_get(port_, "/api/games/" + p.id + "/analysis").body["code"], "no_analysis");

  WsClient ws(port_, "/ws/games/" + p.id + "?token=" + p.token);
  ASSERT_TRUE(ws.read());  // the first state
  r = http_post(port_, "/api/games/" + p.id + "/analysis", {{"token", p.token}, {"nodes", 3000}});
  ASSERT_EQ(r.status, 202) << r.text;
  const auto job = r.body["job_id"];
  EXPECT_GE(r.body["position_in_queue"].get<int>(), 0);
  r = http_post(port_, "/api/games/" + p.id + "/analysis", {{"token", p.token}, {"nodes", 3000}});
  EXPECT_EQ(r.status, 202);
  EXPECT_EQ(r.body["job_id"], job) << "one job per game and budget";

  // Progress reaches the game's connections, ending with "done".
  bool saw_done = false;
  for (int i = 0; i < 50 && !saw_done; ++i) {
    auto m = ws.read(10s);
    if (!m) break;
    if ((*m)["type"] == "analysis") {
      EXPECT_LE((*m)["progress"]["done"], (*m)["progress"]["total"]);
      saw_done = (*m)["status"] == "done";
    }
  }
  EXPECT_TRUE(saw_done);
  ASSERT_TRUE(wait_until([&] { return analysis_of(port_, p.id)["status"] == "done"; }));
  const json a = analysis_of(port_, p.id);
  EXPECT_EQ(a["job_id"], job);
  EXPECT_EQ(a["progress"]["done"], p.moves + 1);
  EXPECT_EQ(a["progress"]["total"], p.moves + 1);
  ASSERT_EQ(a["positions"].size(), p.moves + 1);
  ASSERT_EQ(a["moves"].size(), p.moves);
  const std::set<std::string> classes{"best", "good", "inaccuracy", "mistake", "blunder"};
  for (std::size_t i = 0; i < p.moves; ++i) {
    const json& m = a["moves"][i];
    EXPECT_EQ(m["ply"], i);
    EXPECT_TRUE(classes.contains(m["class"].get<std::string>())) << m.dump();
    const double w = m["eval"]["win_chance"];
    EXPECT_GE(w, 0.0);
    EXPECT_LE(w, 1.0);
    EXPECT_FALSE(m["best"].get<std::string>().empty());
    if (m["move"] == m["best"]) {
      EXPECT_EQ(m["class"], "best");
    }
  }
  for (const char* side : {"white", "black"}) {
    ASSERT_TRUE(a["accuracy"][side].is_number()) << a["accuracy"].dump();
    EXPECT_GE(a["accuracy"][side].get<double>(), 0.0);
    EXPECT_LE(a["accuracy"][side].get<double>(), 100.0);
  }
}

TEST_F(ReviewApiTest, CaptureGoIsAnalysedByPlayoutsNotDepth) {
  start({"--workers-analysis", "1"});
  Played p = play_game(port_, "capgo", 4, 2);
  finish(port_, p);
  auto r = http_post(port_, "/api/games/" + p.id + "/analysis", {{"token", p.token}, {"depth", 8}});
  EXPECT_EQ(r.body["code"], "bad_depth");
  r = http_post(port_, "/api/games/" + p.id + "/analysis", {{"token", p.token}, {"nodes", 200}});
  ASSERT_EQ(r.status, 202) << r.text;
  ASSERT_TRUE(wait_until([&] { return analysis_of(port_, p.id)["status"] == "done"; }));
  const json a = analysis_of(port_, p.id);
  EXPECT_EQ(a["moves"].size(), p.moves);
  EXPECT_EQ(a["nodes"], 200);
}

// `oyin worker` on the server's store; its output goes to `log`.
std::vector<std::string> worker_argv(const std::string& store, std::vector<std::string> extra) {
  std::vector<std::string> argv{server_binary(), "worker", "--db", store, "--lease", "5"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return argv;
}

TEST_F(ReviewApiTest, WorkersStopCleanlyAndTakeOverAKilledWorkersJob) {
  start({"--workers-analysis", "0"});
  Played p = play_game(port_, "togyz", 60, 3);
  finish(port_, p);
  auto r = http_post(port_, "/api/games/" + p.id + "/analysis", {{"token", p.token}, {"nodes", 40000}});
  ASSERT_EQ(r.status, 202) << r.text;
  EXPECT_EQ(r.body["position_in_queue"], 1);
  const auto done = [&] { return analysis_of(port_, p.id)["progress"]["done"].get<int>(); };

  // SIGTERM: the job goes back to the queue and the worker exits 0.
  {
    Subprocess a(worker_argv(server_->store(), {}));
    ASSERT_TRUE(a.ok());
    ASSERT_TRUE(wait_until([&] { return done() >= 2; }, 60s));
    a.signal(SIGTERM);
    EXPECT_EQ(a.wait(), 0);
  }
  json after_term = analysis_of(port_, p.id);
  EXPECT_EQ(after_term["status"], "queued");
  const int kept = after_term["progress"]["done"];
  EXPECT_GE(kept, 2);

  // SIGKILL mid-game: nothing is given back; the next worker waits for the lease, then carries on.
  {
    Subprocess b(worker_argv(server_->store(), {}));
    ASSERT_TRUE(b.ok());
    ASSERT_TRUE(wait_until([&] { return done() >= kept + 2; }, 60s));
    b.signal(SIGKILL);
    b.wait();
  }
  const int before_takeover = done();
  EXPECT_EQ(analysis_of(port_, p.id)["status"], "running");
  Subprocess c(worker_argv(server_->store(), {"--max-jobs", "1"}));
  ASSERT_TRUE(c.ok());
  ASSERT_TRUE(wait_until([&] { return analysis_of(port_, p.id)["status"] == "done"; }, 120s));
  EXPECT_EQ(c.wait(), 0) << "--max-jobs 1: it stops after the job";
  const json a = analysis_of(port_, p.id);
  EXPECT_EQ(a["attempts"], 3);
  EXPECT_EQ(a["progress"]["done"], p.moves + 1);
  ASSERT_EQ(a["positions"].size(), p.moves + 1) << "every position once, none twice";
  for (std::size_t i = 0; i < a["positions"].size(); ++i) EXPECT_EQ(a["positions"][i]["ply"], i);
  EXPECT_GE(before_takeover, kept + 2);
}

}  // namespace
}  // namespace oyin::testing
