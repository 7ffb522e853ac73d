#pragma once
// A game's review as the API answers it (GET /api/games/{id}/analysis, GET /api/account/mistakes):
// the review of review/move_review.h made from a job's analysed positions, with what a front end
// needs beside it and cannot work out without the rules: each move and better move in the
// notation of the move list, the better move as board data (the pit, cells or point to show),
// who moves in each position, and the positions the search proved won or lost.
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/result.h"
#include "registry/registry.h"
#include "review/move_review.h"
#include "storage/analysis_job_store.h"
#include "storage/game_store.h"
#include "storage/knowledge_store.h"

namespace oyin::server {

class ReviewedGame {
 public:
  // Replays `row` by its rules and reviews it from `positions` (by ply, gaps allowed); the moves
  // of its opening that the game base `base` played often enough are book moves
  // (review/book_moves.h; none without a base).
  static Result<ReviewedGame> make(const storage::StoredGame& row, std::vector<storage::AnalysedPosition> positions,
                                   storage::KnowledgeStore* base);

  const GameEntry& entry() const { return *entry_; }
  const review::GameReview& review() const { return review_; }
  // {"moves": [...], "positions": [...], "accuracy": {<side>: 0..100 | null}} as the API's GET
  // /api/games/{id}/analysis documents them.
  nlohmann::json to_json() const;
  // Calls `f` with the position before each reviewed move and that move, in order (one replay).
  void each_move(const std::function<void(const GameState& before, const review::ReviewedMove& m,
                                          const nlohmann::json& move_json)>& f) const;

 private:
  void walk(const std::function<void(const GameState& before, std::size_t k)>& f) const;

  const GameEntry* entry_ = nullptr;
  storage::StoredGame row_;
  std::vector<storage::AnalysedPosition> positions_;
  std::vector<int> to_move_;     // who moves after i plies
  review::GameReview review_;
  std::vector<nlohmann::json> moves_;  // each reviewed move as the API writes it
};

}  // namespace oyin::server
