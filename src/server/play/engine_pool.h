#pragma once
// Engines for the server, made in this one place (by the game's registry entry) and reused: a search borrows an engine for its
// game and gives it back when it ends. Only the worker threads borrow, so a pool never holds more
// engines per game than it has threads; a game nobody plays against the computer or analyses
// has none. The alpha-beta table is sized by `oyin serve --hash` and allocated on first search.
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "registry/registry.h"
#include "search/engine.h"

namespace oyin::server {

class EnginePool {
 public:
  // `own_book`: the engines play from the game's shipped opening book at the levels that use
  // one (the computer players), for the games whose book is played (BookSettings::played);
  // analysis pools leave it off.
  explicit EnginePool(int hash_mb, bool own_book = false) : hash_mb_(hash_mb), own_book_(own_book) {}

  class Lease {
   public:
    Lease(EnginePool& pool, std::string game, std::unique_ptr<Engine> e)
        : pool_(&pool), game_(std::move(game)), engine_(std::move(e)) {}
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease() {
      if (engine_) pool_->give_back(game_, std::move(engine_));
    }
    Engine& operator*() const { return *engine_; }
    Engine* operator->() const { return engine_.get(); }

   private:
    EnginePool* pool_;
    std::string game_;
    std::unique_ptr<Engine> engine_;
  };

  // An idle engine for `game`, or a new one.
  Lease acquire(const GameEntry& game);
  std::size_t built() const;
  bool own_book() const { return own_book_; }

 private:
  std::unique_ptr<Engine> make(const GameEntry& game) const;
  void give_back(const std::string& game, std::unique_ptr<Engine> e);

  const int hash_mb_;
  const bool own_book_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::vector<std::unique_ptr<Engine>>> idle_;
  std::size_t built_ = 0;
};

}  // namespace oyin::server
