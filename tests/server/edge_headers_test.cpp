// What every response carries for the browser's protection (CSP, no framing, no referrer to other
// sites, HSTS when public over https), where links point (never to a host a hostile Host header
// names), and the session cookie: Secure when the client uses https.
#include "server/edge_http.h"

namespace oyin::testing {
namespace {

using EdgeHeaders = EdgeTest;

std::string invite_of(const HttpResult& r) {
  EXPECT_EQ(r.status, 201) << r.text;
  return r.body.value("invite", std::string());
}

HttpResult create_online(int port, const Headers& headers) {
  return http_with(port, http::verb::post, "/api/games", headers,
                   json{{"game", "togyz"}, {"mode", "online"}, {"color", "white"}}.dump());
}

HttpResult register_with(int port, const Headers& headers, const std::string& name) {
  return http_with(port, http::verb::post, "/api/account/register", headers,
                   json{{"username", name}, {"password", "kumalak-board-7"}}.dump());
}

TEST_F(EdgeHeaders, EveryResponseCarriesTheSecurityHeaders) {
  start();
  for (const auto& r : {http_get(port_, "/api/meta"), http_get(port_, "/api/nothing"), http_get(port_, "/index.html")}) {
    const std::string csp = r.header("Content-Security-Policy");
    EXPECT_NE(csp.find("default-src 'self'"), std::string::npos) << csp;
    // WebAssembly may be compiled (the browser's engines), JavaScript may not be eval'ed.
    EXPECT_NE(csp.find("script-src 'self' 'wasm-unsafe-eval';"), std::string::npos) << csp;
    EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << csp;
    // The offline app: its service worker (the engines' workers too) and its manifest.
    EXPECT_NE(csp.find("worker-src 'self';"), std::string::npos) << csp;
    EXPECT_NE(csp.find("manifest-src 'self';"), std::string::npos) << csp;
    EXPECT_NE(csp.find("ws://127.0.0.1:" + std::to_string(port_)), std::string::npos) << csp;
    EXPECT_EQ(r.header("X-Frame-Options"), "DENY");
    EXPECT_EQ(r.header("Referrer-Policy"), "same-origin");
    EXPECT_EQ(r.header("Strict-Transport-Security"), "");  // plain http: no HSTS
  }
}

TEST_F(EdgeHeaders, AnHttpsPublicUrlAddsHstsAndSecureCookies) {
  start({"--public-url", "https://oyin.example"});
  const auto r = register_with(port_, {}, "Aigerim");
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_NE(r.header("Strict-Transport-Security").find("max-age="), std::string::npos);
  EXPECT_NE(r.header("Set-Cookie").find("; Secure"), std::string::npos) << r.header("Set-Cookie");
  EXPECT_NE(r.header("Content-Security-Policy").find("wss://oyin.example"), std::string::npos);
  EXPECT_TRUE(invite_of(create_online(port_, {})).starts_with("https://oyin.example/#/join/"));
}

TEST_F(EdgeHeaders, TheSessionCookieIsSecureWhenATrustedProxySaysHttps) {
  start({"--trusted-proxy", "127.0.0.1/32"});
  const auto plain = register_with(port_, {}, "Plain");
  ASSERT_EQ(plain.status, 201) << plain.text;
  EXPECT_EQ(plain.header("Set-Cookie").find("Secure"), std::string::npos);
  const auto https = register_with(port_, {{"X-Forwarded-Proto", "https"}}, "Secured");
  ASSERT_EQ(https.status, 201) << https.text;
  EXPECT_NE(https.header("Set-Cookie").find("; Secure"), std::string::npos) << https.header("Set-Cookie");
  EXPECT_NE(https.header("Content-Security-Policy").find("wss://127.0.0.1:"), std::string::npos);
  // The invite of a game made through the proxy is an https link.
  EXPECT_TRUE(invite_of(create_online(port_, {{"X-Forwarded-Proto", "https"}, {"Host", "oyin.example"}}))
                  .starts_with("https://oyin.example/#/join/"));
}

TEST_F(EdgeHeaders, XForwardedProtoFromAnUntrustedPeerIsIgnored) {
  start();
  const auto r = register_with(port_, {{"X-Forwarded-Proto", "https"}}, "Plain");
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(r.header("Set-Cookie").find("Secure"), std::string::npos);
}

TEST_F(EdgeHeaders, AHostileHostHeaderMakesNoInviteLink) {
  start();
  const std::string own = "http://127.0.0.1:" + std::to_string(port_) + "/#/join/";
  EXPECT_TRUE(invite_of(create_online(port_, {})).starts_with(own));
  EXPECT_TRUE(invite_of(create_online(port_, {{"Host", "oyin.local:8080"}})).starts_with("http://oyin.local:8080/#/join/"));
  EXPECT_TRUE(invite_of(create_online(port_, {{"Host", "[::1]:8080"}})).starts_with("http://[::1]:8080/#/join/"));
  for (const char* hostile : {"attacker.example/phish?", "attacker.example#", "x\"><script>", "user@attacker.example"}) {
    const std::string invite = invite_of(create_online(port_, {{"Host", hostile}}));
    EXPECT_TRUE(invite.starts_with(own)) << hostile << ": " << invite;
  }
}

}  // namespace
}  // namespace oyin::testing
