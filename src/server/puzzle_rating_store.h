#pragma once
// Where a learner's puzzle rating (ratings/puzzle_rating.h) lives between attempts: the one seam
// between the puzzle trainer and whoever keeps the rating. A guest's is kept by the browser: it
// comes with each attempt ({"rating": {"rating", "rd", "volatility"}}) and the new one goes back
// in the reply, so GuestPuzzleRatings keeps nothing. A signed-in learner's is kept per account
// and game by AccountPuzzleRatings (server/learn_progress.h), behind the same two calls.
#include <nlohmann/json.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "core/result.h"
#include "server/ratings/glicko2.h"

namespace oyin::server {

using nlohmann::json;

// Who attempts a puzzle: the attempt's JSON body, and the signed-in account (0: a guest).
struct PuzzleLearner {
  const json& request;
  std::int64_t user = 0;
};

struct PuzzleRatingChange {
  ratings::Rating before, after;
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
};

class GuestPuzzleRatings final : public PuzzleRatingStore {
 public:
  Status check(const PuzzleLearner& learner) override;
  // Rated when the browser sent its rating (it does not for a puzzle it finished before).
  Result<std::optional<PuzzleRatingChange>> finish(const PuzzleLearner& learner, const std::string& game,
                                                   const std::string& puzzle_id, int puzzle_rating,
                                                   bool solved) override;
};

// The rating a client sent in `request` ("rating"), nullopt when none; an error when it is not one.
Result<std::optional<ratings::Rating>> sent_rating(const json& request);

// {"rating", "rd", "volatility"}, the shape a rating has on the wire.
json rating_json(const ratings::Rating& r);

}  // namespace oyin::server
