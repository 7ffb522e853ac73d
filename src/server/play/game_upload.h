#pragma once
// POST /api/games/upload: a game played in a browser (against its engine, or two players at one
// device; perhaps with no connection) handed to the signed-in account. The server replays every
// move by the rules and takes the result only as the rules (or a resignation) give it; the game is
// kept as a finished, unrated game of the account, once per key the browser gave it.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "server/common/reply.h"
#include "storage/upload_store.h"

namespace oyin::server {

// The most moves an uploaded game may have: longer than any game of these rules that ends.
inline constexpr std::size_t kMaxUploadMoves = 1000;

class GameUploads {
 public:
  explicit GameUploads(storage::Db& db) : store_(db) {}
  // {"key", "game", "rules", "mode": "ai"|"hotseat", "level", "color", "moves", "result",
  // "end": "rules"|"resign", "played_at"} from `user`: 201 {"id", "stored": true, ...}; the same
  // key again: 200 with the first upload's id and "stored": false (docs/api.md).
  Reply upload(const nlohmann::json& request, std::int64_t user);
  storage::UploadStore& store() { return store_; }

 private:
  storage::UploadStore store_;
};

}  // namespace oyin::server
