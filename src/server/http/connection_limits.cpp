#include "server/http/connection_limits.h"

namespace oyin::server {

std::shared_ptr<void> ConnectionLimits::take(const std::string& address) {
  {
    std::lock_guard lock(m_);
    std::size_t& n = open_[address];
    if (n >= max_) return nullptr;
    ++n;
  }
  // The handle owns nothing (it points at the limits, never freed by it); its deleter is the point.
  return std::shared_ptr<void>(static_cast<void*>(this), [this, address](void*) { give_back(address); });
}

void ConnectionLimits::give_back(const std::string& address) {
  std::lock_guard lock(m_);
  auto it = open_.find(address);
  if (it != open_.end() && --it->second == 0) open_.erase(it);
}

}  // namespace oyin::server
