#include "storage/upload_store.h"

namespace oyin::storage {

Result<StoredUpload> UploadStore::store(const StoredGame& g, std::int64_t user, const std::string& key,
                                        const std::string& played_at) {
  StoredUpload out;
  const std::string now = utc_now();
  // The key's row goes first: a second upload of the same key (a retry racing the first) finds
  // it, or waits for the first's commit on the primary key and then finds it.
  const Status s = db_.writer()->transaction([&](Connection& c) -> Status {
    auto added = c.exec("INSERT INTO game_uploads(user_id, client_key, game_id, played_at, created_at) "
                        "VALUES(?,?,?,?,?) ON CONFLICT DO NOTHING",
                        {user, key, g.id, played_at, now});
    if (!added) return make_error("database: recording an upload: " + added.error());
    if (*added == 0) {
      auto rows = c.query("SELECT game_id, played_at FROM game_uploads WHERE user_id=? AND client_key=?", {user, key});
      if (!rows) return make_error("database: reading an upload: " + rows.error());
      if (rows->empty()) return make_error("database: an upload's key is taken but not found");
      out.game_id = rows->front().text(0);
      out.played_at = rows->front().text(1);
      return Ok{};
    }
    out = {g.id, played_at, true};
    return insert_game_rows(c, g, now);
  });
  if (!s) return make_error(s.error());
  return out;
}

Result<std::optional<StoredUpload>> UploadStore::of_game(const std::string& game_id) {
  auto rows = db_.reader()->query("SELECT game_id, played_at FROM game_uploads WHERE game_id=?", {game_id});
  if (!rows) return make_error("database: reading an upload: " + rows.error());
  if (rows->empty()) return std::optional<StoredUpload>();
  return std::optional<StoredUpload>(StoredUpload{rows->front().text(0), rows->front().text(1), false});
}

}  // namespace oyin::storage
