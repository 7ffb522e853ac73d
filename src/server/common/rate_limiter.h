#pragma once
// A token bucket per client (an account, else an address): `burst` actions at once, then one
// every `every_ms`. Time comes from the server's Clock, so tests move it on instead of waiting.
// Kept in memory: it bounds what one client can make one process do in a short time (a restart
// forgives it; several instances each keep their own), not a quota.
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/common/clock.h"

namespace oyin::server {

class RateLimiter {
 public:
  // `burst` 0: no limit.
  RateLimiter(Clock& clock, int burst, std::int64_t every_ms) : clock_(clock), burst_(burst), every_ms_(every_ms) {}
  // Takes `cost` tokens for `client`; 0 when taken, else the milliseconds until they would be
  // there (nothing taken).
  std::int64_t take(const std::string& client, std::int64_t cost = 1);

 private:
  struct Bucket {
    double tokens = 0;
    std::int64_t at_ms = 0;
  };
  Clock& clock_;
  const int burst_;
  const std::int64_t every_ms_;
  std::mutex m_;
  std::unordered_map<std::string, Bucket> buckets_;
  std::int64_t last_sweep_ms_ = 0;
};

// The key of a client's limits: its account, else its address.
std::string client_key(std::int64_t user, const std::string& address);

}  // namespace oyin::server
