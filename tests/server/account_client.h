#pragma once
// A browser-like HTTP client for the account tests: it keeps the session cookie the server sets
// (Set-Cookie) and sends it back (Cookie), over a real connection to `oyin serve`.
#include <gtest/gtest.h>

#include <string>

#include "server/server_process.h"

namespace oyin::testing {

class CookieClient {
 public:
  explicit CookieClient(int port) : port_(port) {}
  HttpResult call(http::verb verb, const std::string& target, const std::string& body = "") {
    HttpResult r = http_call(port_, verb, target, body, cookie_);
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

// A new account signed in on its own client (the password is the name and "-long-password").
inline CookieClient signed_up_account(int port, const std::string& name) {
  CookieClient c(port);
  const auto r = c.sign_up(name, name + "-long-password");
  EXPECT_EQ(r.status, 201) << r.text;
  return c;
}

}  // namespace oyin::testing
