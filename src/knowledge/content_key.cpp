#include "knowledge/content_key.h"

#include <sodium.h>

#include <stdexcept>

namespace oyin::knowledge {

std::string content_key(const GameIdentity& id) {
  static const int ready = sodium_init();
  if (ready < 0) throw std::runtime_error("libsodium cannot be initialised");
  crypto_generichash_state st;
  unsigned char digest[16];
  crypto_generichash_init(&st, nullptr, 0, sizeof digest);
  // Every field ends with a byte no field holds, so ("ab", "c") and ("a", "bc") differ.
  auto field = [&](std::string_view s) {
    crypto_generichash_update(&st, reinterpret_cast<const unsigned char*>(s.data()), s.size());
    const unsigned char end = 0;
    crypto_generichash_update(&st, &end, 1);
  };
  field(id.game);
  field(id.rules);
  field(id.start_position);
  if (id.moves)
    for (const auto& m : *id.moves) field(m);
  const unsigned char moves_end = 1;
  crypto_generichash_update(&st, &moves_end, 1);
  field(id.white);
  field(id.black);
  field(id.date);
  field(id.result);
  crypto_generichash_final(&st, digest, sizeof digest);
  char hex[2 * sizeof digest + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return hex;
}

}  // namespace oyin::knowledge
