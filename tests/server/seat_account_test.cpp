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

// A seat's token travels in a header (HTTP) or a WebSocket subprotocol, not in the URL that a
// proxy's access log keeps (issue 36, item 19).
TEST_F(SeatAccountTest, ASeatTokenTravelsOutsideTheUrl) {
  const auto made = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "online"}, {"color", "white"}});
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["id"], token = made.body["seat"]["token"];
  net::io_context ioc;
  tcp::socket sock(ioc);
  sock.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port_)));
  http::request<http::string_body> req(http::verb::get, "/api/games/" + id, 11);
  req.set(http::field::host, "127.0.0.1");
  req.set("X-Oyin-Seat", token);
  http::write(sock, req);
  beast::flat_buffer buf;
  http::response<http::string_body> res;
  http::read(sock, buf, res);
  EXPECT_EQ(json::parse(res.body())["you"], "white") << res.body();

  beast::websocket::stream<tcp::socket> ws(ioc);
  ws.next_layer().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port_)));
  ws.set_option(beast::websocket::stream_base::decorator([&](beast::websocket::request_type& r) {
    r.set(http::field::sec_websocket_protocol, "oyin, oyin.seat." + token);
  }));
  beast::websocket::response_type answer;
  ws.handshake(answer, "127.0.0.1:" + std::to_string(port_), "/ws/games/" + id);
  EXPECT_EQ(answer[http::field::sec_websocket_protocol], "oyin");  // a browser drops a socket without it
  beast::flat_buffer first;
  ws.read(first);
  const json st = json::parse(beast::buffers_to_string(first.data()))["state"];
  EXPECT_EQ(st["you"], "white");
  EXPECT_EQ(st["presence"]["white"]["connected"], true);
}

}  // namespace
}  // namespace oyin::testing
