#pragma once
// The puzzle trainer's side of the puzzles: the shipped files read once, a puzzle picked near a
// learner's rating, and a learner's moves judged against the proved solution.
//
// Judging: a solver move is right when it leads to the same position as the solution's move
// (so any notation the rules accept counts) and wrong otherwise. No search runs here: every
// shipped puzzle is proved unique (`oyin puzzles verify`, run by tests/puzzles on every shipped
// line), i.e. at each solver move of the line the solution's move is the ONLY one that reaches
// the goal within the moves left, so a different move that also wins in the same number of moves
// does not exist. (A slower win is not the puzzle's answer and counts as wrong.) The defender's
// replies are the solution's, the proved longest defence.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "learn/puzzles.h"

namespace oyin::learn {

using nlohmann::json;

struct PickOptions {
  std::string game;                 // registry name
  int rating = 1500;                // the learner's
  std::vector<std::string> themes;  // any of these (empty: all)
  std::set<std::string> seen;       // ids the learner has already had
};

struct PuzzleVerdict {
  enum class Kind { Illegal, Wrong, Continue, Solved };
  Kind kind = Kind::Illegal;
  std::size_t index = 0;           // which solver move (0-based) the verdict is about
  std::string move;                // that move in record notation (when legal)
  std::string reason;              // Illegal: the rules core's reason (English)
  json board;                      // the position after it (null when illegal)
  std::string reply;               // the defender's answer in record notation ("" if none)
  json reply_board;                // the position after the reply
  json legal;                      // Continue: the solver's legal moves (legal_move_data)
  std::string expected;            // Wrong: the solution's move there, record notation
};

std::string_view verdict_name(PuzzleVerdict::Kind k);

class PuzzleBook {
 public:
  // Reads one puzzle file (JSON lines); the error names the file and line.
  Status add_file(std::string_view name, std::string_view text);
  const std::vector<Puzzle>& puzzles() const { return puzzles_; }
  const Puzzle* find(std::string_view id) const;
  // The puzzle of `game` with any of the themes, not seen, whose rating is nearest the
  // learner's (ties: the one first in the file). When every match was seen, the nearest
  // of them all. Null when no puzzle of the game has any of the themes.
  const Puzzle* pick(const PickOptions& opt) const;
  // The start of a puzzle as the learner sees it (no solution): board, legal moves, rules values.
  Result<json> view(const Puzzle& p) const;
  // The solution as the learner is shown it after a fail: [{"move" (record notation), "board"}].
  Result<json> answer(const Puzzle& p) const;
  // Judges the learner's solver moves so far (protocol notation, the defender's replies not
  // included). Every move but the last must already be the solution's; the verdict is about the
  // first one that is not, or else about the last. More moves than the solution has is an error.
  Result<PuzzleVerdict> judge(const Puzzle& p, const std::vector<std::string>& moves) const;

 private:
  std::vector<Puzzle> puzzles_;
};

// The puzzle files compiled into the binary from data/puzzles/ (read once, on first use). A
// broken shipped file leaves the book empty and the reason in shipped_puzzles_error().
const PuzzleBook& shipped_puzzles();
const std::string& shipped_puzzles_error();

struct ShippedPuzzleFile {
  const char* name;
  const char* text;
};
const std::vector<ShippedPuzzleFile>& shipped_puzzle_files();

}  // namespace oyin::learn
