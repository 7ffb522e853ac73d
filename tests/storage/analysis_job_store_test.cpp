// The analysis queue on both stores: one job per game and budget, a lease that keeps a job to its
// worker, a takeover once the lease has run out (the late worker's writes refused), and workers
// asking at once each getting jobs of their own.
#include <gtest/gtest.h>

#include <filesystem>
#include <mutex>
#include <set>
#include <thread>

#include "storage/analysis_job_store.h"
#include "storage/game_store.h"
#include "support/postgres_server.h"

namespace oyin::storage {
namespace {

constexpr std::int64_t kLeaseMs = 30'000;

class AnalysisJobStoreTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    std::string where;
    const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::string clean;
    for (char c : name) clean += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    if (GetParam() == Backend::sqlite) {
      const std::string dir = ::testing::TempDir() + "oyin_jobs_" + std::to_string(getpid());
      std::filesystem::create_directories(dir);
      where = dir + "/" + clean + ".sqlite";
      for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(where + ext);
    } else {
      auto& pg = oyin::testing::PostgresServer::shared();
      where = pg.fresh_database("jobs_" + clean);
      ASSERT_TRUE(pg.error().empty()) << pg.error();
    }
    auto s = GameStore::open(where);
    ASSERT_TRUE(s) << s.error();
    games = std::move(*s);
    jobs = std::make_unique<AnalysisJobStore>(games->db());
  }
  void add_game(const std::string& id) {
    StoredGame g;
    g.id = id;
    g.game = "togyz";
    g.mode = "hotseat";
    g.tokens[0] = g.tokens[1] = named("t", static_cast<int>(id.size())) + id;
    ASSERT_TRUE(games->insert_game(g));
  }
  static AnalysedPosition at(int ply) {
    AnalysedPosition p;
    p.ply = ply;
    p.score = 10 * ply;
    p.best = "1";
    p.best_line = "1 2";
    p.nodes = 5;
    if (ply % 2) p.played_score = 10 * ply - 3;  // the played move's own score (kept when there is one)
    if (ply == 3) p.played_mate = -2;
    return p;
  }
  // Names built by appending (GCC 12 warns, wrongly, on "literal" + std::string).
  static std::string named(std::string prefix, int i) { return prefix.append(std::to_string(i)); }

  std::unique_ptr<GameStore> games;
  std::unique_ptr<AnalysisJobStore> jobs;
};

TEST_P(AnalysisJobStoreTest, OneJobPerGameAndBudgetWithItsPlaceInTheQueue) {
  add_game("a");
  add_game("b");
  auto first = jobs->enqueue("a", 12, 0, 7, 1000);
  ASSERT_TRUE(first) << first.error();
  EXPECT_TRUE(first->created);
  EXPECT_EQ(first->job.status, "queued");
  EXPECT_EQ(first->position_in_queue, 1);
  auto again = jobs->enqueue("a", 12, 0, 8, 2000);
  ASSERT_TRUE(again);
  EXPECT_FALSE(again->created);
  EXPECT_EQ(again->job.id, first->job.id);
  auto deeper = jobs->enqueue("a", 16, 0, 7, 3000);
  auto other = jobs->enqueue("b", 12, 0, 7, 4000);
  ASSERT_TRUE(deeper && other);
  EXPECT_NE(deeper->job.id, first->job.id);
  EXPECT_EQ(other->position_in_queue, 3);
  EXPECT_EQ(*jobs->requested_since(7, 0), 3);
  EXPECT_EQ(*jobs->requested_since(7, 3000), 2);
  EXPECT_EQ((*jobs->latest_for_game("a"))->id, deeper->job.id);
  EXPECT_FALSE(*jobs->latest_for_game("nothing"));
}

