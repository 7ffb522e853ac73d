#pragma once
// The games as stored, apart from play: the list of saved games (History) and records imported
// for review. Reads and writes the store only; a game being played is GameService's.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "games/game_adapter.h"
#include "server/common/reply.h"
#include "storage/game_store.h"

namespace oyin::server {

// An imported game's record tags as stored (storage::StoredGame::record_tags), in file order.
std::vector<std::pair<std::string, std::string>> stored_tags(const storage::StoredGame& row);
// What the game's page shows of them: {"event", "site", "date", "round", "players": {<side>: name}}
// ("" and no player where the record has none or "?"); null for a game without tags.
json record_json(const storage::StoredGame& row, const GameAdapter& game);

class GameArchive {
 public:
  explicit GameArchive(storage::GameStore& store) : store_(store) {}
  // GET /api/games: saved games, newest first, with the total.
  Reply list(std::size_t offset, std::size_t limit);
  // POST /api/import {"game", "record", "index"}: 201 {"id", "moves", "games_in_record"}, a game
  // for review replayed by the rules.
  Reply import(const json& request);

 private:
  storage::GameStore& store_;
};

}  // namespace oyin::server
