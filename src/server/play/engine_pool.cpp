#include "server/play/engine_pool.h"

namespace oyin::server {

std::unique_ptr<Engine> EnginePool::make(const GameEntry& game) const {
  auto e = game.make_engine();
  // Engines without a hash table (Monte-Carlo, random) refuse the option; that is fine.
  (void)e->set_option("Hash", std::to_string(hash_mb_));
  if (own_book_ && game.book_settings().played) (void)e->set_option("OwnBook", "true");
  return e;
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
