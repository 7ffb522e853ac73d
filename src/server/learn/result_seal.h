#pragma once
// Results the server judged, sealed so that a browser can carry them and give them back: a guest's
// puzzle rating and solved puzzles live in the browser, and when the guest signs in they are
// taken into the account only with a valid seal (an HMAC, libsodium's crypto_auth, under a key
// kept in the store so that every instance and restart shares it). A browser can keep or drop a
// sealed result, never make one up.
#include <array>
#include <string>
#include <string_view>

#include "core/result.h"
#include "storage/db.h"

namespace oyin::server {

class ResultSeal {
 public:
  // The key from the store (made on first use).
  static Result<ResultSeal> load(storage::Db& db);
  // A seal of `message`, as URL-safe base64.
  std::string seal(std::string_view message) const;
  bool valid(std::string_view message, std::string_view seal) const;

 private:
  std::array<unsigned char, 32> key_{};
};

}  // namespace oyin::server
