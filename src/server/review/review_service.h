#pragma once
// Computer analysis of finished games on request (POST/GET /api/games/{id}/analysis): the job goes
// to the store's queue (storage/analysis_job_store.h), a worker analyses each position (the
// server's own, `--workers-analysis N`, or `oyin worker` processes on other machines), and the
// review is made from what it wrote: each move's win chance, class and the better move, each
// side's accuracy (review/move_review.h). Progress goes to the game's WebSocket as
// {"type": "analysis", "status", "progress": {"done", "total"}}.
#include <atomic>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "server/common/clock.h"
#include "server/common/rate_limiter.h"
#include "server/common/reply.h"
#include "server/play/game_service.h"
#include "storage/analysis_job_store.h"
#include "storage/game_store.h"
#include "storage/knowledge_store.h"

namespace oyin::server {

struct ReviewOptions {
  int workers = 1;             // analysis workers inside this server (0: external workers only)
  int worker_threads = 1;      // search threads of each
  int hash_mb = 16;
  std::int64_t lease_ms = 60'000;
  int per_hour = 20;           // analyses one client may ask for in an hour
};

class ReviewService {
 public:
  ReviewService(storage::GameStore& store, GameService& games, Clock& clock, ReviewOptions options);
  ~ReviewService();
  ReviewService(const ReviewService&) = delete;
  ReviewService& operator=(const ReviewService&) = delete;

  // POST: `body` {"depth"?|"nodes"?}; asked by a signed-in account (`user`) or a seat of the game
  // (`token`); `client` is the rate limit's key. 202 {"job_id", "position_in_queue", "status"}.
  Reply request(const std::string& game_id, const nlohmann::json& body, const std::string& token, std::int64_t user,
                const std::string& client);
  // GET: the game's newest analysis, done or in progress.
  Reply status(const std::string& game_id);
  // GET /api/account/mistakes: account `user`'s mistakes and blunders in its analysed games (of
  // the game `game`, or in the one game `game_id`; "": any), newest games first, at most `limit`,
  // each as an exercise (server/review/mistakes.cpp).
  Reply mistakes(std::int64_t user, const std::string& game, const std::string& game_id, int limit);
  // A signal from another process (GameService::on_other_signal): a worker's progress
  // (review::progress_words) goes to the game's connections here.
  void heard(const std::string& words);
  // Stops the built-in workers (each gives its job in hand back) and waits for them.
  void stop();

 private:
  void progress(const storage::AnalysisJob& job, int done, int total);
  void tell(const std::string& game_id, int done, int total);

  storage::GameStore& store_;
  storage::AnalysisJobStore jobs_;
  storage::KnowledgeStore base_;  // the game base beside the games: its book moves are not judged
  GameService& games_;
  ReviewOptions options_;
  RateLimiter requests_;
  std::atomic<bool> stop_{false};
  std::vector<std::jthread> workers_;
};

}  // namespace oyin::server
