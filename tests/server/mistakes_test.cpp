// "Learn from your mistakes" (GET /api/account/mistakes) and the review's board data, over real
// HTTP: a signed-in player's capture Go game with a clear blunder (a stone put where it has one
// liberty left, captured at once: the first capture wins) is analysed by the server's worker; the
// review marks the blunder and names the better move with the point to show; the player's
// mistakes list offers the position before it as an exercise, with the moves the analysis accepts;
// another account sees none of it, a guest is told to sign in. On both stores (the postgresql pass).
#include <gtest/gtest.h>

#include "server/account_client.h"
#include "server/server_process.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

using namespace std::chrono_literals;

class MistakesApiTest : public ServerWithOptions {
 protected:
  // Black (the signed-in player, `me`) against a guest on the other seat of an online game:
  // 1. C7 D4 2. G7 F4 3. C3 E3 4. E4?? (one liberty: E5) E5, and White has captured.
  std::string play_blunder(CookieClient& me) {
    auto r = me.post("/api/games", {{"game", "capgo"}, {"mode", "online"}, {"color", "black"}});
    EXPECT_EQ(r.status, 201) << r.text;
    const std::string id = r.body["id"], mine = r.body["seat"]["token"];
    const std::string invite = r.body.value("invite", "");
    const std::string theirs = invite.substr(invite.rfind('/') + 1);
    const char* moves[] = {"C7", "D4", "G7", "F4", "C3", "E3", "E4", "E5"};
    for (int i = 0; i < 8; ++i) {
      const json body{{"move", moves[i]}, {"token", i % 2 ? theirs : mine}};
      r = i % 2 ? http_post(port_, "/api/games/" + id + "/moves", body) : me.post("/api/games/" + id + "/moves", body);
      EXPECT_EQ(r.status, 200) << moves[i] << ": " << r.text;
    }
    EXPECT_EQ(r.body["status"], "finished") << r.text;
    EXPECT_EQ(r.body["result"], "0-1");
    return id;
  }
};

TEST_F(MistakesApiTest, ABlunderIsMarkedAndComesBackAsAnExercise) {
  start({"--workers-analysis", "1"});
  CookieClient me(port_);
  ASSERT_EQ(me.sign_up("blunderer", "correct horse battery").status, 201);
  EXPECT_EQ(http_get(port_, "/api/account/mistakes").body["code"], "not_signed_in");
  EXPECT_EQ(me.get("/api/account/mistakes?game=chess").body["code"], "unknown_game");
  EXPECT_EQ(me.get("/api/account/mistakes").body["mistakes"].size(), 0u) << "nothing analysed yet";

  const std::string id = play_blunder(me);
  auto r = me.post("/api/games/" + id + "/analysis", {{"nodes", 3000}});
  ASSERT_EQ(r.status, 202) << r.text;
  ASSERT_TRUE(wait_until([&] { return http_get(port_, "/api/games/" + id + "/analysis").body["status"] == "done"; }, 60s));
  const json a = http_get(port_, "/api/games/" + id + "/analysis").body;
  EXPECT_EQ(a["position_in_queue"], 0);
  ASSERT_EQ(a["moves"].size(), 8u) << a.dump();
  const json& blunder = a["moves"][6];
  EXPECT_EQ(blunder["move_text"], "E4");
  EXPECT_EQ(blunder["side"], "black");
  EXPECT_EQ(blunder["class"], "blunder") << blunder.dump();
  EXPECT_NE(blunder["best_text"], "E4");
  EXPECT_EQ(blunder["best_move"]["point"], blunder["best_text"]) << "the point to show on the board";
  // After E4 White captures at once: the search proves it, the position is White's.
  EXPECT_EQ(a["positions"][7]["proved"], "white") << a["positions"][7].dump();
  EXPECT_LT(a["positions"][7]["win_chance_first"].get<double>(), 0.05);
  // A blunder (a loss of 0.15 or more) keeps a side's accuracy under 84 whatever its other moves.
  EXPECT_LT(a["accuracy"]["black"].get<double>(), 84.0);
  EXPECT_GE(a["accuracy"]["white"].get<double>(), 0.0);

  r = me.get("/api/account/mistakes?game=capgo");
  ASSERT_EQ(r.status, 200) << r.text;
  const json& list = r.body["mistakes"];
  ASSERT_GE(list.size(), 1u) << r.text;
  const json* found = nullptr;
  for (const json& m : list) {
    EXPECT_EQ(m["side"], "black") << "only the player's own moves";
    EXPECT_TRUE(m["class"] == "mistake" || m["class"] == "blunder");
    if (m["ply"] == 6) found = &m;
  }
  ASSERT_NE(found, nullptr) << r.text;
  EXPECT_EQ((*found)["id"], id + "/6");
  EXPECT_EQ((*found)["game_id"], id);
  EXPECT_EQ((*found)["move_text"], "E4");
  EXPECT_EQ((*found)["board"]["to_move"], "black");
  EXPECT_EQ((*found)["accepted"][0], blunder["best"]);
  bool legal = false, played_is_legal = false;
  for (const json& l : (*found)["legal"]) {
    legal = legal || l["move"] == blunder["best"];
    played_is_legal = played_is_legal || l["point"] == "E4";
  }
  EXPECT_TRUE(legal && played_is_legal) << "the exercise is the position before the blunder";
  EXPECT_EQ(me.get("/api/account/mistakes?id=" + id).body["mistakes"].size(), list.size());
  EXPECT_EQ(me.get("/api/account/mistakes?game=togyz").body["mistakes"].size(), 0u);
  EXPECT_EQ(me.get("/api/account/mistakes?limit=0").body["code"], "bad_number");

  CookieClient other(port_);
  ASSERT_EQ(other.sign_up("bystander", "correct horse battery").status, 201);
  EXPECT_EQ(other.get("/api/account/mistakes").body["mistakes"].size(), 0u) << "another player's mistakes are theirs";
}

}  // namespace
}  // namespace oyin::testing
