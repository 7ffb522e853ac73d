#include "server/common/random_token.h"

#include <sodium.h>

#include <stdexcept>

namespace oyin::server {

namespace {
void init_sodium() {
  // Thread-safe and idempotent; it fails only when the OS has no random source at all.
  static const int ok = sodium_init();
  if (ok < 0) throw std::runtime_error("libsodium cannot be initialised (no OS random source)");
}
}  // namespace

std::string random_token() {
  init_sodium();
  unsigned char bytes[16];
  randombytes_buf(bytes, sizeof bytes);
  char hex[sizeof bytes * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
  return std::string(hex, sizeof bytes * 2);
}

bool random_bit() {
  init_sodium();
  return randombytes_uniform(2) == 1;
}

}  // namespace oyin::server
