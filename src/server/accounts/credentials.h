#pragma once
// What makes a password acceptable (a user name: user_names.h), and the password's hash (Argon2id through
// libsodium's crypto_pwhash_str, at its "interactive" limits: about 64 MiB and a fraction of a
// second a hash, so that a stolen database is slow to guess from and a server is not).
#include <optional>
#include <string>
#include <string_view>

#include "server/accounts/user_names.h"

namespace oyin::server::accounts {

inline constexpr std::size_t kMinPasswordLength = 8;
inline constexpr std::size_t kMaxPasswordLength = 1024;  // Argon2 takes any length; a bound keeps a request cheap

// Empty when the password may be used by `name`; else why not (too short, the name itself, a
// well-known password).
std::string password_problem(std::string_view password, std::string_view name);

// The crypto_pwhash_str text of `password` (salt and limits included); nullopt only when the
// machine is out of memory for it.
std::optional<std::string> hash_password(std::string_view password);
// Whether `password` matches `hash`. With `hash` empty it still spends the time of a check, so
// that an unknown name answers no faster than a wrong password.
bool verify_password(std::string_view password, const std::string& hash);

}  // namespace oyin::server::accounts
