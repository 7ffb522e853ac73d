#pragma once
// A signed-in learner's progress kept on the server (storage/learn_store.h): finished lessons,
// the puzzle rating per game and the finished puzzles. Guests keep theirs in the browser; when
// one signs in, the browser sends it and it is merged into the account's, so nothing is lost.
//   GET  /api/learn/progress   the account's progress (401 not_signed_in for a guest)
//   POST /api/learn/progress   {"lessons": {id: finished_at}, "puzzles": {game: {"rating"?: {...},
//                              "seen": [ids], "solved"?: [ids]}}}: merged in; answers the result
// Merging: every lesson the account lacks is added (a lesson keeps its earlier date), and every
// puzzle as seen. The server judges results: a browser's puzzle rating is taken only with the
// seal the server gave it ("seal" in the rating, server/learn/result_seal.h), a solved puzzle only with
// its seal ("solved_seals": {id: seal}); of two ratings of a game the one with the smaller
// deviation is kept, the account's on a tie. Ids of no shipped lesson or puzzle are left out.
#include <cstdint>
#include <string>
#include <vector>

#include "server/http/api.h"
#include "server/learn/puzzle_rating_store.h"
#include "storage/learn_store.h"

namespace oyin::server {

// The puzzle ratings of accounts, and the browsers' for guests.
class AccountPuzzleRatings final : public PuzzleRatingStore {
 public:
  explicit AccountPuzzleRatings(storage::LearnStore& store) : store_(store) {}
  void set_seal(const ResultSeal* seal) { guests_.set_seal(seal); }
  const ResultSeal* seal() const override { return guests_.seal(); }
  // An account's rating is the server's: what the browser sends is not read.
  Status check(const PuzzleLearner& learner) override;
  // An account's first finish of a puzzle is rated (from a new learner's rating when it has none),
  // and rates the puzzle in turn (from its file's rating when nothing rated it yet).
  Result<std::optional<PuzzleRatingChange>> finish(const PuzzleLearner& learner, const std::string& game,
                                                   const std::string& puzzle_id, int puzzle_rating,
                                                   bool solved) override;
  Result<int> puzzle_rating(const std::string& puzzle_id, int file_rating) override;
  Result<std::map<std::string, int>> learned_ratings(const std::string& game) override;

 private:
  storage::LearnStore& store_;
  GuestPuzzleRatings guests_;
};

class LearnProgressService {
 public:
  explicit LearnProgressService(storage::Db& db) : store_(db), ratings_(store_) {}
  PuzzleRatingStore& puzzle_ratings() { return ratings_; }
  // What seals a guest's results (taken into the account on sign-in only with a valid seal).
  void set_seal(const ResultSeal* seal) {
    seal_ = seal;
    ratings_.set_seal(seal);
  }
  // An account answered the last step of a lesson right.
  Status lesson_finished(std::int64_t user, const std::string& lesson_id);
  // The puzzles of `game` an account finished (the trainer does not pick them again).
  Result<std::vector<std::string>> finished_puzzles(std::int64_t user, const std::string& game);
  // /api/learn/progress; user 0 is a guest.
  Reply progress_reply(const std::string& method, std::int64_t user, const json& body);

 private:
  Result<json> progress_json(std::int64_t user);
  storage::LearnStore store_;
  AccountPuzzleRatings ratings_;
  const ResultSeal* seal_ = nullptr;
};

bool is_learn_progress_path(const std::vector<std::string>& parts);

}  // namespace oyin::server
