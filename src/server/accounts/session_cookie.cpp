#include "server/accounts/session_cookie.h"

#include <sodium.h>

#include <stdexcept>

namespace oyin::server::accounts {

std::string new_session_token() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium cannot be initialised");
  unsigned char bytes[32];
  randombytes_buf(bytes, sizeof bytes);
  char text[sodium_base64_ENCODED_LEN(sizeof bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING)];
  sodium_bin2base64(text, sizeof text, bytes, sizeof bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  sodium_memzero(bytes, sizeof bytes);
  return text;
}

std::string token_hash(std::string_view token) {
  unsigned char h[crypto_generichash_BYTES];
  crypto_generichash(h, sizeof h, reinterpret_cast<const unsigned char*>(token.data()), token.size(), nullptr, 0);
  char hex[sizeof h * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, h, sizeof h);
  return hex;
}

std::string session_from_cookie_header(std::string_view header) {
  auto all = sessions_from_cookie_header(header);
  return all.empty() ? std::string() : std::move(all.front());
}

std::vector<std::string> sessions_from_cookie_header(std::string_view header) {
  std::vector<std::string> out;
  while (!header.empty()) {
    const auto semi = header.find(';');
    std::string_view pair = header.substr(0, semi);
    while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
    const auto eq = pair.find('=');
    if (eq != std::string_view::npos && pair.substr(0, eq) == kCookieName) {
      std::string_view v = pair.substr(eq + 1);
      while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
      // An empty one (set by a sibling host, "cookie tossing", or a stale clear) must not hide
      // the real session sent after it.
      if (!v.empty()) out.emplace_back(v);
    }
    if (semi == std::string_view::npos) break;
    header.remove_prefix(semi + 1);
  }
  return out;
}

std::string set_cookie(const std::string& token) {
  return std::string(kCookieName) + "=" + token + "; HttpOnly; SameSite=Lax; Path=/";
}

std::string clear_cookie() {
  return std::string(kCookieName) + "=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0";
}

}  // namespace oyin::server::accounts
