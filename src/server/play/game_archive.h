#pragma once
// The games as stored, apart from play: the list of saved games (History) and records imported
// for review. Reads and writes the store only; a game being played is GameService's.
#include <cstddef>

#include "server/common/reply.h"
#include "storage/game_store.h"

namespace oyin::server {

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
