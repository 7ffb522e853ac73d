#pragma once
// A browser-like HTTP client for the account tests: it keeps the session cookie the server sets
// (Set-Cookie) and sends it back (Cookie), over a real connection to `oyin serve`.
#include <string>

#include "server/server_process.h"

namespace oyin::testing {

class CookieClient {
 public:
  explicit CookieClient(int port) : port_(port) {}
  HttpResult call(http::verb verb, const std::string& target, const std::string& body = "") {
    net::io_context ioc;
    tcp::socket sock(ioc);
    sock.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port_)));
    http::request<http::string_body> req(verb, target, 11);
    req.set(http::field::host, "127.0.0.1:" + std::to_string(port_));
    if (!cookie_.empty()) req.set(http::field::cookie, cookie_);
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
    const std::string set = r.header("Set-Cookie");
    if (!set.empty()) {
      const std::string pair = set.substr(0, set.find(';'));
      cookie_ = pair.size() > pair.find('=') + 1 ? pair : "";  // "oyin_session=" clears it
    }
    return r;
  }
  HttpResult get(const std::string& target) { return call(http::verb::get, target); }
  HttpResult post(const std::string& target, const json& body = json::object()) {
    return call(http::verb::post, target, body.dump());
  }
  HttpResult sign_up(const std::string& name, const std::string& password) {
    return post("/api/account/register", {{"username", name}, {"password", password}});
  }
  HttpResult sign_in(const std::string& name, const std::string& password) {
    return post("/api/account/login", {{"username", name}, {"password", password}});
  }
  const std::string& cookie() const { return cookie_; }
  void set_cookie(std::string c) { cookie_ = std::move(c); }

 private:
  int port_;
  std::string cookie_;  // "oyin_session=<token>" or empty
};

}  // namespace oyin::testing
