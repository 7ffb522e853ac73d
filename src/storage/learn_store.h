#pragma once
// What an account has learnt (schema 9): the lessons it finished, its puzzle rating per game
// (Glicko-2 numbers; the arithmetic is the server's) and the puzzles it finished, solved or not;
// and what the puzzles learnt from accounts' attempts, their ratings (schema 20).
// A guest's progress stays in the browser; when the guest signs in it is merged in here.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/db.h"

namespace oyin::storage {

struct PuzzleRatingRow {
  double rating = 0, rd = 0, volatility = 0;
  int attempts = 0;  // rated attempts behind it
  int solved = 0;    // a puzzle's (schema 20): how many of them were solves
};

struct PuzzleDone {
  std::string id;
  bool solved = false;
};

// One game's puzzle progress of an account.
struct PuzzleProgress {
  std::optional<PuzzleRatingRow> rating;
  std::vector<PuzzleDone> done;  // finished puzzles, oldest first
};

struct LearnProgress {
  std::map<std::string, std::string> lessons;       // lesson id -> when finished (first time)
  std::map<std::string, PuzzleProgress> puzzles;  // by game
};

class LearnStore {
 public:
  explicit LearnStore(Db& db) : db_(db) {}

  Result<LearnProgress> progress(std::int64_t user_id);
  // Records a finished lesson; a lesson finished before keeps its first date.
  Status finish_lesson(std::int64_t user_id, const std::string& lesson_id, const std::string& at);
  Result<bool> has_done_puzzle(std::int64_t user_id, const std::string& puzzle_id);
  Result<std::optional<PuzzleRatingRow>> puzzle_rating(std::int64_t user_id, const std::string& game);

  // A puzzle's learned rating (schema 20; nullopt: nobody's attempt rated it yet), and those of
  // a game's puzzles by id.
  Result<std::optional<PuzzleRatingRow>> puzzle_difficulty(const std::string& puzzle_id);
  Result<std::map<std::string, PuzzleRatingRow>> puzzle_difficulties(const std::string& game);

  // A finished attempt at a puzzle, in one transaction: the first one is rated — `rate` gets the
  // account's rating in `game` and the puzzle's learned one (nullopt: none yet) and gives the
  // new ones, which are stored and returned with the ones before — a later one is not
  // (nullopt), and only a solve is noted.
  struct RatedPair {
    PuzzleRatingRow learner, puzzle;
  };
  using Rate = std::function<RatedPair(const std::optional<PuzzleRatingRow>& learner,
                                       const std::optional<PuzzleRatingRow>& puzzle)>;
  struct Rated {
    std::optional<PuzzleRatingRow> before;
    PuzzleRatingRow after;
    std::optional<PuzzleRatingRow> puzzle_before;
    PuzzleRatingRow puzzle_after;
  };
  Result<std::optional<Rated>> finish_puzzle(std::int64_t user_id, const std::string& game, const std::string& puzzle_id,
                                             bool solved, const Rate& rate);

  // A browser's progress added to the account's, in one transaction: every lesson and puzzle
  // the account lacks, and per game the rating `choose` picks from the account's (nullopt: none)
  // and the browser's.
  using Choose = std::function<PuzzleRatingRow(const std::optional<PuzzleRatingRow>& account, const PuzzleRatingRow& browser)>;
  Status merge(std::int64_t user_id, const LearnProgress& browser, const Choose& choose);

 private:
  Db& db_;
};

}  // namespace oyin::storage
