// Two `oyin serve` instances on one PostgreSQL database (the test's own server): seats and
// spectators on different instances see each other's moves at once, the computer moves once
// across instances, and after a kill -9 of one instance its clients play on through the other,
// which also takes over a computer move the dead one was thinking about.
#include <gtest/gtest.h>

#include "server/server_process.h"
#include "support/postgres_server.h"

namespace oyin::testing {
namespace {

class MultiInstanceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto& pg = PostgresServer::shared();
    url_ = pg.fresh_database(::testing::UnitTest::GetInstance()->current_test_info()->name());
    ASSERT_TRUE(pg.error().empty()) << pg.error();
    a_ = std::make_unique<ServerProcess>(url_);
    b_ = std::make_unique<ServerProcess>(url_);
    ASSERT_TRUE(a_->start());
    ASSERT_TRUE(b_->start());
  }
  json state(int port, const std::string& id) { return http_get(port, "/api/games/" + id).body; }

  std::string url_;
  std::unique_ptr<ServerProcess> a_, b_;
};

TEST_F(MultiInstanceTest, SeatsOnTwoInstancesSeeEachOthersMoves) {
  auto g = http_post(a_->port(), "/api/games", {{"game", "togyz"}, {"mode", "online"}, {"color", "white"}});
  ASSERT_EQ(g.status, 201) << g.text;
  const std::string id = g.body["id"], white = g.body["seat"]["token"];
  const std::string invite = g.body["invite"];
  const std::string black = invite.substr(invite.rfind('/') + 1);
  WsClient w(a_->port(), "/ws/games/" + id + "?token=" + white);
  WsClient b(b_->port(), "/ws/games/" + id + "?token=" + black);
  WsClient spectator(b_->port(), "/ws/games/" + id);
  for (auto* c : {&w, &b, &spectator}) ASSERT_TRUE(c->read_state_at(0));
  w.send({{"type", "move"}, {"move", "6"}});  // on A
  for (auto* c : {&w, &b, &spectator}) {
    auto s = c->read_state_at(1);
    ASSERT_TRUE(s);
    EXPECT_EQ((*s)["moves"], json{"65(10)"});
  }
  b.send({{"type", "move"}, {"move", "1"}});  // on B
  for (auto* c : {&w, &b, &spectator}) {
    auto s = c->read_state_at(2);
    ASSERT_TRUE(s);
    EXPECT_EQ((*s)["moves"].size(), 2u);
  }
  // A resignation on B ends the game on A too.
  auto r = http_post(b_->port(), "/api/games/" + id + "/resign", {{"token", white}});
  ASSERT_EQ(r.status, 200) << r.text;
  for (int i = 0; i < 5; ++i) {
    auto m = w.read();
    ASSERT_TRUE(m);
    if ((*m)["state"]["status"] == "finished") break;
  }
  EXPECT_EQ(state(a_->port(), id)["result"], "0-1");
}

TEST_F(MultiInstanceTest, TheComputerMovesOnceAcrossInstances) {
  auto g = http_post(a_->port(), "/api/games", {{"game", "togyz"}, {"mode", "ai"}, {"level", 0}, {"color", "white"}});
  ASSERT_EQ(g.status, 201) << g.text;
  const std::string id = g.body["id"], token = g.body["seat"]["token"];
  // Both instances hold the game and follow it; the human moves on each in turn.
  WsClient on_a(a_->port(), "/ws/games/" + id);
  WsClient on_b(b_->port(), "/ws/games/" + id + "?token=" + token);
  ASSERT_TRUE(on_a.read_state_at(0));
  ASSERT_TRUE(on_b.read_state_at(0));
  for (std::size_t ply = 0; ply < 12; ply += 2) {
    const int port = ply % 4 == 0 ? a_->port() : b_->port();
    json s = state(port, id);
    ASSERT_EQ(s["ply"], ply) << s.dump();
    const std::string move = s["legal_moves"][0];
    auto r = http_post(port, "/api/games/" + id + "/moves", {{"move", move}, {"token", token}});
    ASSERT_EQ(r.status, 200) << r.text;
    auto sa = on_a.read_state_at(ply + 2);
    auto sb = on_b.read_state_at(ply + 2);
    ASSERT_TRUE(sa && sb) << "no computer reply at ply " << ply;
    EXPECT_EQ((*sa)["moves"], (*sb)["moves"]);
  }
  // Nothing more comes: one computer move per human move, on both instances alike.
  if (auto extra = on_a.read(std::chrono::milliseconds(300))) {
    EXPECT_EQ((*extra)["state"]["ply"], 12);
  }
  EXPECT_EQ(state(a_->port(), id)["moves"], state(b_->port(), id)["moves"]);
  EXPECT_EQ(state(b_->port(), id)["ply"], 12);
}

TEST_F(MultiInstanceTest, KillingAnInstanceLosesNothingAndTheOtherTakesOverTheComputer) {
  // A human game and a game against the computer at its slowest level (1 s a move).
  auto h = http_post(a_->port(), "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
  auto c = http_post(a_->port(), "/api/games", {{"game", "togyz"}, {"mode", "ai"}, {"level", 10}, {"color", "white"}});
  ASSERT_EQ(h.status, 201);
  ASSERT_EQ(c.status, 201);
  const std::string hid = h.body["id"], htoken = h.body["seat"]["token"];
  const std::string cid = c.body["id"], ctoken = c.body["seat"]["token"];
  for (const char* m : {"6", "1", "7"}) ASSERT_EQ(http_post(a_->port(), "/api/games/" + hid + "/moves", {{"move", m}, {"token", htoken}}).status, 200);
  WsClient follower(b_->port(), "/ws/games/" + cid + "?token=" + ctoken);
  ASSERT_TRUE(follower.read_state_at(0));
  auto r = http_post(a_->port(), "/api/games/" + cid + "/moves", {{"move", "6"}, {"token", ctoken}});
  ASSERT_EQ(r.status, 200);
  // Usually A claims the computer's move and thinks for 1 s; B, told of the move by the notify
  // of A's own commit, can win that race. Either way killing A must lose nothing.
  ASSERT_TRUE(follower.read_state_at(1));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  a_->kill9();
  // B takes the computer's move over once A's claim is gone with A's connections.
  auto reply = follower.read_state_at(2);
  ASSERT_TRUE(reply) << "B did not take over the computer's move";
  EXPECT_EQ((*reply)["moves"][0], "65(10)");
  // The human game plays on through B with every move A acknowledged.
  json s = state(b_->port(), hid);
  ASSERT_EQ(s["ply"], 3);
  ASSERT_EQ(http_post(b_->port(), "/api/games/" + hid + "/moves", {{"move", s["legal_moves"][0]}, {"token", htoken}}).status, 200);
  EXPECT_EQ(state(b_->port(), hid)["ply"], 4);
  EXPECT_EQ(state(b_->port(), cid)["ply"], 2);
}

}  // namespace
}  // namespace oyin::testing
