#include "server/common/rate_limiter.h"

#include <algorithm>
#include <cmath>

namespace oyin::server {

std::string client_key(std::int64_t user, const std::string& address) {
  return user != 0 ? "user " + std::to_string(user) : "address " + address;
}

std::int64_t RateLimiter::take(const std::string& client, std::int64_t cost) {
  if (burst_ <= 0) return 0;
  std::lock_guard lock(m_);
  const std::int64_t now = clock_.now_ms();
  const double full_after_ms = static_cast<double>(burst_) * static_cast<double>(every_ms_);
  // Buckets that have filled up again are the same as new ones: drop them now and then.
  if (now - last_sweep_ms_ > static_cast<std::int64_t>(full_after_ms)) {
    last_sweep_ms_ = now;
    std::erase_if(buckets_, [&](const auto& kv) {
      return kv.second.tokens + static_cast<double>(now - kv.second.at_ms) / static_cast<double>(every_ms_) >= burst_;
    });
  }
  auto [it, fresh] = buckets_.try_emplace(client, Bucket{static_cast<double>(burst_), now});
  Bucket& b = it->second;
  b.tokens = std::min<double>(burst_, b.tokens + static_cast<double>(now - b.at_ms) / static_cast<double>(every_ms_));
  b.at_ms = now;
  const double need = static_cast<double>(cost);
  if (b.tokens >= need) {
    b.tokens -= need;
    return 0;
  }
  return static_cast<std::int64_t>(std::ceil((need - b.tokens) * static_cast<double>(every_ms_)));
}

}  // namespace oyin::server
