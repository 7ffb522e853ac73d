#include "server/play/engine_pool.h"

#include "registry/computer_move.h"

namespace oyin::server {

std::unique_ptr<Engine> EnginePool::make(const GameEntry& game) const {
  return make_computer_engine(game, hash_mb_, own_book_);
}

EnginePool::Lease EnginePool::acquire(const GameEntry& game) {
  std::string name = game.name();
  {
    std::lock_guard lock(mutex_);
    auto& idle = idle_[name];
    if (!idle.empty()) {
      auto e = std::move(idle.back());
      idle.pop_back();
      return Lease(*this, std::move(name), std::move(e));
    }
    ++built_;
  }
  return Lease(*this, std::move(name), make(game));
}

void EnginePool::give_back(const std::string& game, std::unique_ptr<Engine> e) {
  std::lock_guard lock(mutex_);
  idle_[game].push_back(std::move(e));
}

std::size_t EnginePool::built() const {
  std::lock_guard lock(mutex_);
  return built_;
}

}  // namespace oyin::server
