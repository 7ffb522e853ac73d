#pragma once
// Engine analysis of a position on the worker pool, in the shape of the Go analysis engines:
// one JSON object per line, each carrying the request id; many requests may run at once.
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <functional>
#include <memory>

#include "server/game_service.h"

namespace oyin::server {

class AnalysisService {
 public:
  explicit AnalysisService(boost::asio::thread_pool& workers) : workers_(workers) {}
  // Checks the request and starts it; `emit` receives progress lines and then the final line
  // (which has "done": true), from a worker thread. A bad request is answered at once (status
  // 4xx) and `emit` is never called.
  Reply start(const json& request, std::function<void(const json&)> emit, std::shared_ptr<std::atomic<bool>> stop);

 private:
  boost::asio::thread_pool& workers_;
};

}  // namespace oyin::server
