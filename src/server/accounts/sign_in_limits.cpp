#include "server/accounts/sign_in_limits.h"

#include <algorithm>

namespace oyin::server::accounts {

std::int64_t SignInLimits::wait_of(Times& t, int limit, std::int64_t now) {
  while (!t.empty() && t.front() + kWindowMs <= now) t.pop_front();
  if (static_cast<int>(t.size()) < limit) return 0;
  return t.front() + kWindowMs - now;
}

// Drops the entries whose failures have all left the window (at most once a window), so the
// maps do not grow with every name ever tried.
void SignInLimits::forget_old(std::int64_t now) {
  if (now - last_sweep_ < kWindowMs) return;
  last_sweep_ = now;
  for (auto* map : {&by_name_, &by_client_})
    std::erase_if(*map, [&](const auto& kv) { return kv.second.empty() || kv.second.back() + kWindowMs <= now; });
}

std::int64_t SignInLimits::wait_ms(const std::string& name_key, const std::string& client) {
  std::lock_guard lock(m_);
  const std::int64_t now = clock_.now_ms();
  forget_old(now);
  std::int64_t wait = 0;
  if (auto it = by_name_.find(name_key); it != by_name_.end()) wait = wait_of(it->second, kFailuresPerName, now);
  if (auto it = by_client_.find(client); it != by_client_.end())
    wait = std::max(wait, wait_of(it->second, kFailuresPerClient, now));
  return wait;
}

void SignInLimits::failed(const std::string& name_key, const std::string& client) {
  std::lock_guard lock(m_);
  const std::int64_t now = clock_.now_ms();
  by_name_[name_key].push_back(now);
  by_client_[client].push_back(now);
}

void SignInLimits::succeeded(const std::string& name_key) {
  std::lock_guard lock(m_);
  by_name_.erase(name_key);
}

}  // namespace oyin::server::accounts
