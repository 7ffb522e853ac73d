#pragma once
// People's rated games into the game base. When a rated game between two accounts ends on this
// instance, its record (with the players' names, their ratings before the game, the date and the
// clock) is imported into the base under the source kSource, as `oyin import` would: replayed by
// the rules and skipped when already there (its content key), so a game is in the base once even
// when several instances hear of it. Games against the computer, unrated and aborted games, and
// games shorter than kMinPlies (an early resignation tells the explorer nothing) stay out.
#include <memory>
#include <mutex>
#include <string>

#include "storage/game_store.h"
#include "storage/knowledge_store.h"

namespace oyin::server {

class GameService;

class PlayersGames {
 public:
  static constexpr const char* kSource = "players";
  static constexpr std::size_t kMinPlies = 10;

  PlayersGames(storage::GameStore& store, storage::KnowledgeStore& base, GameService& games)
      : store_(store), base_(base), games_(games) {}
  // Work handed on and not yet begun is dropped: the game service's threads may outlive this.
  ~PlayersGames();
  PlayersGames(const PlayersGames&) = delete;
  PlayersGames& operator=(const PlayersGames&) = delete;
  // Told of a game that has ended (from a thread holding the game's lock): the work is handed on.
  void game_ended(const std::string& id);
  // The work itself, on the calling thread: true when the game went into the base.
  bool add(const std::string& id);

 private:
  struct Life {
    std::mutex m;
    bool alive = true;
  };
  std::shared_ptr<Life> life_ = std::make_shared<Life>();
  storage::GameStore& store_;
  storage::KnowledgeStore& base_;
  GameService& games_;
};

}  // namespace oyin::server
