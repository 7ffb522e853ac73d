#include "learn/puzzle_rules.h"

#include <algorithm>

#include "registry/registry.h"

namespace oyin::learn {

std::string no_decision(const PuzzleSupport& s, const Puzzle& p) {
  const GameEntry* g = find_game(p.game);
  if (!g) return "unknown game " + p.game;
  auto st = g->new_game(p.rules, p.position);
  if (!st) return "position: " + st.error();
  if (p.solution.empty()) return "no solution";
  const auto legal = (*st)->legal_moves();
  if (legal.size() == 1) return "the key move " + p.solution[0] + " is the only legal move";
  if (!s.forcing_moves) return "";
  const auto forcing = s.forcing_moves(p.rules, p.position);
  if (forcing.size() != 1 || forcing[0] != p.solution[0]) return "";
  for (const auto& t : p.themes)
    if (std::find(s.decision_themes.begin(), s.decision_themes.end(), t) != s.decision_themes.end()) return "";
  return "the key move " + p.solution[0] + " is the only forcing move";
}

Result<PuzzleKeys> puzzle_keys(const PuzzleSupport& s, const Puzzle& p) {
  const GameEntry* g = find_game(p.game);
  if (!g) return make_error("unknown game " + p.game);
  if (!s.symmetric_key) return make_error(p.game + " declares no symmetric key");
  auto st = g->new_game(p.rules, p.position);
  if (!st) return make_error("position: " + st.error());
  GameState& game = **st;
  PuzzleKeys k;
  k.start = s.symmetric_key(p.rules, p.position);
  for (std::size_t i = 0; i < p.solution.size(); ++i) {
    if (auto r = game.play(p.solution[i]); !r) return make_error("the solution's " + p.solution[i] + ": " + r.error());
    if (i % 2 == 1 && !game.status().over()) k.line.push_back(s.symmetric_key(p.rules, game.position_text()));
  }
  return k;
}

std::string PuzzleSet::conflict(const PuzzleKeys& k) const {
  if (auto it = starts_.find(k.start); it != starts_.end()) return "the same position as " + it->second + " (up to symmetry)";
  if (auto it = lines_.find(k.start); it != lines_.end()) return "its position is inside the solution of " + it->second;
  for (const auto& l : k.line)
    if (auto it = starts_.find(l); it != starts_.end()) return "the position of " + it->second + " is inside its solution";
  return "";
}

void PuzzleSet::add(const std::string& id, const PuzzleKeys& k) {
  starts_.emplace(k.start, id);
  for (const auto& l : k.line) lines_.emplace(l, id);
}

Status check_puzzle_set(const std::vector<Puzzle>& puzzles) {
  register_builtin_games();
  PuzzleSet set;
  for (const Puzzle& p : puzzles) {
    const PuzzleSupport* s = find_puzzles(p.game, p.goal);
    if (!s) return make_error(p.id + ": " + p.game + " has no puzzles of goal '" + p.goal + "'");
    if (auto why = no_decision(*s, p); !why.empty()) return make_error(p.id + ": " + why);
    auto keys = puzzle_keys(*s, p);
    if (!keys) return make_error(p.id + ": " + keys.error());
    if (auto why = set.conflict(*keys); !why.empty()) return make_error(p.id + ": " + why);
    set.add(p.id, *keys);
  }
  return Ok{};
}

}  // namespace oyin::learn
