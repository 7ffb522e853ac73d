#pragma once
// Games nobody ever moved in are deleted once unchanged for a while (a flood of "create game"
// requests must not fill the disk), from the service's background thread.
#include <chrono>
#include <cstdint>

#include "server/play/game_table.h"
#include "storage/game_store.h"

namespace oyin::server {

class UnstartedGames {
 public:
  // Looked for every min(after_s, kSweepS) seconds; `after_s` 0 keeps them for good.
  static constexpr std::int64_t kSweepS = 600;
  UnstartedGames(storage::GameStore& store, GameTable& table, std::int64_t after_s)
      : store_(store), table_(table), after_s_(after_s) {}
  void sweep();

 private:
  storage::GameStore& store_;
  GameTable& table_;
  const std::int64_t after_s_;
  std::chrono::steady_clock::time_point swept_ = std::chrono::steady_clock::now();
};

}  // namespace oyin::server
