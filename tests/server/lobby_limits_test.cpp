// The lobby cannot be crowded by one client: a guest (by address) or an account has at most 3
// open seeks, an account at most 10 open challenges and 3 to the same player, and a client at
// most 8 lobby sockets; the list is newest first, and a player's incoming challenges show a
// friend's challenge however many another sender tried to send. Real `oyin serve --clock
// manual` over loopback (every guest here has the address 127.0.0.1); SQLite and PostgreSQL.
#include <gtest/gtest.h>

#include "server/account_client.h"
#include "server/accounts_from_address.h"
#include "server/manual_clock_server.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

const json kBlitz{{"initial_s", 180}, {"increment_s", 2}};
const json kSeek{{"game", "togyz"}, {"rules", ""}, {"clock", kBlitz}};

class LobbyLimitsTest : public ManualClockServerTest {
 protected:
  LobbyLimitsTest() : ManualClockServerTest("oyin_lobby_limits_") {}
  json seeks() { return http_get(port_, "/api/seeks").body["seeks"]; }
  // Each account signs up from an address of its own (an address may sign up five an hour).
  CookieClient account(const std::string& name) {
    CookieClient c(port_);
    const auto r = sign_up_from("127.0.1." + std::to_string(++sign_ups_), port_, name, name + "-secret-9");
    EXPECT_EQ(r.status, 201) << name << " " << r.text;
    const std::string set = r.header("Set-Cookie");
    c.set_cookie(set.substr(0, set.find(';')));
    return c;
  }
  int sign_ups_ = 0;
  static json challenge_to(const std::string& name) {
    json c = kSeek;
    c["to"] = name;
    return c;
  }
  // The first message of a new lobby socket.
  static std::optional<json> first(WsClient& ws) { return ws.read(); }
};

TEST_F(LobbyLimitsTest, AGuestsFourthSeekIsRefusedAndAnAccountsToo) {
  std::vector<json> mine;
  for (int i = 0; i < 3; ++i) {
    auto r = http_post(port_, "/api/seeks", kSeek);
    ASSERT_EQ(r.status, 201) << "seek " << i << ": " << r.text;
    mine.push_back(r.body);
    advance(1'000);
  }
  auto fourth = http_post(port_, "/api/seeks", kSeek);
  EXPECT_EQ(fourth.status, 429) << fourth.text;
  EXPECT_EQ(fourth.body["code"], "too_many_seeks");
  EXPECT_EQ(fourth.body["params"]["max"], 3);
  ASSERT_EQ(seeks().size(), 3u);
  // Newest first: a flood of old seeks cannot push a new one off the list.
  EXPECT_EQ(seeks()[0]["id"], mine[2]["id"]);
  EXPECT_EQ(seeks()[2]["id"], mine[0]["id"]);

  // A seek cancelled (or taken, or expired) frees its place.
  ASSERT_EQ(http_post(port_, "/api/seeks/" + std::string(mine[0]["id"]) + "/cancel", {{"token", mine[0]["token"]}}).status, 200);
  EXPECT_EQ(http_post(port_, "/api/seeks", kSeek).status, 201);
  EXPECT_EQ(http_post(port_, "/api/seeks", kSeek).status, 429);

  // An account counts on its own, whatever its address.
  CookieClient alice = account("alice");
  for (int i = 0; i < 3; ++i) EXPECT_EQ(alice.post("/api/seeks", kSeek).status, 201) << i;
  auto over = alice.post("/api/seeks", kSeek);
  EXPECT_EQ(over.status, 429) << over.text;
  EXPECT_EQ(over.body["code"], "too_many_seeks");
  EXPECT_EQ(seeks().size(), 6u);
}

TEST_F(LobbyLimitsTest, AFriendsChallengeIsSeenAfterAnotherAccountTriedAFlood) {
  CookieClient mallory = account("mallory"), bob = account("bob"), carol = account("carol");
  int sent = 0, refused = 0;
  for (int i = 0; i < 200; ++i) {
    auto r = mallory.post("/api/challenges", challenge_to("bob"));
    if (r.status == 201) ++sent;
    if (r.status == 429 && r.body["code"] == "too_many_challenges") ++refused;
  }
  EXPECT_EQ(sent, 3) << "challenges from one account to one player";
  EXPECT_EQ(refused, 197);
  advance(1'000);
  auto friendly = carol.post("/api/challenges", challenge_to("bob"));
  ASSERT_EQ(friendly.status, 201) << friendly.text;
  const json in = bob.get("/api/challenges").body["incoming"];
  EXPECT_EQ(in.size(), 4u);
  bool seen = false;
  for (const json& c : in) seen = seen || c["id"] == friendly.body["id"];
  EXPECT_TRUE(seen) << "carol's challenge is hidden by mallory's: " << in.dump();
  EXPECT_EQ(bob.get("/api/challenges").body["incoming"][0]["from"], "carol") << "newest first";

  // At most 10 open challenges from one account, to anyone.
  for (const char* name : {"dave", "erin", "frank"}) {
    account(name);
    for (int i = 0; i < 3 && sent < 10; ++i, ++sent)
      EXPECT_EQ(mallory.post("/api/challenges", challenge_to(name)).status, 201) << name << " " << i;
  }
  ASSERT_EQ(sent, 10);
  auto eleventh = mallory.post("/api/challenges", challenge_to("frank"));
  EXPECT_EQ(eleventh.status, 429) << eleventh.text;
  EXPECT_EQ(eleventh.body["code"], "too_many_challenges");
  EXPECT_EQ(mallory.get("/api/challenges").body["outgoing"].size(), 10u);
}

TEST_F(LobbyLimitsTest, AClientHasAtMostEightLobbySockets) {
  std::vector<std::unique_ptr<WsClient>> open;
  for (int i = 0; i < 8; ++i) {
    open.push_back(std::make_unique<WsClient>(port_, "/ws/lobby"));
    auto m = first(*open.back());
    ASSERT_TRUE(m) << "socket " << i;
    ASSERT_EQ((*m)["type"], "seeks") << "socket " << i << ": " << m->dump();
  }
  WsClient ninth(port_, "/ws/lobby");
  auto refused = first(ninth);
  ASSERT_TRUE(refused) << "the ninth lobby socket got no answer";
  EXPECT_EQ((*refused)["type"], "error") << refused->dump();
  EXPECT_EQ((*refused)["code"], "too_many_sockets");
  EXPECT_FALSE(ninth.read(std::chrono::milliseconds(2000))) << "the ninth lobby socket stays open";

  // A signed-in account counts on its own.
  CookieClient alice = account("alice");
  WsClient alices(port_, "/ws/lobby", alice.cookie());
  auto m = first(alices);
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["type"], "seeks");

  // A socket closed frees its place (once the server has seen it go).
  open.back()->close();
  open.pop_back();
  EXPECT_TRUE(wait_until(
      [&] {
        WsClient again(port_, "/ws/lobby");
        auto a = first(again);
        return a && (*a)["type"] == "seeks";
      },
      kWaitDeadline, std::chrono::milliseconds(20)))
      << "the closed socket's place was not freed";
}

}  // namespace
}  // namespace oyin::testing
