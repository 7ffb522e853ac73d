#pragma once
// The shipped puzzle files (data/puzzles/<game>.jsonl) as the learn tests read them.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "learn/puzzles.h"

namespace oyin::testing {

inline std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::string shipped_puzzle_path(const std::string& game) {
  return std::string(OYIN_SOURCE_DIR) + "/data/puzzles/" + game + ".jsonl";
}

inline std::string shipped_puzzle_text(const std::string& game) { return read_text(shipped_puzzle_path(game)); }

// The non-empty lines of a file's text.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    if (!l.empty()) out.push_back(l);
  return out;
}

// The shipped puzzles of a game with this goal and depth, in file order.
inline std::vector<learn::Puzzle> shipped_puzzles_of(const std::string& game, const std::string& goal, int moves) {
  std::vector<learn::Puzzle> out;
  for (const auto& l : lines_of(shipped_puzzle_text(game))) {
    auto p = learn::parse_puzzle_line(l);
    if (p && p->goal == goal && p->moves == moves) out.push_back(*p);
  }
  return out;
}

}  // namespace oyin::testing
