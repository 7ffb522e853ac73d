#pragma once
// Engine analysis of a position, in the shape of the Go analysis engines: one JSON object per
// line, each carrying the request id; several requests may run at once.
//
// Analysis has a thread pool of its own (run at a lower OS priority), so it never takes a worker
// from the computer players, and it is bounded: a client (a signed-in account, else an address,
// over any number of connections) has at most `per_client` requests in flight, the server
// `max_in_flight`.
// A request stops when its `stop` flag is set (terminate, or the client went away).
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/play/engine_pool.h"
#include "server/common/rate_limiter.h"
#include "server/common/reply.h"

namespace oyin::server {

struct AnalysisLimits {
  int threads = 1;
  int per_client = 4;
  int max_in_flight = 64;
  int hash_mb = 16;
};

class AnalysisService {
 public:
  explicit AnalysisService(const AnalysisLimits& limits);
  ~AnalysisService();
  AnalysisService(const AnalysisService&) = delete;
  AnalysisService& operator=(const AnalysisService&) = delete;

  // Checks the request and queues it; `emit` receives progress lines and then the final line
  // (which has "done": true), from an analysis thread. A bad request is answered at once
  // (status 4xx: 429 when `client` has too many in flight, 503 when the server has) and `emit`
  // is never called.
  Reply start(const json& request, const std::string& client, std::function<void(const json&)> emit,
              std::shared_ptr<std::atomic<bool>> stop);
  // Asked about every request once its position is set up: a refusal is answered instead of
  // the analysis (GameService::analysis_refusal). Set before serving.
  using Gate = std::function<std::optional<Reply>(const json& request, const GameState& position)>;
  void set_gate(Gate gate) { gate_ = std::move(gate); }
  // Stops every analysis and waits for the threads (for a clean shutdown).
  void stop_all();
  int in_flight() const;

 private:
  void finish(const std::string& client);

  AnalysisLimits limits_;
  EnginePool engines_;
  boost::asio::thread_pool pool_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, int> per_client_;
  int in_flight_ = 0;
  std::vector<std::weak_ptr<std::atomic<bool>>> stops_;
  bool stopped_ = false;
  Gate gate_;
};

}  // namespace oyin::server
