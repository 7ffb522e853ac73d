#pragma once
// Limits on failed sign-ins, so that passwords cannot be guessed at speed: at most
// kFailuresPerName failures for one user name and kFailuresPerClient from one client address
// within kWindowMs; past that, sign-ins for that name or from that address are refused until the
// oldest failure in the window is older than the window. Time comes from the server's Clock, so
// tests move it on instead of waiting. Kept in memory per server process (a restart forgets it).
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/clock.h"

namespace oyin::server::accounts {

class SignInLimits {
 public:
  static constexpr int kFailuresPerName = 5;
  static constexpr int kFailuresPerClient = 20;
  static constexpr std::int64_t kWindowMs = 15 * 60 * 1000;

  explicit SignInLimits(Clock& clock) : clock_(clock) {}
  // 0 when a sign-in as `name_key` from `client` may be tried now; else the milliseconds to wait.
  std::int64_t wait_ms(const std::string& name_key, const std::string& client);
  void failed(const std::string& name_key, const std::string& client);
  // A successful sign-in forgets the name's failures (not the address's).
  void succeeded(const std::string& name_key);

 private:
  using Times = std::deque<std::int64_t>;
  static std::int64_t wait_of(Times& t, int limit, std::int64_t now);
  void forget_old(std::int64_t now);

  Clock& clock_;
  std::mutex m_;
  std::unordered_map<std::string, Times> by_name_, by_client_;
  std::int64_t last_sweep_ = 0;
};

}  // namespace oyin::server::accounts
