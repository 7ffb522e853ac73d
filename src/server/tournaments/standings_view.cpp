#include "server/tournaments/standings_view.h"

#include <algorithm>
#include <map>

#include "server/tournaments/format_rules.h"

namespace oyin::server::tournaments {

using nlohmann::json;

json standings_json(const storage::TournamentRow& t, const std::vector<storage::TournamentPlayer>& players,
                    const std::vector<storage::TournamentPairing>& pairings) {
  struct Line {
    std::string name;
    int number = 0;
    double score = 0;
    int games = 0, wins = 0;
  };
  std::map<std::int64_t, Line> lines;
  for (const auto& p : players) lines[p.user_id] = {p.username, p.number};
  for (const auto& p : pairings) {
    const auto w = white_points(p.result);
    if (!w) continue;
    if (p.black == 0) {
      if (t.format == "swiss") lines[p.white].score += 1;
      continue;
    }
    lines[p.white].score += *w;
    lines[p.black].score += 1 - *w;
    lines[p.white].games += 1;
    lines[p.black].games += 1;
    lines[p.white].wins += *w == 1;
    lines[p.black].wins += *w == 0;
  }
  std::vector<Line> sorted;
  for (auto& [user, l] : lines) sorted.push_back(l);
  std::stable_sort(sorted.begin(), sorted.end(), [](const Line& a, const Line& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.number < b.number;
  });
  json out = json::array();
  for (std::size_t i = 0; i < sorted.size(); ++i)
    out.push_back({{"rank", i + 1}, {"username", sorted[i].name}, {"score", sorted[i].score},
                   {"tiebreaks", json::object()}, {"games", sorted[i].games}, {"wins", sorted[i].wins}});
  return out;
}

void add_format_views(const storage::TournamentRow&, const std::vector<storage::TournamentPlayer>&,
                      const std::vector<storage::TournamentPairing>&, json&) {}

std::string trf_text(const storage::TournamentRow&, const std::vector<storage::TournamentPlayer>&,
                     const std::vector<storage::TournamentPairing>&) {
  return {};
}

}  // namespace oyin::server::tournaments
