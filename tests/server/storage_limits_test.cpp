// What one client can make the server keep: new games and imports are limited per client (the
// account, else the address), and games nobody ever moved in are deleted after a while
// (issue 36, item 11).
#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

#include "server/account_client.h"
#include "server/server_process.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

class StorageLimitsTest : public ServerWithOptions {};

TEST_F(StorageLimitsTest, NewGamesAreLimitedPerClient) {
  start();
  const json hotseat{{"game", "togyz"}, {"mode", "hotseat"}};
  for (int i = 0; i < 30; ++i) ASSERT_EQ(http_post(port_, "/api/games", hotseat).status, 201) << i;
  const auto refused = http_post(port_, "/api/games", hotseat);
  EXPECT_EQ(refused.status, 429) << refused.text;
  EXPECT_EQ(refused.body["code"], "too_many_games");
  EXPECT_GE(refused.body["params"]["wait_s"], 1);
  EXPECT_FALSE(refused.header("Retry-After").empty());
  // A signed-in player at the same address has a limit of their own.
  CookieClient player(port_);
  ASSERT_EQ(player.sign_up("Nurlan", "nurlan-long-password").status, 201);
  EXPECT_EQ(player.post("/api/games", hotseat).status, 201);
}

TEST_F(StorageLimitsTest, ImportsAreLimitedInNumberAndSize) {
  start();
  // Ten small imports pass, the eleventh waits.
  const auto made = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["id"], token = made.body["seat"]["token"];
  ASSERT_EQ(http_post(port_, "/api/games/" + id + "/moves", {{"move", "6"}, {"token", token}}).status, 200);
  const auto record = http_get(port_, "/api/games/" + id + "/record");
  ASSERT_EQ(record.status, 200);
  for (int i = 0; i < 10; ++i)
    ASSERT_EQ(http_post(port_, "/api/import", {{"game", "togyz"}, {"record", record.text}}).status, 201) << i;
  const auto eleventh = http_post(port_, "/api/import", {{"game", "togyz"}, {"record", record.text}});
  EXPECT_EQ(eleventh.status, 429);
  EXPECT_EQ(eleventh.body["code"], "too_many_imports");
  // Another client (an account) sends records of 900 KB: the fifth is over 4 MB in the hour.
  CookieClient big(port_);
  ASSERT_EQ(big.sign_up("Saule", "saule-long-password").status, 201);
  const std::string padding(900 * 1024, ' ');
  for (int i = 0; i < 4; ++i) EXPECT_NE(big.post("/api/import", {{"game", "togyz"}, {"record", padding}}).status, 429) << i;
  const auto fifth = big.post("/api/import", {{"game", "togyz"}, {"record", padding}});
  EXPECT_EQ(fifth.status, 429);
  EXPECT_EQ(fifth.body["code"], "too_many_imports");
}

TEST_F(StorageLimitsTest, GamesNobodyMovedInAreDeletedAfterAWhile) {
  start({"--drop-unstarted-after", "1"});
  const auto empty = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "online"}});
  const auto started = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
  ASSERT_EQ(empty.status, 201);
  ASSERT_EQ(started.status, 201);
  const std::string gone = empty.body["id"], kept = started.body["id"];
  ASSERT_EQ(http_post(port_, "/api/games/" + kept + "/moves", {{"move", "6"}, {"token", started.body["seat"]["token"]}}).status, 200);
  // Swept within a second or two (a sweep a second); the deadline is for a busy machine.
  EXPECT_TRUE(wait_until([&] { return http_get(port_, "/api/games/" + gone).status == 404; }, kWaitDeadline,
                         std::chrono::milliseconds(100)))
      << "a game nobody moved in is still there after 10 s";
  EXPECT_EQ(http_get(port_, "/api/games/" + kept).status, 200);
  EXPECT_EQ(http_get(port_, "/api/games").body["total"], 1);
}

}  // namespace
}  // namespace oyin::testing
