#include "learn/puzzle_stats.h"

#include <cstdio>
#include <sstream>

#include "learn/puzzles.h"
#include "registry/puzzle_support.h"

namespace oyin::learn {

bool PuzzleStats::rules_met() const {
  for (const auto& f : facts)
    if (!f.met) return false;
  return true;
}

std::string share_text(int count, int of) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%d of %d (%.1f %%)", count, of, of > 0 ? 100.0 * count / of : 0.0);
  return buf;
}

Result<PuzzleStats> puzzle_stats(const std::string& text) {
  PuzzleStats st;
  const PuzzleSupport* s = nullptr;
  std::istringstream in(text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.empty()) continue;
    auto p = parse_puzzle_line(line);
    if (!p) return make_error("line " + std::to_string(number) + ": " + p.error());
    if (!s) {
      st.game = p->game;
      s = find_puzzles(p->game);
      if (!s) return make_error("line " + std::to_string(number) + ": " + p->game + " has no puzzles");
      for (const auto& f : s->facts) st.facts.push_back({f.name, f.meaning, 0, f.least_share, f.least_count, true});
    } else if (p->game != st.game) {
      return make_error("line " + std::to_string(number) + ": a " + p->game + " puzzle in a " + st.game + " file");
    }
    ++st.puzzles;
    ++st.by_depth[p->moves];
    ++st.by_goal[p->goal];
    ++st.by_source[p->source.substr(0, p->source.find_first_of(":#"))];
    for (std::size_t i = 0; i < s->facts.size(); ++i)
      if (s->facts[i].holds(p->rules, p->position, p->source)) ++st.facts[i].count;
  }
  if (!s) return make_error("no puzzles");
  for (auto& f : st.facts)
    f.met = f.count >= f.least_count && static_cast<double>(f.count) >= f.least_share * st.puzzles;
  return st;
}

}  // namespace oyin::learn
