#pragma once
// What a puzzle file is made of (`oyin puzzles stats`): puzzles by depth and by source, and how
// many hold each of the game's facts (PuzzleSupport::facts) against the share or count the
// source rules of issue 44 ask of a shipped file.
#include <map>
#include <string>
#include <vector>

#include "core/result.h"

namespace oyin::learn {

struct FactCount {
  std::string name, meaning;
  int count = 0;
  double least_share = 0;
  int least_count = 0;
  bool met = true;  // the rule's share and count hold
};
struct PuzzleStats {
  std::string game;
  int puzzles = 0;
  std::map<int, int> by_depth;
  std::map<std::string, int> by_goal;    // "win", "stones"
  std::map<std::string, int> by_source;  // the source up to its first ':' or '#' ("records", "selfplay-9x9")
  std::vector<FactCount> facts;
  bool rules_met() const;
};

// The stats of one file's text (all of one game, named by its lines); the error names the first
// line that does not parse.
Result<PuzzleStats> puzzle_stats(const std::string& text);

// "41 of 1167 (3.5 %)".
std::string share_text(int count, int of);

}  // namespace oyin::learn
