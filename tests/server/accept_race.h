#pragma once
// Acceptors racing for one seek, for the lobby's exactly-once tests on one or several instances.
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "server/server_process.h"

namespace oyin::testing {

struct AcceptRace {
  int created = 0;  // 201: this one got the game
  int taken = 0;    // 409 seek_taken
  int other = 0;    // anything else
};

// `acceptors` threads accept seek `id` at once, the i-th on ports[i % ports.size()].
inline AcceptRace race_to_accept(const std::vector<int>& ports, const std::string& id, int acceptors) {
  std::atomic<int> created{0}, taken{0}, other{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < acceptors; ++i)
    threads.emplace_back([&, i] {
      auto a = http_post(ports[static_cast<std::size_t>(i) % ports.size()], "/api/seeks/" + id + "/accept", json::object());
      if (a.status == 201) ++created;
      else if (a.status == 409 && a.body["code"] == "seek_taken") ++taken;
      else ++other;
    });
  for (auto& t : threads) t.join();
  return {created, taken, other};
}

}  // namespace oyin::testing
