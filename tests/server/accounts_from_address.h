#pragma once
// HTTP from a chosen loopback address (127.0.0.2, 127.0.0.3, ...: all of 127/8 is the loopback on
// Linux), so that the account tests can be several clients to the server, as the limits per
// address see them: the client's socket is bound to `from` before it connects.
#include <string>

#include "server/server_process.h"

namespace oyin::testing {

inline HttpResult http_from(const std::string& from, int port, http::verb verb, const std::string& target,
                            const std::string& body = "", const std::string& cookie = "") {
  return http_with(port, verb, target, cookie.empty() ? Headers{} : Headers{{"Cookie", cookie}}, body, from);
}

inline HttpResult sign_in_from(const std::string& from, int port, const std::string& name, const std::string& password) {
  return http_from(from, port, http::verb::post, "/api/account/login",
                   json{{"username", name}, {"password", password}}.dump());
}
inline HttpResult sign_up_from(const std::string& from, int port, const std::string& name, const std::string& password) {
  return http_from(from, port, http::verb::post, "/api/account/register",
                   json{{"username", name}, {"password", password}}.dump());
}

}  // namespace oyin::testing
