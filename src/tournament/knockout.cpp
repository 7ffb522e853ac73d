#include "tournament/knockout.h"

#include <algorithm>

namespace oyin::tournament {

std::vector<int> seeding_order(int size) {
  std::vector<int> order{1};
  while (static_cast<int>(order.size()) < size) {  // each seed s meets 2m + 1 - s, m the doubled size
    const int m = static_cast<int>(order.size()) * 2;
    std::vector<int> next;
    for (int s : order) next.insert(next.end(), {s, m + 1 - s});
    order = next;
  }
  return order;
}

namespace {

// Settles a match from its games in order: decided after game 1 or 2 when the scores differ, after
// a decider (game 3 on) when it was won. A game under way leaves it open.
void settle(KnockoutMatch& m) {
  int k = 0;
  for (const auto& g : m.games) {
    if (!g.result) return;
    ++k;
    const double a = g.white == m.a ? *g.result : 1.0 - *g.result;
    m.a_score += a;
    m.b_score += 1.0 - a;
    if (m.winner) continue;  // games after the decision (should not be) still count in the scores
    if (k <= 2 && m.a_score != m.b_score) m.winner = m.a_score > m.b_score ? m.a : m.b;
    if (k >= 3 && a != 0.5) m.winner = a > 0.5 ? m.a : m.b;
  }
}

void fill(KnockoutMatch& m, const std::vector<Pairing>& played) {
  if (m.a == 0 || m.b == 0) {
    m.winner = m.round == 1 ? m.a + m.b : 0;  // a first-round bye: the seed present goes through
    return;
  }
  for (const auto& p : played)
    if (p.round == m.round && ((p.white == m.a && p.black == m.b) || (p.white == m.b && p.black == m.a)))
      m.games.push_back(p);
  settle(m);
}

}  // namespace

Bracket knockout_bracket(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played) {
  Bracket out;
  std::vector<int> by_seed;
  for (const auto& e : entrants) by_seed.push_back(e.number);
  std::sort(by_seed.begin(), by_seed.end());
  const int n = static_cast<int>(by_seed.size());
  if (n == 0) return out;
  out.size = 2;
  while (out.size < n) out.size *= 2;
  std::vector<Pairing> sorted = played;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Pairing& a, const Pairing& b) { return a.round < b.round; });
  const auto order = seeding_order(out.size);
  std::vector<int> seed_of(by_seed.empty() ? 0 : by_seed.back() + 1, 0);
  for (int s = 0; s < n; ++s) seed_of[by_seed[s]] = s + 1;
  std::vector<KnockoutMatch> round;
  for (int i = 0; i < out.size / 2; ++i) {
    KnockoutMatch m;
    m.round = 1;
    m.index = i;
    m.a = order[2 * i] <= n ? by_seed[order[2 * i] - 1] : 0;
    m.b = order[2 * i + 1] <= n ? by_seed[order[2 * i + 1] - 1] : 0;
    round.push_back(m);
  }
  for (int r = 1; !round.empty(); ++r) {
    for (auto& m : round) fill(m, sorted);
    out.rounds.push_back(round);
    if (round.size() == 1) break;
    std::vector<KnockoutMatch> next;
    for (std::size_t i = 0; i + 1 < round.size(); i += 2) {
      KnockoutMatch m;
      m.round = r + 1;
      m.index = static_cast<int>(i / 2);
      m.a = round[i].winner;
      m.b = round[i + 1].winner;
      if (m.a && m.b && seed_of[m.b] < seed_of[m.a]) std::swap(m.a, m.b);  // a: the higher seed
      next.push_back(m);
    }
    round = next;
  }
  out.winner = out.rounds.back().front().winner;
  return out;
}

std::vector<KnockoutGame> knockout_next_games(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played) {
  std::vector<KnockoutGame> out;
  for (const auto& round : knockout_bracket(entrants, played).rounds)
    for (const auto& m : round) {
      if (m.a == 0 || m.b == 0 || m.winner) continue;
      if (std::any_of(m.games.begin(), m.games.end(), [](const Pairing& g) { return !g.result; })) continue;
      const int k = static_cast<int>(m.games.size()) + 1;
      const bool a_white = k % 2 == 1;  // game 1 the higher seed, game 2 swapped, then alternating
      out.push_back({m.round, m.index, k, k >= 3, a_white ? m.a : m.b, a_white ? m.b : m.a});
    }
  return out;
}

std::vector<int> knockout_advanced(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played, int round) {
  std::vector<int> out;
  const Bracket b = knockout_bracket(entrants, played);
  if (round < 1 || round > static_cast<int>(b.rounds.size())) return out;
  for (const auto& m : b.rounds[round - 1])
    if (m.winner) out.push_back(m.winner);
  return out;
}

int knockout_winner(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played) {
  return knockout_bracket(entrants, played).winner;
}

}  // namespace oyin::tournament
