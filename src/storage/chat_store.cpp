#include "storage/chat_store.h"

namespace oyin::storage {

Status ChatStore::add(const std::string& game_id, ChatLine& line) {
  line.created_at = utc_now();
  return db_.writer()->transaction([&](Connection& c) -> Status {
    auto r = c.exec("INSERT INTO game_chat(game_id, seq, side, text, created_at) VALUES(?,?,?,?,?)",
                    {game_id, line.seq, line.side, line.text, line.created_at});
    if (!r) return make_error("database: saving a chat line of game " + game_id + ": " + r.error());
    return Ok{};
  });
}

Result<std::vector<ChatLine>> ChatStore::load(const std::string& game_id) {
  auto rows = db_.reader()->query("SELECT seq, side, text, created_at FROM game_chat WHERE game_id=? ORDER BY seq",
                                  {game_id});
  if (!rows) return make_error("database: loading the chat of game " + game_id + ": " + rows.error());
  std::vector<ChatLine> out;
  out.reserve(rows->size());
  for (const Row& r : *rows)
    out.push_back({static_cast<int>(r.integer(0)), static_cast<int>(r.integer(1)), r.text(2), r.text(3)});
  return out;
}

}  // namespace oyin::storage