TEST_P(AnalysisJobStoreTest, ALeaseKeepsTheJobAndATakeoverRefusesTheLateWorker) {
  add_game("g");
  ASSERT_TRUE(jobs->enqueue("g", 10, 0, 1, 0));
  auto a = jobs->claim("lease-a", 1000, kLeaseMs);
  ASSERT_TRUE(a && *a) << (a ? "no job" : a.error());
  EXPECT_EQ((*a)->status, "running");
  EXPECT_EQ((*a)->attempts, 1);
  EXPECT_TRUE(*jobs->set_total((*a)->id, "lease-a", 4));
  EXPECT_TRUE(*jobs->write_position((*a)->id, "lease-a", at(0), 2000, kLeaseMs));
  EXPECT_TRUE(*jobs->write_position((*a)->id, "lease-a", at(1), 3000, kLeaseMs));
  // Within the lease nobody else gets it.
  auto early = jobs->claim("lease-b", 3000 + kLeaseMs - 1, kLeaseMs);
  ASSERT_TRUE(early);
  EXPECT_FALSE(*early);
  // Worker A goes silent; once its lease has run out B takes over, and A's writes are refused.
  auto b = jobs->claim("lease-b", 3000 + kLeaseMs + 1, kLeaseMs);
  ASSERT_TRUE(b && *b);
  EXPECT_EQ((*b)->id, (*a)->id);
  EXPECT_EQ((*b)->attempts, 2);
  EXPECT_EQ((*b)->done, 2);
  EXPECT_EQ((*b)->total, 4);
  EXPECT_FALSE(*jobs->write_position((*a)->id, "lease-a", at(2), 40'000, kLeaseMs));
  EXPECT_TRUE(*jobs->write_position((*b)->id, "lease-b", at(2), 40'000, kLeaseMs));
  EXPECT_TRUE(*jobs->write_position((*b)->id, "lease-b", at(3), 41'000, kLeaseMs));
  EXPECT_FALSE(*jobs->finish((*a)->id, "lease-a"));
  EXPECT_TRUE(*jobs->finish((*b)->id, "lease-b"));
  auto done = *jobs->job((*a)->id);
  EXPECT_EQ(done->status, "done");
  EXPECT_EQ(done->done, 4);
  auto positions = jobs->positions((*a)->id);
  ASSERT_TRUE(positions);
  ASSERT_EQ(positions->size(), 4u);
  for (int ply = 0; ply < 4; ++ply) {
    const AnalysedPosition& p = (*positions)[static_cast<std::size_t>(ply)];
    EXPECT_EQ(p.score, 10 * ply);
    EXPECT_EQ(p.played_score, at(ply).played_score);
    EXPECT_EQ(p.played_mate, at(ply).played_mate);
  }
  EXPECT_FALSE(*jobs->claim("lease-c", 10'000'000, kLeaseMs));  // a finished job is nobody's work
}

TEST_P(AnalysisJobStoreTest, AReleasedJobGoesBackToTheQueueAndAFailedOneStaysFailed) {
  add_game("r");
  add_game("f");
  ASSERT_TRUE(jobs->enqueue("r", 10, 0, 1, 0));
  ASSERT_TRUE(jobs->enqueue("f", 10, 0, 1, 0));
  auto r = *jobs->claim("x", 0, kLeaseMs);
  ASSERT_TRUE(r);
  ASSERT_TRUE(jobs->release(r->id, "x"));
  EXPECT_EQ((*jobs->job(r->id))->status, "queued");
  auto again = *jobs->claim("y", 1, kLeaseMs);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->id, r->id);  // the oldest first
  auto f = *jobs->claim("z", 2, kLeaseMs);
  ASSERT_TRUE(f);
  EXPECT_TRUE(*jobs->finish(f->id, "z", "the game does not replay"));
  const auto failed = *jobs->job(f->id);
  EXPECT_EQ(failed->status, "failed");
  EXPECT_EQ(failed->error, "the game does not replay");
}

TEST_P(AnalysisJobStoreTest, WorkersAskingAtOnceEachGetJobsOfTheirOwn) {
  constexpr int kJobs = 24, kWorkers = 4;
  for (int i = 0; i < kJobs; ++i) {
    add_game(named("w", i));
    ASSERT_TRUE(jobs->enqueue(named("w", i), 8, 0, 1, i));
  }
  std::mutex m;
  std::multiset<std::int64_t> taken;
  std::vector<std::thread> workers;
  for (int w = 0; w < kWorkers; ++w)
    workers.emplace_back([&, w] {
      const std::string lease = named("worker-", w);
      for (;;) {
        auto j = jobs->claim(lease, 100, kLeaseMs);
        ASSERT_TRUE(j) << j.error();
        if (!*j) return;
        {
          std::lock_guard lock(m);
          taken.insert((*j)->id);
        }
        EXPECT_TRUE(*jobs->finish((*j)->id, lease));
      }
    });
  for (auto& t : workers) t.join();
  EXPECT_EQ(taken.size(), static_cast<std::size_t>(kJobs));
  for (auto id : taken) EXPECT_EQ(taken.count(id), 1u) << "job " << id << " was taken twice";
}

INSTANTIATE_TEST_SUITE_P(Backends, AnalysisJobStoreTest, ::testing::Values(Backend::sqlite, Backend::postgresql),
                         [](const auto& info) { return info.param == Backend::sqlite ? "sqlite" : "postgresql"; });

}  // namespace
}  // namespace oyin::storage
