#include "tournament/swiss.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <utility>

#include "tournament/history.h"
#include "tournament/matching.h"

namespace oyin::tournament {
namespace {

// Colour preferences (C.04.3 A.6): the colour difference and the last two colours of the games
// played over the board (byes and forfeits do not count).
enum Strength { kNone = 0, kMild = 1, kStrong = 2, kAbsolute = 3 };

struct Player {
  int number = 0;
  double score = 0;
  std::vector<std::pair<int, int>> colours;  // (round, +1 white / -1 black) of the games played
  int cd = 0;                                // colour difference: whites - blacks
  int pref = 0;                              // +1 white, -1 black, 0 none
  int strength = kNone;
  bool can_bye = true, forfeit_win = false;
};

void set_preference(Player& p) {
  if (p.colours.empty()) return;
  for (const auto& c : p.colours) p.cd += c.second;
  const std::size_t n = p.colours.size();
  const int last = p.colours.back().second;
  if (std::abs(p.cd) > 1) p.pref = p.cd > 0 ? -1 : +1, p.strength = kAbsolute;
  else if (n >= 2 && p.colours[n - 2].second == last) p.pref = -last, p.strength = kAbsolute;
  else if (p.cd != 0) p.pref = -p.cd, p.strength = kStrong;
  else p.pref = -last, p.strength = kMild;
}

// Whether `a` (ranked above `b`) gets white: C.04.3 E1-E5, the initial colour being white.
bool first_gets_white(const Player& a, const Player& b) {
  if (a.pref == 0 && b.pref == 0) return a.number % 2 == 1;  // E5
  if (a.pref == 0) return b.pref < 0;
  if (b.pref == 0 || a.pref != b.pref) return a.pref > 0;  // E1
  const bool a_wants_white = a.pref > 0;
  if (a.strength != b.strength) return (a.strength > b.strength) == a_wants_white;  // E2
  if (a.strength == kAbsolute && std::abs(a.cd) != std::abs(b.cd))
    return (std::abs(a.cd) > std::abs(b.cd)) == a_wants_white;
  for (auto ia = a.colours.rbegin(); ia != a.colours.rend(); ++ia)  // E3: the latest round they differed
    for (const auto& cb : b.colours)
      if (cb.first == ia->first && cb.second != ia->second) return ia->second < 0;
  return a_wants_white;  // E4: the higher ranked player's preference
}

constexpr int kFree = -1, kOut = -2;
constexpr long kBudget = 3000;  // search steps per attempt before a weaker attempt is tried

class Pairer {
 public:
  Pairer(std::vector<Player> players, std::vector<std::vector<char>> met)
      : p_(std::move(players)), met_(std::move(met)), partner_(p_.size(), kFree), floated_(p_.size(), 0) {}

  // The pairs (by index, higher ranked first) and the bye (-1 for none); false when impossible.
  bool run(std::vector<std::pair<int, int>>& pairs, int& bye);

 private:
  bool meet(int a, int b) const { return a != b && !met_[a][b]; }
  // An attempt's colour rule: pairs where both want the same colour ("clashes") are allowed up
  // to `clashes` of them, and only when the weaker of the two preferences is at most `strength`.
  struct Colours {
    int strength;
    int clashes;
  };
  bool clash(int a, int b) const { return p_[a].pref != 0 && p_[a].pref == p_[b].pref; }
  int forced_clashes(const std::vector<int>& b, std::size_t from, int floats_left) const;
  bool matchable();
  bool choose_bye(int& bye);
  bool pair_bracket(const std::vector<int>& b, double score, bool last, std::vector<int>& floaters);
  std::vector<int> candidates(const std::vector<int>& b, std::size_t i, int pairs_needed, double score) const;
  bool search(const std::vector<int>& b, std::size_t i, int pairs_needed, int floats_left, Colours colours,
              double score);

