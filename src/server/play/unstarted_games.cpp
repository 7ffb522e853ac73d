#include "server/play/unstarted_games.h"

#include <algorithm>
#include <ctime>

namespace oyin::server {

void UnstartedGames::sweep() {
  if (after_s_ <= 0) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - swept_ < std::chrono::seconds(std::min(after_s_, kSweepS))) return;
  swept_ = now;
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now() - std::chrono::seconds(after_s_));
  std::tm tm{};
  gmtime_r(&t, &tm);
  char before[32];
  std::strftime(before, sizeof before, "%Y-%m-%dT%H:%M:%SZ", &tm);
  // In batches, so that a flood of empty games does not hold the writer for long at a time.
  for (int batch = 0; batch < 100; ++batch) {
    auto ids = store_.delete_unstarted(before, 500);
    if (!ids || ids->empty()) return;
    for (const auto& id : *ids) table_.erase(id);
  }
}

}  // namespace oyin::server
