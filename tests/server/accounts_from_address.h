#pragma once
// HTTP from a chosen loopback address (127.0.0.2, 127.0.0.3, ...: all of 127/8 is the loopback on
// Linux), so that the account tests can be several clients to the server, as the limits per
// address see them: the client's socket is bound to `from` before it connects.
#include <string>

#include "server/server_process.h"

namespace oyin::testing {

inline HttpResult http_from(const std::string& from, int port, http::verb verb, const std::string& target,
                            const std::string& body = "", const std::string& cookie = "") {
  net::io_context ioc;
  tcp::socket sock(ioc);
  sock.open(tcp::v4());
  sock.bind(tcp::endpoint(net::ip::make_address(from), 0));
  sock.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
  http::request<http::string_body> req(verb, target, 11);
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  if (!cookie.empty()) req.set(http::field::cookie, cookie);
  if (!body.empty()) req.set(http::field::content_type, "application/json");
  req.body() = body;
  req.prepare_payload();
  http::write(sock, req);
  beast::flat_buffer buf;
  http::response<http::string_body> res;
  http::read(sock, buf, res);
  HttpResult r;
  r.status = static_cast<int>(res.result_int());
  r.text = res.body();
  r.body = json::parse(r.text, nullptr, false);
  r.headers = res.base();
  return r;
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