  std::vector<Player> p_;
  std::vector<std::vector<char>> met_;
  std::vector<int> partner_;
  std::vector<char> floated_;
  std::vector<int> cache_;  // the last perfect matching found, to spare the oracle
  long steps_ = 0;
  bool unlimited_ = false;
};

// At least how many clashes the free players of the bracket from place `from` on must make:
// of r players, f of whom may float, at most (r - f) / 2 + f / 2 wanting white avoid a clash.
int Pairer::forced_clashes(const std::vector<int>& b, std::size_t from, int floats_left) const {
  int r = 0, white = 0, black = 0;
  for (std::size_t j = from; j < b.size(); ++j) {
    if (partner_[b[j]] != kFree || floated_[b[j]]) continue;
    ++r;
    white += p_[b[j]].pref > 0;
    black += p_[b[j]].pref < 0;
  }
  return std::max(0, (2 * white - r - floats_left) / 2) + std::max(0, (2 * black - r - floats_left) / 2);
}

// Can every player still free be paired (no repeat meetings)? The last matching found usually
// answers: the players it no longer pairs are paired among themselves if they can be; the
// blossom algorithm decides the rest.
bool Pairer::matchable() {
  std::vector<int> free, broken;
  for (int i = 0; i < static_cast<int>(p_.size()); ++i)
    if (partner_[i] == kFree) free.push_back(i);
  if (cache_.size() == p_.size()) {
    for (int v : free) {
      const int m = cache_[v];
      if (m < 0 || partner_[m] != kFree || cache_[m] != v || !meet(v, m)) broken.push_back(v);
    }
    std::vector<int> repaired = cache_;
    std::vector<char> done(broken.size(), 0);
    bool ok = true;
    for (std::size_t i = 0; i < broken.size() && ok; ++i) {
      if (done[i]) continue;
      ok = false;
      const int u = broken[i];
      for (std::size_t j = i + 1; j < broken.size() && !ok; ++j) {
        const int v = broken[j];
        if (done[j]) continue;
        if (meet(u, v)) {
          done[i] = done[j] = 1, repaired[u] = v, repaired[v] = u, ok = true;
          continue;
        }
        for (std::size_t k = 0; k < free.size() && !ok; ++k) {  // or through a pair a-b: u-a, v-b
          const int a = free[k], m = repaired[a];
          if (m < 0 || std::find(broken.begin(), broken.end(), a) != broken.end() || !meet(u, a) || !meet(v, m)) continue;
          done[i] = done[j] = 1, repaired[u] = a, repaired[a] = u, repaired[v] = m, repaired[m] = v, ok = true;
        }
      }
    }
    if (ok) return cache_ = repaired, true;
  }
  const std::size_t k = free.size();
  std::vector<std::vector<char>> g(k, std::vector<char>(k, 0));
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = 0; j < k; ++j) g[i][j] = meet(free[i], free[j]);
  const std::vector<int> mate = maximum_matching(g);
  if (std::count(mate.begin(), mate.end(), -1) > 0) return false;
  cache_.assign(p_.size(), -1);
  for (std::size_t i = 0; i < k; ++i) cache_[free[i]] = free[mate[i]];
  return true;
}

// The bye goes to the lowest ranked player who has not had one (one who won by forfeit only
// when nobody else can take it, C.04.1 d) and whose absence leaves the rest pairable.
bool Pairer::choose_bye(int& bye) {
  bye = -1;
  if (p_.size() % 2 == 0) return matchable();
  for (int pass = 0; pass < 2; ++pass)
    for (int i = static_cast<int>(p_.size()) - 1; i >= 0; --i) {
      if (!p_[i].can_bye || (pass == 0 && p_[i].forfeit_win)) continue;
      partner_[i] = kOut;
      if (matchable()) return bye = i, true;
      partner_[i] = kFree;
    }
  return false;
}

// The opponents the first free player of the bracket tries, in order. Moved-down players meet the
// residents from the top (unless they are half the bracket or more: then all count as residents,
// A.3). Residents are split into S1 (as many as pairs are still needed) and S2, and the top one
// tries S2 in order (the transpositions), then S1 from the bottom (the exchanges).
std::vector<int> Pairer::candidates(const std::vector<int>& b, std::size_t i, int pairs_needed, double score) const {
  std::vector<int> free;
  for (std::size_t j = i + 1; j < b.size(); ++j)
    if (partner_[b[j]] == kFree && !floated_[b[j]]) free.push_back(b[j]);
  std::vector<int> out;
  const auto moved_down = std::count_if(b.begin(), b.end(), [&](int x) { return p_[x].score > score; });
  if (p_[b[i]].score > score && 2 * moved_down < static_cast<long>(b.size())) {  // else homogeneous (A.3)
    for (int c : free)
      if (p_[c].score == score) out.push_back(c);
    for (int c : free)
      if (p_[c].score != score) out.push_back(c);
    return out;
  }
  const int s1 = std::clamp(pairs_needed - 1, 0, static_cast<int>(free.size()));  // S1 after b[i]
  for (std::size_t j = s1; j < free.size(); ++j) out.push_back(free[j]);
  for (int j = s1 - 1; j >= 0; --j) out.push_back(free[j]);
  return out;
}

bool Pairer::search(const std::vector<int>& b, std::size_t i, int pairs_needed, int floats_left, Colours colours,
                    double score) {
  while (i < b.size() && (partner_[b[i]] != kFree || floated_[b[i]])) ++i;
  if (i == b.size()) return true;
  if (forced_clashes(b, i, floats_left) > colours.clashes) return false;
  const int x = b[i];
  for (int c : candidates(b, i, pairs_needed, score)) {
    const bool clashes = clash(x, c);
    if (!meet(x, c)) continue;
    if (clashes && (colours.clashes == 0 || std::min(p_[x].strength, p_[c].strength) > colours.strength)) continue;
    if (!unlimited_ && ++steps_ > kBudget) return false;
    partner_[x] = c, partner_[c] = x;
    const Colours after{colours.strength, colours.clashes - (clashes ? 1 : 0)};
    if (matchable() && search(b, i + 1, pairs_needed - 1, floats_left, after, score)) return true;
    partner_[x] = partner_[c] = kFree;
    if (!unlimited_ && steps_ > kBudget) return false;
  }
  if (floats_left <= 0) return false;
  floated_[x] = 1;
  if (search(b, i + 1, pairs_needed, floats_left - 1, colours, score)) return true;
  floated_[x] = 0;
  return false;
}

// Pairs one bracket (moved-down players first, then the residents of score `score`): as many
// pairs as possible, then the fewest colour clashes; those left over float to the next bracket.
bool Pairer::pair_bracket(const std::vector<int>& b, double score, bool last, std::vector<int>& floaters) {
  const int n = static_cast<int>(b.size());
  int most = n / 2;
  if (!last) {
    std::vector<std::vector<char>> g(n, std::vector<char>(n, 0));
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) g[i][j] = meet(b[i], b[j]);
    const auto mate = maximum_matching(g);
    most = static_cast<int>(n - std::count(mate.begin(), mate.end(), -1)) / 2;
  }
  // For each number of pairs, from the most: first the fewest clashes the counts allow, between
  // mild preferences only, then strong ones too, then any number of them, then absolute ones too.
  constexpr int kAny = 1 << 20;
  for (int pairs = most; pairs >= (last ? n / 2 : 0); --pairs) {
    const int fewest = forced_clashes(b, 0, n - 2 * pairs);
    const Colours attempts[] = {{kMild, fewest}, {kStrong, fewest}, {kStrong, kAny}, {kAbsolute, kAny}};
    for (const Colours& colours : attempts) {
      steps_ = 0;
      unlimited_ = colours.strength == kAbsolute && (last || pairs == 0);  // cannot fail: all stay pairable
      if (search(b, 0, pairs, n - 2 * pairs, colours, score)) {
        floaters.clear();
        for (int x : b)
          if (floated_[x]) floaters.push_back(x), floated_[x] = 0;
        return true;
      }
    }
  }
  return false;
}

