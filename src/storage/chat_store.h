#pragma once
// The players' chat of each game (table game_chat, schema 3), kept with the game so that a
// reload shows it. Lines are numbered per game from 0 in the order they were said.
#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/db.h"

namespace oyin::storage {

struct ChatLine {
  int seq = 0;
  int side = 0;             // the seat index of the player who wrote it
  std::string text;         // as written (the front end shows it as text, never as markup)
  std::string created_at;   // UTC, ISO 8601
};

class ChatStore {
 public:
  explicit ChatStore(Db& db) : db_(db) {}
  // Appends `line` (its seq the next free number of the game; created_at filled in here).
  Status add(const std::string& game_id, ChatLine& line);
  // The game's chat, oldest first.
  Result<std::vector<ChatLine>> load(const std::string& game_id);

 private:
  Db& db_;
};

}  // namespace oyin::storage
