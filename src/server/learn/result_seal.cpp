#include "server/learn/result_seal.h"

#include <sodium.h>

#include <vector>

namespace oyin::server {

static_assert(crypto_auth_KEYBYTES == 32);

Result<ResultSeal> ResultSeal::load(storage::Db& db) {
  if (sodium_init() < 0) return make_error("libsodium cannot be initialised");
  unsigned char fresh[crypto_auth_KEYBYTES];
  crypto_auth_keygen(fresh);
  char hex[crypto_auth_KEYBYTES * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, fresh, sizeof fresh);
  sodium_memzero(fresh, sizeof fresh);
  auto w = db.writer();
  // The first instance to get here makes the key; every other one reads it.
  if (auto r = w->exec("INSERT INTO server_secrets(name, value) VALUES('result_seal', ?) ON CONFLICT DO NOTHING", {std::string(hex)});
      !r)
    return make_error("storing the result seal's key: " + r.error());
  auto rows = w->query("SELECT value FROM server_secrets WHERE name = 'result_seal'");
  if (!rows || rows->empty()) return make_error("reading the result seal's key: " + (rows ? std::string("none") : rows.error()));
  ResultSeal s;
  std::size_t len = 0;
  const std::string& text = (*rows)[0].text(0);
  if (sodium_hex2bin(s.key_.data(), s.key_.size(), text.data(), text.size(), nullptr, &len, nullptr) != 0 || len != s.key_.size())
    return make_error("the result seal's key in the store is not 32 bytes of hex");
  return s;
}

std::string ResultSeal::seal(std::string_view message) const {
  unsigned char mac[crypto_auth_BYTES];
  crypto_auth(mac, reinterpret_cast<const unsigned char*>(message.data()), message.size(), key_.data());
  char text[sodium_base64_ENCODED_LEN(crypto_auth_BYTES, sodium_base64_VARIANT_URLSAFE_NO_PADDING)];
  sodium_bin2base64(text, sizeof text, mac, sizeof mac, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  return text;
}

bool ResultSeal::valid(std::string_view message, std::string_view seal) const {
  unsigned char mac[crypto_auth_BYTES];
  std::size_t len = 0;
  if (sodium_base642bin(mac, sizeof mac, seal.data(), seal.size(), nullptr, &len, nullptr,
                        sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0 ||
      len != sizeof mac)
    return false;
  return crypto_auth_verify(mac, reinterpret_cast<const unsigned char*>(message.data()), message.size(), key_.data()) == 0;
}

}  // namespace oyin::server
