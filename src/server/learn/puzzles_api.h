#pragma once
// /api/puzzles: the puzzle trainer over the shipped proved puzzles (learn/puzzle_book.h).
//   GET  /api/puzzles[?game=NAME]        per game: how many, the themes with counts, the ratings'
//                                        range, and a new learner's rating
//   GET  /api/puzzles/next?game=NAME&rating=R&themes=a,b&seen=id,id
//                                        the unseen puzzle nearest R with any of the themes
//   GET  /api/puzzles/{id}               one puzzle: board, legal moves, themes, rating (no solution)
//   POST /api/puzzles/{id}/try           {"moves": [the solver's moves so far], "rating"?: {"rating",
//                                        "rd", "volatility"}}: illegal | continue (with the reply) |
//                                        slower (another win, in wins_in moves: not a fail, try
//                                        again) | solved | failed (with the answer); a rated
//                                        attempt that ends gets the learner's new rating
//   GET  /api/learn/offline              (server/http/api_routes.cpp) the lessons with every
//                                        legal move's answer and a puzzle pack with solutions,
//                                        for the offline app (docs/web.md)
// The server keeps no state of an attempt: each try replays the moves sent. A signed-in learner's
// rating and finished puzzles are the account's (server/learn/learn_progress.h): its sent rating is not
// read, and /next skips the puzzles it finished.
#include <cstdint>
#include <string>
#include <vector>

#include "server/http/api.h"

namespace oyin::server {

class PuzzleRatingStore;
class LearnProgressService;

// Who asks: the signed-in account (0: a guest) and where accounts' progress is kept (may be null).
struct PuzzleLearnerContext {
  std::int64_t user = 0;
  LearnProgressService* progress = nullptr;
};

// `per_game` puzzles of each game, evenly over its ratings (at their files' ratings), each as
// GET /api/puzzles/{id} with its "line" (learn::PuzzleBook::offline_line): the offline app's
// puzzles, which judge only the solution's line and change no rating.
inline constexpr std::size_t kOfflinePuzzlesPerGame = 30;
Result<json> offline_puzzles(std::size_t per_game);

bool is_puzzles_path(const std::vector<std::string>& parts);
Reply puzzles_reply(const std::string& method, const Target& t, const std::vector<std::string>& parts, const json& body,
                    PuzzleRatingStore& ratings, const PuzzleLearnerContext& who);

}  // namespace oyin::server
