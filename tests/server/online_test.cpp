// GET /api/online over real HTTP against `oyin serve`: nobody at first; an online game in play
// listed with its players and spectators once both seats are connected (the guests counted,
// signed-in names listed), a signed-in visitor named, a finished game gone from the list.
#include <gtest/gtest.h>

#include "server/account_client.h"

namespace oyin::testing {
namespace {

class OnlineTest : public ServerTest {
 protected:
  json online(CookieClient* as = nullptr) {
    const auto r = as ? as->get("/api/online") : http_get(port_, "/api/online");
    EXPECT_EQ(r.status, 200) << r.text;
    return r.body;
  }
};

TEST_F(OnlineTest, NobodyAtFirst) {
  const json o = online();
  EXPECT_EQ(o["players"], 0) << o;
  EXPECT_EQ(o["names"], json::array()) << o;
  EXPECT_EQ(o["games"], json::array()) << o;
}

TEST_F(OnlineTest, AGameInPlayItsPlayersAndSpectators) {
  CookieClient aigerim(port_);
  ASSERT_EQ(aigerim.sign_up("aigerim", "a fine long password").status, 201);
  auto r = aigerim.post("/api/games", {{"game", "togyz"}, {"mode", "online"}, {"color", "white"}});
  ASSERT_EQ(r.status, 201) << r.text;
  const std::string id = r.body["id"], white = r.body["seat"]["token"], invite = r.body.value("invite", "");
  const std::string black = invite.substr(invite.rfind('/') + 1);
  // A computer game is not a game people play online: never listed.
  ASSERT_EQ(http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "ai"}, {"color", "white"}}).status, 201);

  WsClient w(port_, "/ws/games/" + id + "?token=" + white, aigerim.cookie());
  ASSERT_TRUE(w.read());
  WsClient b(port_, "/ws/games/" + id + "?token=" + black);
  ASSERT_TRUE(b.read());
  WsClient watcher(port_, "/ws/games/" + id);
  ASSERT_TRUE(watcher.read());

  const json o = online();  // asked by a guest: the seated account is named all the same
  ASSERT_EQ(o["games"].size(), 1u) << o;
  const json& g = o["games"][0];
  EXPECT_EQ(g["id"], id);
  EXPECT_EQ(g["game"], "togyz");
  EXPECT_EQ(g["sides"], (json{"white", "black"}));
  EXPECT_EQ(g["players"][0]["username"], "aigerim") << g;
  EXPECT_TRUE(g["players"][1]["username"].is_null()) << g;
  EXPECT_EQ(g["spectators"], 1) << g;
  EXPECT_EQ(g["ply"], 0);
  EXPECT_FALSE(g.contains("connected"));
  EXPECT_EQ(o["names"], (json{"aigerim"})) << o;
  EXPECT_EQ(o["players"], 2) << o;  // aigerim and the guest on Black's seat

  // A signed-in visitor who is not playing is named once they ask.
  CookieClient bolat(port_);
  ASSERT_EQ(bolat.sign_up("bolat", "a fine long password").status, 201);
  const json seen = online(&bolat);
  EXPECT_EQ(seen["names"], (json{"aigerim", "bolat"})) << seen;
  EXPECT_EQ(seen["players"], 3) << seen;

  // Over: no longer in play.
  ASSERT_EQ(http_post(port_, "/api/games/" + id + "/resign", {{"token", black}}).status, 200);
  EXPECT_EQ(online()["games"], json::array());
}

}  // namespace
}  // namespace oyin::testing
