#pragma once
// The session cookie: `oyin_session=<token>; HttpOnly; SameSite=Lax; Path=/`. A token is 256 bits
// from the OS CSPRNG (libsodium randombytes_buf) in base64url; the server keeps only its
// BLAKE2b hash, so a copy of the database does not sign anyone in.
#include <string>
#include <string_view>
#include <vector>

namespace oyin::server::accounts {

inline constexpr std::string_view kCookieName = "oyin_session";

std::string new_session_token();
// Hex BLAKE2b-256 of the token, as stored.
std::string token_hash(std::string_view token);
// The first non-empty value of oyin_session in a Cookie header ("a=1; oyin_session=...; b=2"),
// "" when there is none.
std::string session_from_cookie_header(std::string_view header);
// Every non-empty oyin_session value, in the header's order: a browser sends the cookies of the
// same name set for this host and for its parent domain, and only one of them may be a session.
std::vector<std::string> sessions_from_cookie_header(std::string_view header);
// The Set-Cookie value that sets `token`, and the one that clears it.
std::string set_cookie(const std::string& token);
std::string clear_cookie();

}  // namespace oyin::server::accounts
