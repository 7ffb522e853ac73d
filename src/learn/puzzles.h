#pragma once
// Puzzle files: one JSON object per line (data/puzzles/<game>.jsonl), made by generate_puzzles
// from a game's puzzle declaration (registry/puzzle_support.h) and re-proved line by line
// by verify_puzzles. Knows no game: everything game-specific comes from the registry.
#include <cstdint>
#include <functional>
#include <map>
#include <utility>
#include <string>
#include <vector>

#include "core/result.h"
#include "registry/registry.h"

namespace oyin::learn {

struct Puzzle {
  std::string id, game, rules, position, goal, source;
  int moves = 0;  // goal depth in moves of the solving side
  std::vector<std::string> solution;
  std::vector<std::string> themes;
  int rating = 0;
  int root_moves = 0;               // what the rating was computed from
  std::uint64_t nodes_to_find = 0;
  std::uint64_t proof_nodes = 0;
};

std::string to_json_line(const Puzzle& p);
// One line of a puzzle file; the error says which field is missing or wrong.
Result<Puzzle> parse_puzzle_line(const std::string& line);

// The difficulty: 400 + 300 (moves - 1) + 100 log10(1 + nodes to find) + 60 log2(1 + other
// legal moves at the start), rounded, within 400..3000. "Nodes to find" is the exact search's
// effort to prove the key move from a fresh table, trying moves in generation order.
int puzzle_rating(int moves, int root_moves, std::uint64_t nodes_to_find);

struct GenerateOptions {
  int count = 10;
  std::uint64_t seed = 1;
  std::vector<std::string> record_files;  // extra candidates: the last plies of recorded games
  std::string source;                     // one of the goal's named sources ("": its default)
  std::string goal;                       // one of the game's goals ("": its own, the game's end)
  std::function<void(const std::string&)> progress;  // may be empty
};
struct GenerateStats {
  std::uint64_t candidates = 0;
  std::vector<int> by_depth;  // puzzles of each goal depth (index = moves)
  double seconds = 0;
};
Result<std::vector<Puzzle>> generate_puzzles(const GameEntry& game, const GenerateOptions& opt, GenerateStats* stats);

struct VerifyReport {
  int puzzles = 0;
  std::uint64_t nodes = 0;
};
// Re-proves every line of `text` (a puzzle file named `file` in messages) and checks the set's
// rules (learn/puzzle_rules.h: a decision at the key, no repeat up to symmetry, no puzzle inside
// an earlier one's solution); the error names the first bad puzzle: "line 3 (tojmot-0003):
// move 1 (g5f6) is not the only move ...".
Result<VerifyReport> verify_puzzles(const std::string& file, const std::string& text,
                                    const std::function<void(const std::string&)>& progress);

// Joins puzzle files (their texts, in order) into one: a puzzle is kept when it passes the set's
// rules against the ones kept before it (the first of a repeat wins); its line is unchanged.
struct MergeReport {
  std::string text;
  int kept = 0;
  std::map<std::string, int> dropped;  // reason -> count
};
Result<MergeReport> merge_puzzles(const std::vector<std::pair<std::string, std::string>>& files);

}  // namespace oyin::learn
