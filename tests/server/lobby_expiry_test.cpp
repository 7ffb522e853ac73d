// A seek's life is kept in the store, not in a server's memory: after its server is killed and
// restarted, or when the instance its creator was connected to dies while another instance on
// the same PostgreSQL goes on, the seek is gone from the lists once the grace time has passed,
// and accepting it is refused instead of making a game nobody plays. Real `oyin serve --clock
// manual` processes; SQLite and, in the postgresql. pass, PostgreSQL.
#include <gtest/gtest.h>

#include "server/manual_clock_server.h"
#include "support/postgres_server.h"

namespace oyin::testing {
namespace {

const json kBlitz{{"initial_s", 180}, {"increment_s", 2}};
constexpr std::int64_t kGraceMs = 30'000;  // server::kSeekGraceMs

// Reads pushes until a list of `n` seeks arrives.
std::optional<json> read_list_of(WsClient& ws, std::size_t n) {
  for (int i = 0; i < 20; ++i) {
    auto m = ws.read();
    if (!m) return std::nullopt;
    if ((*m)["type"] == "seeks" && (*m)["seeks"].size() == n) return (*m)["seeks"];
  }
  return std::nullopt;
}

// Says hello for `token` and waits until the server has handled it (a ping is answered after).
void hello(WsClient& ws, const std::string& token) {
  ws.send({{"type", "hello"}, {"seek_tokens", {token}}});
  ws.send({{"type", "ping"}, {"id", 7}});
  for (int i = 0; i < 20; ++i) {
    auto m = ws.read();
    ASSERT_TRUE(m) << "no pong";
    if ((*m)["type"] == "pong") return;
  }
  FAIL() << "no pong";
}

void advance_clock(int port, std::int64_t ms) {
  auto r = http_post(port, "/api/test/clock", {{"advance_ms", ms}});
  ASSERT_EQ(r.status, 200) << r.text;
}

class LobbyExpiryTest : public ManualClockServerTest {
 protected:
  LobbyExpiryTest() : ManualClockServerTest("oyin_lobby_expiry_") {}
  json seeks() { return http_get(port_, "/api/seeks").body["seeks"]; }
  // Kills the server (no goodbye) and starts it again on the same store.
  void kill_and_restart() {
    server_->kill9();
    ASSERT_TRUE(server_->start()) << "the server did not start again";
    port_ = server_->port();
  }
};

TEST_F(LobbyExpiryTest, SeeksOfAKilledServerExpireAfterItsRestartAndCannotBeAccepted) {
  std::string held_id, lonely_id;
  {
    WsClient creator(port_, "/ws/lobby");
    ASSERT_TRUE(read_list_of(creator, 0));
    auto held = http_post(port_, "/api/seeks", {{"game", "togyz"}, {"clock", kBlitz}});
    ASSERT_EQ(held.status, 201) << held.text;
    held_id = held.body["id"];
    hello(creator, held.body["token"]);
    auto lonely = http_post(port_, "/api/seeks", {{"game", "togyz"}});  // its creator never said hello
    ASSERT_EQ(lonely.status, 201) << lonely.text;
    lonely_id = lonely.body["id"];
    kill_and_restart();
  }
  // Their creators may still come back within the grace time.
  EXPECT_EQ(seeks().size(), 2u);
  WsClient watcher(port_, "/ws/lobby");
  ASSERT_TRUE(read_list_of(watcher, 2));

  advance(kGraceMs + 1'000);
  EXPECT_TRUE(seeks().empty()) << "seeks whose creators are gone stay listed after a restart: " << seeks().dump();
  EXPECT_TRUE(read_list_of(watcher, 0)) << "the lobby was not told that the seeks expired";
  for (const std::string& id : {held_id, lonely_id}) {
    auto accepted = http_post(port_, "/api/seeks/" + id + "/accept", json::object());
    EXPECT_EQ(accepted.status, 410) << accepted.text;
    EXPECT_EQ(accepted.body["code"], "seek_expired");
  }
  EXPECT_EQ(http_get(port_, "/api/games").body["total"], 0) << "an expired seek made a game";
}

// The other side of it: a creator back on the restarted server holds its seek on.
TEST_F(LobbyExpiryTest, ACreatorBackAfterARestartKeepsItsSeek) {
  auto r = http_post(port_, "/api/seeks", {{"game", "togyz"}, {"clock", kBlitz}});
  ASSERT_EQ(r.status, 201) << r.text;
  const std::string id = r.body["id"], token = r.body["token"];
  kill_and_restart();
  WsClient creator(port_, "/ws/lobby");
  ASSERT_TRUE(read_list_of(creator, 1));
  hello(creator, token);
  advance(4 * kGraceMs);
  ASSERT_EQ(seeks().size(), 1u) << "a seek whose creator is in the lobby expired";
  auto accepted = http_post(port_, "/api/seeks/" + id + "/accept", json::object());
  EXPECT_EQ(accepted.status, 201) << accepted.text;
}

// Two instances on one PostgreSQL, each on a manual clock moved alike: the seek held by a socket
// on A stays while A renews it, and expires on B once A is killed.
class LobbyExpiryTwoInstancesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto& pg = PostgresServer::shared();
    url_ = pg.fresh_database(::testing::UnitTest::GetInstance()->current_test_info()->name());
    ASSERT_TRUE(pg.error().empty()) << pg.error();
    const std::vector<std::string> manual{"--clock", "manual"};
    a_ = std::make_unique<ServerProcess>(url_, "/nonexistent", manual);
    b_ = std::make_unique<ServerProcess>(url_, "/nonexistent", manual);
    ASSERT_TRUE(a_->start());
    ASSERT_TRUE(b_->start());
  }
  std::string url_;
  std::unique_ptr<ServerProcess> a_, b_;
};

TEST_F(LobbyExpiryTwoInstancesTest, ASeekHeldOnAKilledInstanceExpiresOnTheOther) {
  WsClient creator(a_->port(), "/ws/lobby");
  ASSERT_TRUE(read_list_of(creator, 0));
  auto r = http_post(a_->port(), "/api/seeks", {{"game", "togyz"}, {"clock", kBlitz}});
  ASSERT_EQ(r.status, 201) << r.text;
  const std::string id = r.body["id"];
  hello(creator, r.body["token"]);
  WsClient watcher(b_->port(), "/ws/lobby");
  ASSERT_TRUE(read_list_of(watcher, 1));

  for (int i = 0; i < 4; ++i) {  // A renews it as time goes by
    advance_clock(a_->port(), kGraceMs / 2);
    advance_clock(b_->port(), kGraceMs / 2);
  }
  ASSERT_EQ(http_get(b_->port(), "/api/seeks").body["seeks"].size(), 1u) << "a seek held on A expired on B";

  a_->kill9();
  advance_clock(b_->port(), kGraceMs + 1'000);
  EXPECT_TRUE(http_get(b_->port(), "/api/seeks").body["seeks"].empty()) << "the seek held on the killed A stays listed on B";
  EXPECT_TRUE(read_list_of(watcher, 0)) << "B's lobby was not told that the seek expired";
  auto accepted = http_post(b_->port(), "/api/seeks/" + id + "/accept", json::object());
  EXPECT_EQ(accepted.status, 410) << accepted.text;
  EXPECT_EQ(accepted.body["code"], "seek_expired");
}

}  // namespace
}  // namespace oyin::testing
