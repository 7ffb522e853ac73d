#include "tournament/history.h"

#include <algorithm>

namespace oyin::tournament {

const RoundEntry* History::in_round(int round) const {
  for (const auto& e : rounds)
    if (e.round == round) return &e;
  return nullptr;
}

std::map<int, History> histories(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played,
                                 int before_round, double bye_points) {
  std::map<int, History> out;
  for (const auto& e : entrants) out[e.number].number = e.number;
  std::vector<Pairing> sorted;
  for (const auto& p : played)
    if (p.round < before_round) sorted.push_back(p);
  std::stable_sort(sorted.begin(), sorted.end(), [](const Pairing& a, const Pairing& b) { return a.round < b.round; });
  const auto add = [&](int who, RoundEntry e) {
    auto it = out.find(who);
    if (it == out.end()) return;  // a pairing naming no entrant is ignored
    History& h = it->second;
    if (e.points) h.score += *e.points;
    if (e.bye()) ++h.byes;
    if (e.forfeit && e.points && *e.points > 0.5) h.forfeit_win = true;
    h.rounds.push_back(e);
  };
  for (const auto& p : sorted) {
    if (p.is_bye()) {
      add(p.white, {p.round, 0, 0, bye_points, false});
      continue;
    }
    std::optional<double> w = p.result, b;
    if (w) b = 1.0 - *w;
    add(p.white, {p.round, p.black, +1, w, p.forfeit});
    add(p.black, {p.round, p.white, -1, b, p.forfeit});
  }
  return out;
}

int last_round(const std::vector<Pairing>& played) {
  int r = 0;
  for (const auto& p : played) r = std::max(r, p.round);
  return r;
}

}  // namespace oyin::tournament
