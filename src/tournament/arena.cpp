#include "tournament/arena.h"

#include <algorithm>
#include <map>

namespace oyin::tournament {

std::vector<ArenaScore> arena_scores(const std::vector<Entrant>& entrants, const std::vector<ArenaGame>& games) {
  std::map<int, int> rating;
  for (const auto& e : entrants) rating[e.number] = e.rating;
  std::vector<ArenaScore> out;
  for (const auto& e : entrants) {
    ArenaScore s;
    s.number = e.number;
    double opponents = 0;
    int losses = 0;
    for (const auto& g : games) {
      if (!g.result || (g.white != e.number && g.black != e.number)) continue;
      const bool white = g.white == e.number;
      ArenaSheetEntry entry;
      entry.opponent = white ? g.black : g.white;
      entry.result = white ? *g.result : 1.0 - *g.result;
      entry.berserk = white ? g.white_berserk : g.black_berserk;
      entry.doubled = s.on_fire;
      const int base = entry.result == 1.0 ? 2 : entry.result == 0.5 ? 1 : 0;
      entry.points = base * (entry.doubled ? 2 : 1) + (entry.berserk && entry.result == 1.0 && g.long_enough ? 1 : 0);
      s.score += entry.points;
      ++s.games;
      if (entry.result == 1.0) ++s.wins;
      if (entry.result == 0.0) ++losses;
      opponents += rating.count(entry.opponent) ? rating[entry.opponent] : 0;
      s.sheet.push_back(entry);
      const std::size_t n = s.sheet.size();
      s.on_fire = n >= 2 && s.sheet[n - 1].result == 1.0 && s.sheet[n - 2].result == 1.0;
    }
    if (s.games > 0) s.performance = opponents / s.games + 500.0 * (s.wins - losses) / s.games;
    out.push_back(s);
  }
  return out;
}

std::vector<Standing> arena_standings(const std::vector<Entrant>& entrants, const std::vector<ArenaGame>& games) {
  std::vector<Standing> rows;
  for (const auto& s : arena_scores(entrants, games))
    rows.push_back({s.number, 0, static_cast<double>(s.score), {{"performance", s.performance}, {"wins", s.wins}},
                    s.games, s.wins});
  std::stable_sort(rows.begin(), rows.end(), [](const Standing& a, const Standing& b) {
    const auto key = [](const Standing& s) {
      return std::make_tuple(s.score, s.tiebreaks.at("performance"), s.tiebreaks.at("wins"));
    };
    return key(a) > key(b);
  });
  assign_ranks(rows);
  return rows;
}

namespace {

constexpr int kWindow = 5;       // a player is paired with one at most this many places below
constexpr int kRematch = 10000;  // the cost of pairing two who have just played each other

// The cheapest way to pair the ranked list from place i on, where bit k of `used` marks place
// i + k taken; `skips` players may still be left out. Cost: the sum of the rank distances.
class Planner {
 public:
  explicit Planner(const std::vector<ArenaWaiting>& w) : w_(w), n_(static_cast<int>(w.size())) {}

  std::vector<std::pair<int, int>> plan() {
    std::vector<std::pair<int, int>> out;
    int used = 0, skips = n_ % 2;
    for (int i = 0; i < n_; ++i, used >>= 1) {
      if (used & 1) continue;
      const int j = choice(i, used, skips);
      if (j < 0) --skips;
      else out.push_back({i, j}), used |= 1 << (j - i);
    }
    return out;
  }

 private:
  int pair_cost(int i, int j) const {
    const bool rematch = w_[i].last_opponent == w_[j].number || w_[j].last_opponent == w_[i].number;
    return (j - i) + (rematch ? kRematch : 0);
  }

  long cost(int i, int used, int skips) { return best(i, used, skips).first; }
  int choice(int i, int used, int skips) { return best(i, used, skips).second; }

  // (cost, partner of i or -1 for leaving i out) for the state; pairing first, leaving out last,
  // so that on equal cost the lower ranked player is the one left out.
  std::pair<long, int> best(int i, int used, int skips) {
    if (i >= n_) return {skips == 0 ? 0 : kImpossible, -1};
    if (used & 1) return {cost(i + 1, used >> 1, skips), -1};
    const auto key = std::make_tuple(i, used, skips);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::pair<long, int> result{kImpossible, -1};
    for (int j = i + 1; j < n_ && j <= i + kWindow; ++j) {
      if (used & (1 << (j - i))) continue;
      const long c = pair_cost(i, j) + cost(i + 1, (used | (1 << (j - i))) >> 1, skips);
      if (c < result.first) result = {c, j};
    }
    if (skips > 0) {
      const long c = cost(i + 1, used >> 1, skips - 1);
      if (c < result.first) result = {c, -1};
    }
    return memo_[key] = result;
  }

  static constexpr long kImpossible = 1L << 40;
  const std::vector<ArenaWaiting>& w_;
  int n_;
  std::map<std::tuple<int, int, int>, std::pair<long, int>> memo_;
};

}  // namespace

std::vector<ArenaPair> arena_pairings(const std::vector<ArenaWaiting>& waiting) {
  std::vector<ArenaWaiting> w = waiting;
  std::stable_sort(w.begin(), w.end(), [](const ArenaWaiting& a, const ArenaWaiting& b) {
    return std::make_tuple(-a.score, -a.rating, a.number) < std::make_tuple(-b.score, -b.rating, b.number);
  });
  std::vector<ArenaPair> out;
  for (const auto& [i, j] : Planner(w).plan()) {
    const ArenaWaiting &a = w[i], &b = w[j];
    bool a_white = true;  // the higher ranked, when balance and last colour do not decide
    if (a.colour_balance != b.colour_balance) a_white = a.colour_balance < b.colour_balance;
    else if (a.last_colour != b.last_colour) a_white = a.last_colour < b.last_colour;
    out.push_back(a_white ? ArenaPair{a.number, b.number} : ArenaPair{b.number, a.number});
  }
  return out;
}

std::vector<ArenaPair> arena_pairings(const std::vector<Entrant>& entrants, const std::vector<ArenaGame>& games,
                                      const std::vector<int>& waiting) {
  const auto scores = arena_scores(entrants, games);
  std::vector<ArenaWaiting> w;
  for (int number : waiting)
    for (std::size_t k = 0; k < entrants.size(); ++k) {
      if (entrants[k].number != number) continue;
      ArenaWaiting x{number, scores[k].score, entrants[k].rating, 0, 0, 0};
      for (const auto& g : games) {
        if (g.white != number && g.black != number) continue;
        x.last_colour = g.white == number ? +1 : -1;
        x.colour_balance += x.last_colour;
        x.last_opponent = g.white == number ? g.black : g.white;
      }
      w.push_back(x);
    }
  return arena_pairings(w);
}

}  // namespace oyin::tournament
