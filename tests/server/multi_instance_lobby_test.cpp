// The lobby with two `oyin serve` instances on one PostgreSQL database (the test's own server):
// a seek posted on one is listed live on the other, acceptors racing on both get one game and
// conflicts, and the creator hears of its game on the instance it is connected to whichever
// instance the seek was accepted on.
#include <gtest/gtest.h>

#include "server/accept_race.h"
#include "server/server_process.h"
#include "support/postgres_server.h"

namespace oyin::testing {
namespace {

const json kBlitz{{"initial_s", 180}, {"increment_s", 2}};

class MultiInstanceLobbyTest : public ::testing::Test {
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
  // Reads lobby pushes until a list of `n` seeks arrives.
  static std::optional<json> read_list_of(WsClient& ws, std::size_t n) {
    for (int i = 0; i < 20; ++i) {
      auto m = ws.read();
      if (!m) return std::nullopt;
      if ((*m)["type"] == "seeks" && (*m)["seeks"].size() == n) return (*m)["seeks"];
    }
    return std::nullopt;
  }
  static std::optional<json> read_started(WsClient& ws) {
    for (int i = 0; i < 20; ++i) {
      auto m = ws.read();
      if (!m) return std::nullopt;
      if ((*m)["type"] == "game_started") return m;
    }
    return std::nullopt;
  }

  std::string url_;
  std::unique_ptr<ServerProcess> a_, b_;
};

TEST_F(MultiInstanceLobbyTest, ASeekOnOneInstanceIsListedAndAcceptedOnTheOther) {
  WsClient creator(a_->port(), "/ws/lobby");
  ASSERT_TRUE(read_list_of(creator, 0));
  WsClient watcher(b_->port(), "/ws/lobby");
  ASSERT_TRUE(read_list_of(watcher, 0));
  auto r = http_post(a_->port(), "/api/seeks", {{"game", "togyz"}, {"clock", kBlitz}, {"color", "white"}});
  ASSERT_EQ(r.status, 201) << r.text;
  const std::string id = r.body["id"], token = r.body["token"];
  creator.send({{"type", "hello"}, {"seek_tokens", {token}}});
  auto listed = read_list_of(watcher, 1);
  ASSERT_TRUE(listed) << "a seek posted on A is not pushed to a lobby on B";
  EXPECT_EQ((*listed)[0]["id"], id);
  EXPECT_EQ(http_get(b_->port(), "/api/seeks").body["seeks"].size(), 1u);

  auto accepted = http_post(b_->port(), "/api/seeks/" + id + "/accept", json::object());
  ASSERT_EQ(accepted.status, 201) << accepted.text;
  const std::string game_id = accepted.body["game_id"], black = accepted.body["token"];
  ASSERT_TRUE(read_list_of(watcher, 0)) << "the accepted seek stays listed on B";
  auto started = read_started(creator);
  ASSERT_TRUE(started) << "the creator on A was not told of the game made on B";
  EXPECT_EQ((*started)["game_id"], game_id);
  const std::string white = (*started)["token"];
  EXPECT_TRUE(http_get(a_->port(), "/api/seeks").body["seeks"].empty());

  // The two seats play on their own instances.
  WsClient black_ws(b_->port(), "/ws/games/" + game_id + "?token=" + black);
  ASSERT_TRUE(black_ws.read_state_at(0));
  auto m1 = http_post(a_->port(), "/api/games/" + game_id + "/moves", {{"move", "6"}, {"token", white}});
  ASSERT_EQ(m1.status, 200) << m1.text;
  auto seen = black_ws.read_state_at(1);
  ASSERT_TRUE(seen);
  EXPECT_EQ((*seen)["moves"], json{"65(10)"});
  EXPECT_EQ(http_get(b_->port(), "/api/games/" + game_id + "?token=" + black).body["you"], "black");
  EXPECT_EQ(http_get(a_->port(), "/api/games/" + game_id + "?token=" + white).body["you"], "white");
}

TEST_F(MultiInstanceLobbyTest, AcceptorsRacingOnBothInstancesGetOneGame) {
  for (int round = 0; round < 4; ++round) {
    auto r = http_post(round % 2 ? b_->port() : a_->port(), "/api/seeks", {{"game", "togyz"}, {"clock", kBlitz}});
    ASSERT_EQ(r.status, 201) << r.text;
    const std::string id = r.body["id"];
    const AcceptRace race = race_to_accept({a_->port(), b_->port()}, id, 6);
    EXPECT_EQ(race.created, 1) << "round " << round;
    EXPECT_EQ(race.taken, 5) << "round " << round;
    EXPECT_EQ(race.other, 0) << "round " << round;
  }
  EXPECT_TRUE(http_get(a_->port(), "/api/seeks").body["seeks"].empty());
  EXPECT_TRUE(http_get(b_->port(), "/api/seeks").body["seeks"].empty());
  // Four games, each made once.
  EXPECT_EQ(http_get(a_->port(), "/api/games").body["total"], 4);
}

}  // namespace
}  // namespace oyin::testing
