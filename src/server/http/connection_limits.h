#pragma once
// A cap on the connections (HTTP and WebSocket together) one client address holds open, so that
// one client cannot take every file descriptor of the process and shut everyone else out.
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace oyin::server {

class ConnectionLimits {
 public:
  explicit ConnectionLimits(std::size_t per_address) : max_(per_address) {}
  // A place for one more connection from `address`, given back when the last copy of the handle
  // goes; null when the address has all its places taken.
  std::shared_ptr<void> take(const std::string& address);

 private:
  void give_back(const std::string& address);
  std::size_t max_;
  std::mutex m_;
  std::unordered_map<std::string, std::size_t> open_;
};

}  // namespace oyin::server