bool Pairer::run(std::vector<std::pair<int, int>>& pairs, int& bye) {
  if (!choose_bye(bye)) return false;
  std::vector<int> floaters;
  for (std::size_t i = 0; i < p_.size();) {
    std::size_t j = i;
    std::vector<int> bracket = floaters;
    for (; j < p_.size() && p_[j].score == p_[i].score; ++j)
      if (partner_[j] == kFree) bracket.push_back(static_cast<int>(j));
    if (!pair_bracket(bracket, p_[i].score, j == p_.size(), floaters)) return false;
    i = j;
  }
  for (int i = 0; i < static_cast<int>(p_.size()); ++i)
    if (partner_[i] > i) pairs.push_back({i, partner_[i]});
  return floaters.empty();
}

}  // namespace

std::vector<Pairing> swiss_round(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played, int round) {
  const auto hist = histories(entrants, played, round);
  std::vector<Player> players;
  for (const auto& e : entrants) {
    if (!e.active) continue;
    const History& h = hist.at(e.number);
    Player p;
    p.number = e.number;
    p.score = h.score;
    p.can_bye = h.byes == 0;
    p.forfeit_win = h.forfeit_win;
    for (const auto& r : h.rounds)
      if (r.played()) p.colours.push_back({r.round, r.colour});
    set_preference(p);
    players.push_back(p);
  }
  std::sort(players.begin(), players.end(), [](const Player& a, const Player& b) {
    return a.score != b.score ? a.score > b.score : a.number < b.number;
  });
  std::map<int, int> index;
  for (std::size_t i = 0; i < players.size(); ++i) index[players[i].number] = static_cast<int>(i);
  std::vector<std::vector<char>> met(players.size(), std::vector<char>(players.size(), 0));
  for (const auto& p : players)
    for (const auto& r : hist.at(p.number).rounds)
      if (r.played() && index.count(r.opponent)) met[index[p.number]][index[r.opponent]] = 1;
  std::vector<std::pair<int, int>> pairs;
  int bye = -1;
  if (players.empty() || !Pairer(players, met).run(pairs, bye)) return {};
  std::vector<Pairing> out;
  for (const auto& [a, b] : pairs) {
    const bool a_white = first_gets_white(players[a], players[b]);
    const int w = players[a_white ? a : b].number, k = players[a_white ? b : a].number;
    out.push_back({round, w, k, std::nullopt, false});
  }
  if (bye >= 0) out.push_back({round, players[bye].number, 0, 1.0, false});
  return out;
}

}  // namespace oyin::tournament
