#pragma once
// Games played in a browser and uploaded to an account (schema 21): the game itself goes in the
// games table as any finished game; game_uploads keeps the browser's key of it (so that a retried
// upload is stored once) and when it was played.
#include <cstdint>
#include <optional>
#include <string>

#include "core/result.h"
#include "storage/db.h"
#include "storage/game_store.h"

namespace oyin::storage {

struct StoredUpload {
  std::string game_id;
  std::string played_at;
  bool stored_now = false;  // false: the key had been uploaded before, and that game is the answer
};

class UploadStore {
 public:
  explicit UploadStore(Db& db) : db_(db) {}
  // Stores game `g` as `user`'s upload `key`, played at `played_at`, in one transaction; when the
  // key is already that user's, nothing is written and the earlier game is the answer.
  Result<StoredUpload> store(const StoredGame& g, std::int64_t user, const std::string& key, const std::string& played_at);
  // The upload a game came from, if it came from one.
  Result<std::optional<StoredUpload>> of_game(const std::string& game_id);

 private:
  Db& db_;
};

}  // namespace oyin::storage
