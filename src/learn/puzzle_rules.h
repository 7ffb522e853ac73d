#pragma once
// What makes a proved puzzle worth shipping, beyond its proof (issue 44): the solver has a real
// decision at the key move, and a set holds no repeats. Generation keeps only puzzles that pass,
// `oyin puzzles merge` joins runs by the same rules, and verify checks them on every file.
#include <map>
#include <string>
#include <vector>

#include "core/result.h"
#include "learn/puzzles.h"
#include "registry/puzzle_support.h"

namespace oyin::learn {

// Why the puzzle gives no decision ("" when it does): its key move is the only legal move, or it
// is the only forcing move (PuzzleSupport::forcing_moves) and no theme of the puzzle is one of
// the game's decision_themes.
std::string no_decision(const PuzzleSupport& s, const Puzzle& p);

// The puzzle's positions up to symmetry: its start, and each position of its solution with the
// solver to move.
struct PuzzleKeys {
  std::string start;
  std::vector<std::string> line;
};
Result<PuzzleKeys> puzzle_keys(const PuzzleSupport& s, const Puzzle& p);

// Puzzles kept so far, by their keys: a new one conflicts when it is the same position as one
// kept (up to symmetry), when it is inside a kept one's solution, or a kept one inside its own.
class PuzzleSet {
 public:
  // "" when the puzzle may join, else why not (naming the other puzzle).
  std::string conflict(const PuzzleKeys& k) const;
  void add(const std::string& id, const PuzzleKeys& k);

 private:
  std::map<std::string, std::string> starts_, lines_;  // key -> id
};

// Checks a whole set (every puzzle of `puzzles`, all of one game): the first puzzle that gives no
// decision or conflicts with an earlier one, as "ID: reason"; Ok when there is none.
Status check_puzzle_set(const std::vector<Puzzle>& puzzles);

}  // namespace oyin::learn
