// A pushed state carries the last moves, not the whole list: a long game costs every subscriber
// the same few bytes a move (issue 36, item 20). The first state of a connection and GET carry
// the whole list.
#include <gtest/gtest.h>

#include "server/server_process.h"

namespace oyin::testing {
namespace {

class StatePushTest : public ServerTest {};

TEST_F(StatePushTest, PushesCarryTheLastMovesOnly) {
  const auto made = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["id"], token = made.body["seat"]["token"];
  WsClient watcher(port_, "/ws/games/" + id);
  const auto first = watcher.read();
  ASSERT_TRUE(first);
  std::vector<std::string> rebuilt = (*first)["state"]["moves"];
  json st = made.body["state"];
  int plies = 0;
  for (; plies < 80 && st["status"] == "ongoing"; ++plies) {
    const auto& legal = st["legal_moves"];
    const auto r = http_post(port_, "/api/games/" + id + "/moves",
                             {{"move", legal[static_cast<std::size_t>(plies * 5) % legal.size()]}, {"token", token}});
    ASSERT_EQ(r.status, 200) << r.text;
    st = r.body;
    ASSERT_EQ(st["moves"].size(), static_cast<std::size_t>(plies + 1)) << "a reply carries the whole list";
    // The push of this move: at most the last two moves, placed by moves_from.
    std::optional<json> push;
    while (!push || (*push)["state"]["ply"] != plies + 1) {
      push = watcher.read();
      ASSERT_TRUE(push);
    }
    const json& p = (*push)["state"];
    ASSERT_LE(p["moves"].size(), 2u) << "ply " << plies + 1;
    const std::size_t from = p["moves_from"];
    ASSERT_LE(from, rebuilt.size());
    rebuilt.resize(from);
    for (const auto& m : p["moves"]) rebuilt.push_back(m);
  }
  ASSERT_GE(plies, 40);
  EXPECT_EQ(json(rebuilt), http_get(port_, "/api/games/" + id).body["moves"]);
}

}  // namespace
}  // namespace oyin::testing
