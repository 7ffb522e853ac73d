// Cross-site request forgery from a page of another origin, including a sibling host of the same
// site, which SameSite=Lax cookies do not stop: every state-changing request under /api and every
// WebSocket upgrade must come from the server's own origin, or carry neither Origin nor
// Sec-Fetch-Site (a tool rather than a browser).
#include "server/edge_http.h"

namespace oyin::testing {
namespace {

class EdgeOrigin : public EdgeTest {
 protected:
  HttpResult create(const Headers& headers) {
    return http_with(port_, http::verb::post, "/api/games", headers,
                     json{{"game", "togyz"}, {"mode", "online"}, {"color", "white"}}.dump());
  }
  void expect_bad_origin(const HttpResult& r) {
    EXPECT_EQ(r.status, 403) << r.text;
    EXPECT_EQ(r.body["code"], "bad_origin") << r.text;
  }
};

TEST_F(EdgeOrigin, AStateChangeFromAnotherOriginIsRefused) {
  start();
  const std::string other = "http://127.0.0.1:" + std::to_string(port_ == 65535 ? 1 : port_ + 1);
  expect_bad_origin(create({{"Origin", other}}));
  expect_bad_origin(create({{"Origin", "https://127.0.0.1:" + std::to_string(port_)}}));  // another scheme
  expect_bad_origin(create({{"Origin", "null"}}));
  expect_bad_origin(create({{"Sec-Fetch-Site", "same-site"}}));
  expect_bad_origin(create({{"Origin", origin()}, {"Sec-Fetch-Site", "cross-site"}}));
  expect_bad_origin(http_with(port_, http::verb::post, "/api/account/login", {{"Origin", other}},
                              json{{"username", "someone"}, {"password", "whatever 123"}}.dump()));
  // The page's own origin, and a tool that sends neither header, may.
  EXPECT_EQ(create({{"Origin", origin()}}).status, 201);
  EXPECT_EQ(create({{"Origin", origin()}, {"Sec-Fetch-Site", "same-origin"}}).status, 201);
  EXPECT_EQ(create({}).status, 201);
  // Reading is not a state change.
  EXPECT_EQ(http_with(port_, http::verb::get, "/api/meta", {{"Origin", other}}).status, 200);
}

TEST_F(EdgeOrigin, AWebSocketFromAnotherOriginIsRefused) {
  start();
  const std::string other = "http://127.0.0.1:" + std::to_string(port_ == 65535 ? 1 : port_ + 1);
  const json g = create({}).body;
  const std::string game = "/ws/games/" + g["id"].get<std::string>();
  for (const std::string& target : {std::string("/ws/lobby"), std::string("/ws/analysis"), game}) {
    EXPECT_EQ(ws_upgrade_status(port_, target, {{"Origin", other}}), 403) << target;
    EXPECT_EQ(ws_upgrade_status(port_, target, {{"Sec-Fetch-Site", "same-site"}}), 403) << target;
    EXPECT_EQ(ws_upgrade_status(port_, target, {{"Origin", origin()}, {"Sec-Fetch-Site", "same-origin"}}), 101) << target;
    EXPECT_EQ(ws_upgrade_status(port_, target, {}), 101) << target;
  }
}

TEST_F(EdgeOrigin, ThePublicUrlsAreTheOriginsAllowed) {
  start({"--public-url", "https://oyin.example,https://www.oyin.example:443/"});
  EXPECT_EQ(create({{"Origin", "https://oyin.example"}}).status, 201);
  EXPECT_EQ(create({{"Origin", "https://www.oyin.example"}, {"Sec-Fetch-Site", "same-site"}}).status, 201);
  expect_bad_origin(create({{"Origin", origin()}}));  // the listening address is not the public one
  expect_bad_origin(create({{"Origin", "https://evil.oyin.example"}, {"Sec-Fetch-Site", "same-site"}}));
  expect_bad_origin(create({{"Origin", "http://oyin.example"}}));
  EXPECT_EQ(ws_upgrade_status(port_, "/ws/lobby", {{"Origin", "https://oyin.example"}}), 101);
  EXPECT_EQ(ws_upgrade_status(port_, "/ws/lobby", {{"Origin", "https://evil.oyin.example"}}), 403);
}

}  // namespace
}  // namespace oyin::testing
