#pragma once
// Signs of life (GET /api/online): who is on the site and which online games are being played,
// as this instance knows it: signed-in accounts that asked for the page's news lately (each
// /api/online call with a session marks its account as seen) or hold a connected seat in a game
// in memory here, and the online games in play in memory here (GameService::games_in_play), the
// top-rated first. Cheap: nothing is read from the store; per instance, not the whole cluster.
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

namespace oyin::server {

class OnlineNow {
 public:
  static constexpr std::int64_t kRecentMs = 5 * 60'000;  // "online": seen in the last 5 minutes
  static constexpr std::size_t kMaxNames = 50, kMaxGames = 20;

  // Account `username` used the site at `now_ms`.
  void seen(const std::string& username, std::int64_t now_ms);
  // {"players": count, "names": [up to kMaxNames, sorted], "games": [up to kMaxGames]} from the
  // games in play (`games`, as GameService::games_in_play gives them): each game is
  // {"id", "game", "sides", "players": [{"username", "rating"}...], "spectators", "ply", "rated"},
  // the highest-rated first (a game's rating: its better player's; guests count as none).
  nlohmann::json reply(const nlohmann::json& games, std::int64_t now_ms);
  // The route's answer: `username` (the caller's account, "" for a guest) is marked as seen now,
  // then reply() at the wall clock's now.
  nlohmann::json answer(const nlohmann::json& games, const std::string& username);

 private:
  std::mutex mutex_;
  std::map<std::string, std::int64_t> seen_;  // username → when last seen
};

}  // namespace oyin::server
