#pragma once
// The puzzle trainer's side of the puzzles: the shipped files read once, a puzzle picked near a
// learner's rating, and a learner's moves judged against the proved solution.
//
// Judging: a solver move is right when it leads to the same position as the solution's move
// (so any notation the rules accept counts); the defender then plays the solution's reply, the
// proved longest defence. Any other move is proved by the game's exact search, bounded
// (kTrainerNodes, and at most kSlowerMoves moves more than are left): one that still reaches
// the goal within the moves left is right too (any mate in a mate in 1, as lichess judges), and
// the defender answers it with the longest defence the search chooses; one that reaches it only
// later is "slower" (not a fail: the learner is asked for the quicker one); anything else, or a
// proof over the node limit, is wrong. Every shipped puzzle is proved unique (`oyin puzzles
// verify`), so a different move that wins as fast exists only where the move ends the game.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <map>
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
  std::map<std::string, int> ratings;  // puzzles' learned ratings by id (others: their file's)
};

struct PuzzleVerdict {
  enum class Kind { Illegal, Wrong, Slower, Continue, Solved };
  Kind kind = Kind::Illegal;
  std::size_t index = 0;           // which solver move (0-based) the verdict is about
  std::string move;                // that move in record notation (when legal)
  std::string reason;              // Illegal: the rules core's reason (English)
  json board;                      // the position after it (null when illegal)
  std::string reply;               // the defender's answer in record notation ("" if none)
  json reply_board;                // the position after the reply
  json legal;                      // Continue: the solver's legal moves (legal_move_data)
  std::string expected;            // Wrong: the solution's move there, record notation ("" off the line)
  int wins_in = 0;                 // Slower: in how many moves the learner's move wins
};

// The trainer's bounds on proving a move that is not the solution's.
inline constexpr std::uint64_t kTrainerNodes = 400'000;
inline constexpr int kSlowerMoves = 2;

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
  // The solution as an offline trainer plays it, one entry per solver move: "accept" (the legal
  // moves there, protocol notation, that reach the solution's position), "move", "board",
  // "reply" and "reply_board" (when the defender answers), "legal" (the next solver move's) or
  // "solved": true. No proof of other moves: offline, only the line is judged.
  Result<json> offline_line(const Puzzle& p) const;

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
