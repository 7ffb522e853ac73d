#pragma once
// An obviously-correct capture Go referee for the consistency test: a plain grid, flood fill
// for every chain, captures and suicide computed by placing the stone on a copy, and the
// superko check against every earlier position of the game (the full history, where the
// engine scans only the part that can matter).
#include <set>
#include <string>
#include <vector>

#include "games/capgo/game.h"

namespace oyin::testing {

struct SlowCaptureGo {
  using Grid = std::vector<int>;  // y * n + x: 0 empty, 1 black, 2 white

  static Grid grid_of(const capgo::Position& p) {
    const int n = p.size;
    Grid g(static_cast<std::size_t>(n * n));
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) g[static_cast<std::size_t>(y * n + x)] = p.color[p.index(x, y)];
    return g;
  }

  // Stones of the chain at i, and whether it touches an empty point.
  static bool chain_breathes(const Grid& g, int n, int i, std::vector<int>& stones) {
    std::vector<char> seen(g.size(), 0);
    std::vector<int> stack{i};
    seen[static_cast<std::size_t>(i)] = 1;
    bool libs = false;
    while (!stack.empty()) {
      const int s = stack.back();
      stack.pop_back();
      stones.push_back(s);
      const int x = s % n, y = s / n;
      const int nb[4][2] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
      for (const auto& q : nb) {
        if (q[0] < 0 || q[0] >= n || q[1] < 0 || q[1] >= n) continue;
        const int t = q[1] * n + q[0];
        if (g[static_cast<std::size_t>(t)] == 0) libs = true;
        else if (g[static_cast<std::size_t>(t)] == g[static_cast<std::size_t>(i)] && !seen[static_cast<std::size_t>(t)]) {
          seen[static_cast<std::size_t>(t)] = 1;
          stack.push_back(t);
        }
      }
    }
    return libs;
  }

  static std::uint64_t key_of(const capgo::Position& p, const Grid& g) {
    std::uint64_t k = 0;
    for (int y = 0; y < p.size; ++y)
      for (int x = 0; x < p.size; ++x)
        if (const int c = g[static_cast<std::size_t>(y * p.size + x)]) k ^= capgo::stone_key(c - 1, p.index(x, y));
    return k;
  }

  // -1 when illegal, else the number of stones captured.
  static int try_move(const capgo::Position& p, int x, int y) {
    const int n = p.size;
    Grid g = grid_of(p);
    const int i = y * n + x;
    if (g[static_cast<std::size_t>(i)] != 0) return -1;
    const int me = p.to_move + 1, opp = 3 - me;
    g[static_cast<std::size_t>(i)] = me;
    int captured = 0;
    for (int s = 0; s < n * n; ++s) {
      if (g[static_cast<std::size_t>(s)] != opp) continue;
      std::vector<int> stones;
      if (!chain_breathes(g, n, s, stones)) {
        for (int t : stones) g[static_cast<std::size_t>(t)] = 0;
        captured += static_cast<int>(stones.size());
      }
    }
    std::vector<int> mine;
    if (!chain_breathes(g, n, i, mine)) return -1;
    const std::uint64_t k = key_of(p, g);
    for (std::uint64_t h : p.history)
      if (h == k) return -1;
    return captured;
  }

  std::set<std::string> legal_moves(const capgo::Position& p) const {
    std::set<std::string> out;
    for (int y = 0; y < p.size; ++y)
      for (int x = 0; x < p.size; ++x)
        if (try_move(p, x, y) >= 0) out.insert(capgo::point_text(x, y));
    if (p.pass_allowed) out.insert("pass");
    return out;
  }

  GameStatus status(const capgo::Position& p) const {
    if (p.resigned >= 0) return GameStatus::win(other(static_cast<Side>(p.resigned)), "resigned");
    for (int s = 0; s < 2; ++s)
      if (p.target[s] > 0 && p.captures[s] >= p.target[s]) return GameStatus::win(static_cast<Side>(s), "target");
    if (p.passes >= 2) {
      if (p.captures[0] == p.captures[1]) return GameStatus::draw("passes");
      return GameStatus::win(p.captures[0] > p.captures[1] ? Side::First : Side::Second, "passes");
    }
    if (!p.pass_allowed && legal_moves(p).empty()) return GameStatus::win(other(p.side_to_move()), "no move");
    return GameStatus::ongoing();
  }
};

}  // namespace oyin::testing
