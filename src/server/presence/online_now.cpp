// OnlineNow: the players seen lately and the games in play, for GET /api/online.
#include "server/presence/online_now.h"

#include <algorithm>
#include <chrono>
#include <set>
#include <vector>

namespace oyin::server {

using nlohmann::json;

namespace {

// The rating a game is ranked by: its better rated player's (-1 when neither has one).
double game_rating(const json& g) {
  double best = -1;
  for (const auto& p : g.value("players", json::array()))
    if (p.is_object() && p.contains("rating") && p["rating"].is_number()) best = std::max(best, p["rating"].get<double>());
  return best;
}

}  // namespace

void OnlineNow::seen(const std::string& username, std::int64_t now_ms) {
  if (username.empty()) return;
  std::lock_guard lock(mutex_);
  seen_[username] = now_ms;
  // Forget those gone long ago, so the map stays as small as the crowd of the last minutes.
  if (seen_.size() > 4 * kMaxNames)
    std::erase_if(seen_, [&](const auto& e) { return now_ms - e.second > kRecentMs; });
}

json OnlineNow::reply(const json& games, std::int64_t now_ms) {
  std::set<std::string> names;
  int guests = 0;
  std::vector<json> listed;
  for (const auto& g : games) {
    const json& players = g.value("players", json::array());
    const json& connected = g.value("connected", json::array());
    json shown = json::array();
    for (std::size_t i = 0; i < players.size() && i < 2; ++i) {
      const json& p = players[i];
      const json name = p.is_object() && p.contains("username") ? p["username"] : json(nullptr);
      const bool here = i < connected.size() && connected[i].is_boolean() && connected[i].get<bool>();
      if (here && name.is_string()) names.insert(name.get<std::string>());
      else if (here) ++guests;
      shown.push_back({{"username", name}, {"rating", p.is_object() && p.contains("rating") ? p["rating"] : json(nullptr)}});
    }
    json entry = g;
    entry.erase("connected");
    entry["players"] = std::move(shown);
    listed.push_back(std::move(entry));
  }
  {
    std::lock_guard lock(mutex_);
    for (const auto& [name, when] : seen_)
      if (now_ms - when <= kRecentMs) names.insert(name);
  }
  std::stable_sort(listed.begin(), listed.end(), [](const json& a, const json& b) { return game_rating(a) > game_rating(b); });
  if (listed.size() > kMaxGames) listed.resize(kMaxGames);
  json name_list = json::array();
  for (const auto& n : names) {
    if (name_list.size() == kMaxNames) break;
    name_list.push_back(n);
  }
  return {{"players", static_cast<int>(names.size()) + guests}, {"names", std::move(name_list)}, {"games", listed}};
}

json OnlineNow::answer(const json& games, const std::string& username) {
  const std::int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::system_clock::now().time_since_epoch()).count();
  seen(username, now);
  return reply(games, now);
}

}  // namespace oyin::server
