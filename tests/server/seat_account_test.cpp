// A signed-in player's seat follows the account: from a second device (another session of the
// same account, without the seat's token) the player sees which side is theirs, moves, chats and
// is counted present; another account cannot (issue 36, "Your seat follows your account").
#include <gtest/gtest.h>

#include "server/account_client.h"
#include "server/server_process.h"

namespace oyin::testing {
namespace {

class SeatAccountTest : public ServerTest {};

TEST_F(SeatAccountTest, TheAccountActsForItsSeatFromAnotherDevice) {
  CookieClient laptop(port_);
  ASSERT_EQ(laptop.sign_up("Aigerim", "aigerim-long-password").status, 201);
  const auto made = laptop.post("/api/games", {{"game", "togyz"}, {"mode", "online"}, {"color", "white"}});
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["id"];
  const std::string invite = made.body["invite"];
  const std::string black = invite.substr(invite.rfind('/') + 1);

  CookieClient phone(port_);  // the same account, signed in again: no seat token here
  ASSERT_EQ(phone.sign_in("aigerim", "aigerim-long-password").status, 200);
  ASSERT_NE(phone.cookie(), laptop.cookie());
  const json seen = phone.get("/api/games/" + id).body;
  EXPECT_EQ(seen["you"], "white") << seen.dump();
  EXPECT_EQ(seen.value("invite", ""), "/#/join/" + id + "/" + black);

  // The phone's WebSocket, with the session cookie and no token, is White's connection.
  WsClient ws(port_, "/ws/games/" + id, phone.cookie());
  const auto first = ws.read();
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["state"]["you"], "white");
  EXPECT_EQ((*first)["state"]["presence"]["white"]["connected"], true);

  const auto moved = phone.post("/api/games/" + id + "/moves", {{"move", "6"}});
  ASSERT_EQ(moved.status, 200) << moved.text;
  EXPECT_EQ(moved.body["you"], "white");
  // Black (a guest with the invite's token) answers; the phone moves over its socket.
  ASSERT_EQ(http_post(port_, "/api/games/" + id + "/moves", {{"move", "9"}, {"token", black}}).status, 200);
  ws.send({{"type", "move"}, {"move", "1"}});
  for (int i = 0; i < 10; ++i) {
    const auto m = ws.read();
    ASSERT_TRUE(m);
    if ((*m)["type"] == "state" && (*m)["state"]["ply"] == 3) break;
    ASSERT_NE((*m)["type"], "error") << m->dump();
  }
  EXPECT_EQ(http_get(port_, "/api/games/" + id).body["ply"], 3);
  EXPECT_EQ(phone.post("/api/games/" + id + "/chat", {{"text", "salem"}}).body["line"]["side"], "white");

  // Another account has no seat here.
  CookieClient other(port_);
  ASSERT_EQ(other.sign_up("Daulet", "daulet-long-password").status, 201);
  EXPECT_FALSE(other.get("/api/games/" + id).body.contains("you"));
  const auto refused = other.post("/api/games/" + id + "/moves", {{"move", "2"}});
  EXPECT_EQ(refused.status, 403);
  EXPECT_EQ(refused.body["code"], "no_seat");
}

}  // namespace
}  // namespace oyin::testing
