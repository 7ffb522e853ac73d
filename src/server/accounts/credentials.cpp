#include "server/accounts/credentials.h"

#include <sodium.h>

#include <algorithm>
#include <array>
#include <stdexcept>

#include "server/common/valid_utf8.h"

namespace oyin::server::accounts {

namespace {

void init_sodium() {
  static const int ok = sodium_init();
  if (ok < 0) throw std::runtime_error("libsodium cannot be initialised");
}

// Well-known passwords of 8 characters or more (from the published lists of leaked passwords'
// most frequent entries), compared without regard to case.
constexpr auto kCommonPasswords = std::to_array<std::string_view>({
    "password", "password1", "password12", "password123", "passw0rd", "p@ssw0rd", "12345678", "123456789",
    "1234567890", "0123456789", "87654321", "11111111", "00000000", "12341234", "11223344", "123123123",
    "qwertyui", "qwertyuiop", "qwerty123", "qwerty12", "1q2w3e4r", "1q2w3e4r5t", "1qaz2wsx", "zaq12wsx",
    "asdfghjk", "asdfghjkl", "zxcvbnm1", "iloveyou", "iloveyou1", "sunshine", "princess", "football",
    "baseball", "superman", "starwars", "whatever", "trustno1", "welcome1", "welcome123", "letmein1",
    "letmein123", "dragon12", "monkey12", "master12", "abc12345", "abcd1234", "abcdefgh", "admin123",
    "administrator", "changeme", "computer", "internet", "michelle", "jennifer", "corvette", "mercedes",
    "samantha", "passpass", "secret12", "goodluck", "chocolate", "aaaaaaaa", "88888888", "99999999",
    "12121212", "98765432", "987654321", "q1w2e3r4", "q1w2e3r4t5", "1234qwer", "qwer1234", "asdf1234",
    "11111111111", "123456789a", "a123456789", "iloveyou2", "qazwsxedc", "1234abcd", "password!",
    "togyzkumalak", "togyz123", "oyin1234", "oyinoyin"});

// The number of code points of `s`, or nullopt when `s` is not well-formed UTF-8, so that
// "8 characters" means what a person counts, not bytes.
std::optional<std::size_t> utf8_length(std::string_view s) {
  const auto cps = utf8_code_points(s);
  if (!cps) return std::nullopt;
  return cps->size();
}

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

}  // namespace

std::string password_problem(std::string_view password, std::string_view name) {
  const auto length = utf8_length(password);
  if (!length) return "a password must be UTF-8 text";
  if (*length < kMinPasswordLength) return "a password has at least 8 characters";
  if (*length > kMaxPasswordLength) return "a password has at most 1024 characters";
  const std::string p = lower(password);
  if (name_key(password) == name_key(name)) return "the password must not be the user name";
  if (std::find(kCommonPasswords.begin(), kCommonPasswords.end(), p) != kCommonPasswords.end())
    return "this password is among the best-known ones: choose another";
  return {};
}

std::optional<std::string> hash_password(std::string_view password) {
  init_sodium();
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    return std::nullopt;
  return std::string(out);
}

bool verify_password(std::string_view password, const std::string& hash) {
  init_sodium();
  if (hash.empty()) {
    // A hash of a password nobody has, made once: checking against it costs what a real check does.
    static const std::string dummy = hash_password("no such user: a check for the time only").value_or("");
    if (!dummy.empty() && crypto_pwhash_str_verify(dummy.c_str(), password.data(), password.size()) == 0) return false;
    return false;
  }
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

}  // namespace oyin::server::accounts
