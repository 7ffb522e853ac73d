#pragma once
// Where a learner's puzzle rating (ratings/puzzle_rating.h) lives between attempts: the one seam
// between the puzzle trainer and whoever keeps the rating. A guest's is kept by the browser: it
// comes with each attempt ({"rating": {"rating", "rd", "volatility"}}) and the new one goes back
// in the reply, so GuestPuzzleRatings keeps nothing. An account's store will keep it per account
// and game behind the same two calls.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/result.h"
#include "server/ratings/glicko2.h"

namespace oyin::server {

using nlohmann::json;

class PuzzleRatingStore {
 public:
  virtual ~PuzzleRatingStore() = default;
  // The rating of the learner who sent `request` (the attempt's JSON body) in `game`;
  // nullopt when the attempt is not rated. An error when what was sent is not a rating.
  virtual Result<std::optional<ratings::Rating>> load(const json& request, const std::string& game) = 0;
  virtual void save(const json& request, const std::string& game, const ratings::Rating& rating) = 0;
};

class GuestPuzzleRatings final : public PuzzleRatingStore {
 public:
  Result<std::optional<ratings::Rating>> load(const json& request, const std::string& game) override;
  void save(const json&, const std::string&, const ratings::Rating&) override {}
};

// {"rating", "rd", "volatility"}, the shape a rating has on the wire.
json rating_json(const ratings::Rating& r);

}  // namespace oyin::server
