#pragma once
// Where a learner's puzzle rating (ratings/puzzle_rating.h) lives between attempts, and the
// puzzles' learned ratings: the one seam
// between the puzzle trainer and whoever keeps the rating. A guest's is kept by the browser: it
// comes with each attempt ({"rating": {"rating", "rd", "volatility"}}) and the new one goes back
// in the reply, so GuestPuzzleRatings keeps nothing. A signed-in learner's is kept per account
// and game by AccountPuzzleRatings (server/learn/learn_progress.h), behind the same two calls.
#include <nlohmann/json.hpp>
#include <cstdint>
#include <map>
#include <utility>
#include <optional>
#include <string>

#include "core/result.h"
#include "server/ratings/glicko2.h"
#include "server/learn/result_seal.h"

namespace oyin::server {

using nlohmann::json;

// Who attempts a puzzle: the attempt's JSON body, and the signed-in account (0: a guest).
struct PuzzleLearner {
  const json& request;
  std::int64_t user = 0;
};

struct PuzzleRatingChange {
  ratings::Rating before, after;
  // A guest's rating that came from the server (a new learner's, or one it sealed): the new one
  // is sealed in turn, for the guest's account to take over (server/learn/result_seal.h).
  bool sealable = false;
  // The puzzle's own rating, when the attempt rated it too (an account's first attempt).
  std::optional<std::pair<ratings::Rating, ratings::Rating>> puzzle;
};

class PuzzleRatingStore {
 public:
  virtual ~PuzzleRatingStore() = default;
  // Refuses what the learner sent as a rating before the attempt is judged (bad_rating).
  virtual Status check(const PuzzleLearner& learner) = 0;
  // A finished attempt (solved or failed) at the puzzle `puzzle_id` of `game`, rated
  // `puzzle_rating`: the learner's rating before and after, or nullopt when it is not rated.
  virtual Result<std::optional<PuzzleRatingChange>> finish(const PuzzleLearner& learner, const std::string& game,
                                                           const std::string& puzzle_id, int puzzle_rating,
                                                           bool solved) = 0;
  // What seals a guest's results (null: nothing is sealed).
  virtual const ResultSeal* seal() const { return nullptr; }
  // A puzzle's current rating: learned from accounts' attempts where a database keeps them, else
  // `file_rating` (the rating its file gives); and those learned for a game's puzzles, by id.
  virtual Result<int> puzzle_rating(const std::string&, int file_rating) { return file_rating; }
  virtual Result<std::map<std::string, int>> learned_ratings(const std::string&) { return std::map<std::string, int>{}; }
};

class GuestPuzzleRatings final : public PuzzleRatingStore {
 public:
  void set_seal(const ResultSeal* seal) { seal_ = seal; }
  const ResultSeal* seal() const override { return seal_; }
  Status check(const PuzzleLearner& learner) override;
  // Rated when the browser sent its rating (it does not for a puzzle it finished before).
  Result<std::optional<PuzzleRatingChange>> finish(const PuzzleLearner& learner, const std::string& game,
                                                   const std::string& puzzle_id, int puzzle_rating,
                                                   bool solved) override;

 private:
  const ResultSeal* seal_ = nullptr;
};

// What a sealed rating's seal is over, and what a solved puzzle's is.
std::string rating_seal_message(const std::string& game, const ratings::Rating& r);
std::string solved_seal_message(const std::string& puzzle_id);
// The rating a client sent in `request` ("rating") when it carries a valid seal for `game` (or
// is a new learner's); nullopt otherwise.
std::optional<ratings::Rating> sealed_rating(const json& request, const std::string& game, const ResultSeal& seal);

// The rating a client sent in `request` ("rating"), nullopt when none; an error when it is not one.
Result<std::optional<ratings::Rating>> sent_rating(const json& request);

// {"rating", "rd", "volatility"}, the shape a rating has on the wire.
json rating_json(const ratings::Rating& r);

}  // namespace oyin::server
