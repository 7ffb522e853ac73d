#pragma once
// The knowledge side of the server: the opening explorer (GET /api/explorer) and the game base,
// over the knowledge store. Every request runs on a small pool of its own, with engines of its
// own for the evaluations, so neither the I/O threads nor the computer players wait for it.
#include <boost/asio/thread_pool.hpp>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "server/play/engine_pool.h"
#include "server/play/game_service.h"
#include "storage/knowledge_store.h"

namespace oyin::server {

using QueryParams = std::vector<std::pair<std::string, std::string>>;

class KnowledgeService {
 public:
  static constexpr int kMaxApiEvalDepth = 8;

  // `games` receives the review games opened from the base (POST /api/base/{id}/review).
  KnowledgeService(storage::KnowledgeStore& store, GameService& games, int hash_mb, int threads = 2);
  ~KnowledgeService();

  // GET /api/explorer?game=&position=&moves=&rules=&source=&eval_depth=; `done` is called from
  // the service's pool.
  void explorer(QueryParams query, std::function<void(Reply)> done);
  // The same, at once on the calling thread (tests, the benchmark).
  Reply explorer_now(const QueryParams& query);
  // GET /api/base?game=&player=&event=&year=&result=&source=&position=&moves=&offset=&limit=
  Reply base(const QueryParams& query);
  // POST /api/base/{id}/review: the base game as a new review game (its id), replayed by the rules.
  Reply review(const std::string& id);
  // Runs any of the above on the service's pool.
  void run(std::function<Reply()> work, std::function<void(Reply)> done);
  void stop();

 private:
  storage::KnowledgeStore& store_;
  GameService& games_;
  EnginePool engines_;
  boost::asio::thread_pool pool_;
};

}  // namespace oyin::server
