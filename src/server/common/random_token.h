#pragma once
// Game ids and seat tokens: 128 bits from the operating system's CSPRNG (libsodium), as hex.
// A token is the only proof of a seat, so it must not be guessable from other tokens.
#include <string>

namespace oyin::server {

std::string random_token();  // 32 hex digits (128 bits)
bool random_bit();           // a fair coin, for "color": "random"

}  // namespace oyin::server
