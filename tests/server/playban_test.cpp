// Automatic pairing bans ("playbans", issue 36) over real HTTP and WebSocket against
// `oyin serve --clock manual`: a game between two accounts lost on time by a player gone from it,
// or sat out to the flag in a position the engine sees as lost, is a bad ending; the first in a
// week is a warning, the second a 15-minute ban from games with people (seeks, quick pairing,
// challenges) that the player is told of, while games against the computer stay open. Time
// trouble in a playable position is no bad ending. Runs on SQLite and on PostgreSQL.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "server/account_client.h"
#include "server/manual_clock_server.h"

namespace oyin::testing {
namespace {

const json kMinute{{"initial_s", 60}, {"increment_s", 0}};
// Capture Go on 5x5, first capture wins: Black's stone on A1 has one liberty (A2) that White takes
// next, and Black can neither save it nor capture first. After Black E5 and White E1, Black to move
// is lost, and the engine proves it.
const std::string kLostForBlack = "size=5,target=1,setup=Ba1+Wb1+Wb2+Wa3";

class PlaybanTest : public ManualClockServerTest {
 protected:
  PlaybanTest() : ManualClockServerTest("oyin_playban_") {}
  CookieClient account(const std::string& name) {
    CookieClient c(port_);
    const auto r = c.sign_up(name, name + "-long-password");
    EXPECT_EQ(r.status, 201) << r.text;
    return c;
  }
  // An online game `first` (who challenges, and moves first) plays against `second`; its id.
  std::string game_between(CookieClient& first, CookieClient& second, const std::string& second_name,
                           const std::string& game = "togyz", const std::string& rules = "", const json& clock = kMinute) {
    auto c = first.post("/api/challenges", {{"to", second_name}, {"game", game}, {"rules", rules}, {"clock", clock},
                                            {"rated", false}, {"color", game == "capgo" ? "black" : "white"}});
    EXPECT_EQ(c.status, 201) << c.text;
    auto a = second.post("/api/challenges/" + c.body.value("id", "") + "/accept");
    EXPECT_EQ(a.status, 201) << a.text;
    return a.body.value("game_id", "");
  }
  static void move(CookieClient& who, const std::string& id, const std::string& m) {
    auto r = who.post("/api/games/" + id + "/moves", {{"move", m}});
    ASSERT_EQ(r.status, 200) << r.text;
  }
  // Both play their untimed first move; the first player's clock then runs out.
  void first_player_flags(CookieClient& first, CookieClient& second, const std::string& id) {
    move(first, id, http_get(port_, "/api/games/" + id).body["legal_moves"][0]);
    move(second, id, http_get(port_, "/api/games/" + id).body["legal_moves"][0]);
    advance(61'000);
    const json g = http_get(port_, "/api/games/" + id).body;
    ASSERT_EQ(g["end"]["code"], "time") << g["end"];
  }
  // The player's standing once there are `n` bad endings (and a ban, when `banned`): they are
  // noted off the timer's thread, the ban just after.
  json bad_endings_when(CookieClient& who, std::size_t n, bool banned = false) {
    json p;
    for (int i = 0; i < 200; ++i) {
      p = who.get("/api/playban").body;
      if (p["bad_endings"].size() >= n && (!banned || p["banned"] == true)) return p;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ADD_FAILURE() << "still " << p["bad_endings"].size() << " bad endings, not " << n << ": " << p;
    return p;
  }
};

TEST_F(PlaybanTest, LeavingTwoGamesEarnsABanFromGamesWithPeopleThatSaysWhy) {
  auto alice = account("alice"), bob = account("bob");
  // Alice never opens the game's page (no connection): when her flag falls she has left.
  const std::string first = game_between(alice, bob, "bob");
  first_player_flags(alice, bob, first);
  json p = bad_endings_when(alice, 1);
  EXPECT_EQ(p["banned"], false) << "the first is a warning: " << p;
  EXPECT_EQ(p["bad_endings"][0]["game_id"], first);
  EXPECT_EQ(p["bad_endings"][0]["kind"], "left");
  EXPECT_EQ(p["next_ban_minutes"], 15);
  EXPECT_TRUE(bob.get("/api/playban").body["bad_endings"].empty()) << "the winner did nothing wrong";

  const std::string second = game_between(alice, bob, "bob");
  first_player_flags(alice, bob, second);
  p = bad_endings_when(alice, 2, true);
  // 15 minutes from when the flag fell (the clock was moved on a second past it).
  EXPECT_GE(p["wait_s"].get<int>(), 15 * 60 - 1) << p;
  EXPECT_LE(p["wait_s"].get<int>(), 15 * 60) << p;
  EXPECT_EQ(p["next_ban_minutes"], 45) << "each ban three times the last";

  const json seek{{"game", "togyz"}, {"rules", ""}, {"clock", kMinute}, {"rated", false}, {"color", "random"}};
  auto r = alice.post("/api/seeks", seek);
  EXPECT_EQ(r.status, 403) << r.text;
  EXPECT_EQ(r.body["code"], "playban");
  EXPECT_EQ(r.body["params"]["wait_min"], 15) << r.text;
  EXPECT_EQ(r.body["params"]["count"], 2);
  EXPECT_NE(std::string(r.body["error"]).find("resign instead"), std::string::npos) << r.body["error"];
  EXPECT_EQ(alice.post("/api/pairing", {{"game", "togyz"}, {"rules", ""}, {"clock", kMinute}, {"rated", false}}).body["code"],
            "playban");
  EXPECT_EQ(alice.post("/api/challenges", {{"to", "bob"}, {"game", "togyz"}, {"rules", ""}, {"clock", kMinute},
                                           {"rated", false}, {"color", "white"}})
                .body["code"],
            "playban");
  auto theirs = bob.post("/api/seeks", seek);
  ASSERT_EQ(theirs.status, 201);
  EXPECT_EQ(alice.post("/api/seeks/" + std::string(theirs.body["id"]) + "/accept").body["code"], "playban");
  // The computer is always there to play.
  EXPECT_EQ(alice.post("/api/games", {{"game", "togyz"}, {"mode", "ai"}, {"level", 0}}).status, 201);

  advance(15LL * 60 * 1000);
  EXPECT_EQ(alice.get("/api/playban").body["banned"], false);
  EXPECT_EQ(alice.post("/api/seeks", seek).status, 201) << "the ban is over";
}

TEST_F(PlaybanTest, SittingOutALostPositionIsABadEndingAndTimeTroubleInAPlayableOneIsNot) {
  auto alice = account("alice"), bob = account("bob");
  // A playable position: Alice, at the table (her page open), lets her whole minute run out.
  const std::string even = game_between(alice, bob, "bob");
  {
    WsClient page(port_, "/ws/games/" + even, alice.cookie());
    ASSERT_TRUE(page.read());
    first_player_flags(alice, bob, even);
  }
  // A lost one: Black (Alice) to move, captured next move whatever she plays; she sits it out.
  const std::string lost = game_between(alice, bob, "bob", "capgo", kLostForBlack);
  WsClient page(port_, "/ws/games/" + lost, alice.cookie());
  ASSERT_TRUE(page.read());
  move(alice, lost, "e5");
  move(bob, lost, "e1");
  advance(61'000);
  const json g = http_get(port_, "/api/games/" + lost).body;
  ASSERT_EQ(g["end"]["code"], "time");
  const json p = bad_endings_when(alice, 1);
  ASSERT_EQ(p["bad_endings"].size(), 1u) << p;
  EXPECT_EQ(p["bad_endings"][0]["game_id"], lost) << "the flag in the playable position counts for nothing";
  EXPECT_EQ(p["bad_endings"][0]["kind"], "sat");
}

TEST_F(PlaybanTest, AClaimAgainstAPlayerWhoLeftIsABadEndingAndTheBanIsInTheAuditLog) {
  auto alice = account("alice"), bob = account("bob");
  for (int game = 0; game < 2; ++game) {
    const std::string id = game_between(alice, bob, "bob", "togyz", "", {{"initial_s", 180}, {"increment_s", 0}});
    move(alice, id, http_get(port_, "/api/games/" + id).body["legal_moves"][0]);
    move(bob, id, http_get(port_, "/api/games/" + id).body["legal_moves"][0]);
    move(alice, id, http_get(port_, "/api/games/" + id).body["legal_moves"][0]);
    // Bob, to move, is gone (he never opened the game's page): after a minute Alice claims it.
    advance(59'000);
    auto early = alice.post("/api/games/" + id + "/claim");
    ASSERT_EQ(early.body["code"], "claim_too_early") << early.text;
    advance(1'000);
    auto r = alice.post("/api/games/" + id + "/claim");
    ASSERT_EQ(r.status, 200) << r.text;
    ASSERT_EQ(r.body["end"]["code"], "abandoned") << r.body["end"];
  }
  const json p = bad_endings_when(bob, 2, true);
  EXPECT_EQ(p["bad_endings"][0]["kind"], "left");
  auto mod = account("mod");
  const auto [code, out] = run_command(std::string(server_binary()) + " admin grant-moderator mod --db '" + server_->store() + "'");
  ASSERT_EQ(code, 0) << out;
  const json log = mod.get("/api/mod/audit").body["entries"];
  ASSERT_GE(log.size(), 3u) << log;
  EXPECT_EQ(log[1]["actor"], "server");
  EXPECT_EQ(log[1]["action"], "playban");
  EXPECT_EQ(log[1]["target"], "bob");
  EXPECT_EQ(log[2]["action"], "playban_warning");
  const json standing = mod.get("/api/mod/players/bob").body;
  EXPECT_FALSE(standing["playban_until_ms"].is_null()) << standing;
  EXPECT_EQ(standing["bad_endings"].size(), 2u);
}

}  // namespace
}  // namespace oyin::testing
