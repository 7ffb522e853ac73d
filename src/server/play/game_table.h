#pragma once
// The table of games in memory: each game loaded once (by the first reader, off the I/O threads),
// kept while in use and up to max_cached beyond, evicted when idle.
//
// Locking: the table's mutex guards only the map from id to game; a stored game is loaded and
// replayed outside it (the first reader of an id does it, the others wait for that one game
// only), and every game has a mutex of its own. The network code asks for a game with
// when_loaded, so a long replay runs on the loader threads, never on an I/O thread.
#include <boost/asio/thread_pool.hpp>

#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/result.h"
#include "server/play/game_session.h"

namespace oyin::server {

class GameTable {
 public:
  // `load` fills a new session from the store (an error text, or "" when it is ready);
  // `on_loaded` runs with the session's lock held once it is.
  using Load = std::function<std::string(GameSession&, const std::string& id)>;
  using OnLoaded = std::function<void(const SessionPtr&)>;
  GameTable(std::size_t max_cached, Load load, OnLoaded on_loaded)
      : max_cached_(max_cached), load_(std::move(load)), on_loaded_(std::move(on_loaded)) {}
  ~GameTable() { loaders_.join(); }

  // The game, loaded now by this caller if nobody has it in memory.
  Result<SessionPtr> find(const std::string& id);
  // The game if it is in memory and ready; never loads.
  SessionPtr loaded(const std::string& id);
  // Runs `then` once game `id` is in memory (or known to be missing): at once when it is,
  // otherwise on a loader thread after the game has been read and replayed.
  void when_loaded(const std::string& id, std::function<void()> then);
  // Runs slow work (a replay, an import, the engine's look at a position) on a loader thread.
  void run_slow(std::function<void()> work);
  // A new game, stored already.
  void add(const SessionPtr& s);
  void erase(const std::string& id);
  // Every game in memory (`ready_only`: those loaded without an error).
  std::vector<SessionPtr> all(bool ready_only);
  // The games with id `id` ("" = all), for a change another instance made: those loaded come
  // back, those still loading are marked to be read again by their loader.
  std::vector<SessionPtr> changed(const std::string& id);
  std::size_t size();
  void join() { loaders_.join(); }

 private:
  void evict_idle_locked();

  std::size_t max_cached_;
  Load load_;
  OnLoaded on_loaded_;
  std::mutex mutex_;
  std::unordered_map<std::string, SessionPtr> sessions_;
  boost::asio::thread_pool loaders_{2};
};

}  // namespace oyin::server
