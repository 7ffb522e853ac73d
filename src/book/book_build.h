#pragma once
// Building a book: from a source of played moves (the game base's explorer index, or a tally of
// self-play games), position by position from the start to N plies. A move is booked when the
// source played it at least `min_games` times; its weight is 2 x wins + draws + 1 for the side
// that played it (results and popularity); then the game's engine searches the position after
// it, and the move is dropped when that search scores it below `drop_below` for the mover (it
// loses clearly) or, with keep_within, more than that below the best move of the position. The
// kept moves' positions are explored further (and, with expand_within / expand_all_plies, those
// after the other side's plausible moves, so the book answers them); transpositions once.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "book/book_file.h"
#include "games/game_adapter.h"
#include "search/engine.h"

namespace oyin::book {

// One move the source played from a position, with the results of the games that went on with
// it (by the first and the second side).
struct SourceMove {
  std::string move;  // any notation the rules accept (the base keeps record notation)
  std::int64_t games = 0, first_wins = 0, draws = 0, second_wins = 0;
};
using MoveSource = std::function<Result<std::vector<SourceMove>>(const GameState&)>;

struct BuildProgress {
  int ply = 0;
  std::size_t positions = 0, checked = 0, kept = 0, dropped = 0;
};

struct BuildOptions {
  int plies = 8;          // book moves from positions at most plies - 1 moves deep
  int min_games = 1;
  SearchLimits check;     // the checking search of each candidate (depth or nodes set, one thread)
  int drop_below = 0;     // score units of the game, for the mover
  int margin = 0;         // written into the book for the pick
  int keep_within = -1;   // >= 0: also drop a move scoring more than this below the position's best
  int expand_within = -1; // >= 0: explore the positions after moves this close to the best, kept or not
  int expand_all_plies = 0;  // explore after every scored move in the first plies (any reply answered)
  std::string note;
  std::function<void(const BuildProgress&)> progress;  // after each position
};

struct DroppedMove {
  std::string position, move;
  int score = 0;
};

struct BuildReport {
  BuildProgress totals;
  std::vector<DroppedMove> dropped;
};

// `start` is the book's root (its rules and start position are the book's).
Result<Book> build_book(const GameState& start, Engine& engine, const MoveSource& source, const BuildOptions& opt,
                        BuildReport* report);

// The checking search's score of `move` for the side playing it (a finished game: +-kBookWin or
// 0). The engine's table is cleared first, so the same question gets the same answer.
constexpr int kBookWin = 30000;
int score_move(const GameState& state, const std::string& move, Engine& engine, const SearchLimits& limits);

// Self-play: the engine plays itself from `start`; the moves of the first `plies` plies of every
// game are tallied with the game's result, as a MoveSource.
struct SelfplayOptions {
  int games = 100;
  int plies = 8;
  int max_plies = 600;    // a game still going then counts as a draw
  SearchLimits limits;    // per move: nodes and a level with variety (alpha-beta noise, MCTS temperature)
  int random_plies = 0;   // the first moves of each game at random (more openings)
  std::uint64_t seed = 1;
  std::function<void(int games_done, int first_wins, int draws, int second_wins)> progress;
};

class SelfplayTally {
 public:
  Status play(const GameState& start, Engine& engine, const SelfplayOptions& opt);
  MoveSource source() const;
  std::size_t positions() const { return table_.size(); }

 private:
  std::map<std::uint64_t, std::map<std::string, SourceMove>> table_;
};

}  // namespace oyin::book
