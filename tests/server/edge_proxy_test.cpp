// Behind a reverse proxy every connection comes from the proxy's address: only with
// --trusted-proxy does the server believe X-Forwarded-For, so that the per-address limits are
// each client's own (one client's failed sign-ins do not lock everyone out), and a client that
// talks to the server directly cannot pick its own address with that header.
#include "server/edge_http.h"

namespace oyin::testing {
namespace {

class EdgeProxy : public EdgeTest {
 protected:
  HttpResult sign_in(const std::string& forwarded_for, const std::string& name, const std::string& password) {
    return http_with(port_, http::verb::post, "/api/account/login", {{"X-Forwarded-For", forwarded_for}},
                     json{{"username", name}, {"password", password}}.dump());
  }
  // 20 failures (the per-address limit), spread over names so that no name is locked.
  void fail_twenty_times(const std::string& forwarded_for) {
    for (int i = 0; i < 20; ++i)
      ASSERT_EQ(sign_in(forwarded_for, "guess" + std::to_string(i / 4), "nope nope " + std::to_string(i)).status, 401);
  }
};

TEST_F(EdgeProxy, ForwardedClientsHaveSignInLimitsOfTheirOwn) {
  start({"--trusted-proxy", "127.0.0.0/8"});
  ASSERT_EQ(http_post(port_, "/api/account/register", {{"username", "Target"}, {"password", "kumalak-board-7"}}).status, 201);
  fail_twenty_times("198.51.100.7");
  // That address is locked, wherever in a chain of our proxies it is named...
  EXPECT_EQ(sign_in("198.51.100.7", "Target", "kumalak-board-7").status, 429);
  EXPECT_EQ(sign_in("198.51.100.7, 127.0.0.9", "Target", "kumalak-board-7").status, 429);
  // ...and another client behind the same proxy is not, nor one whose own header names the
  // locked address (the right-most address that is not a proxy of ours is the client).
  const auto other = sign_in("203.0.113.9", "Target", "kumalak-board-7");
  EXPECT_EQ(other.status, 200) << other.text;
  EXPECT_EQ(sign_in("198.51.100.7, 203.0.113.10", "Target", "kumalak-board-7").status, 200);
  EXPECT_EQ(sign_in("2001:db8::1", "Target", "kumalak-board-7").status, 200);
}

TEST_F(EdgeProxy, ForwardedForFromAnUntrustedPeerIsIgnored) {
  start({"--trusted-proxy", "10.0.0.0/8,fd00::/8"});  // the test's 127.0.0.1 is not one of them
  ASSERT_EQ(http_post(port_, "/api/account/register", {{"username", "Target"}, {"password", "kumalak-board-7"}}).status, 201);
  fail_twenty_times("198.51.100.7");
  // All of it came from 127.0.0.1, whatever the header said: the address is locked.
  const auto r = sign_in("203.0.113.9", "Target", "kumalak-board-7");
  EXPECT_EQ(r.status, 429) << r.text;
  EXPECT_EQ(r.body["code"], "too_many_attempts");
}

TEST_F(EdgeProxy, AMalformedForwardedForCountsAsTheProxy) {
  start({"--trusted-proxy", "127.0.0.1/32"});
  ASSERT_EQ(http_post(port_, "/api/account/register", {{"username", "Target"}, {"password", "kumalak-board-7"}}).status, 201);
  fail_twenty_times("not an address, 198.51.100.7");
  EXPECT_EQ(sign_in("203.0.113.9:4711", "Target", "kumalak-board-7").status, 429);  // also the proxy's
  EXPECT_EQ(sign_in("203.0.113.9", "Target", "kumalak-board-7").status, 200);
}

TEST_F(EdgeProxy, ABadTrustedProxyIsRefusedWithOneLine) {
  for (const char* bad : {"10.0.0.0/33", "10.0.0/8", "fd00::/129", "example.com", "10.0.0.0/8,,"}) {
    const std::string cmd = std::string(server_binary()) + " serve --port 0 --db /nonexistent/x.sqlite --trusted-proxy '" +
                            bad + "' 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    ASSERT_TRUE(p);
    std::string out;
    char buf[4096];
    while (std::fgets(buf, sizeof buf, p)) out += buf;
    const int status = pclose(p);
    EXPECT_NE(WEXITSTATUS(status), 0) << bad;
    EXPECT_NE(out.find("--trusted-proxy"), std::string::npos) << bad << ": " << out;
    EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1) << out;
  }
}

}  // namespace
}  // namespace oyin::testing
