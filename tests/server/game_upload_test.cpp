// POST /api/games/upload over real HTTP: a game played in the browser kept by the signed-in
// account as a finished, unrated game with its exact moves and result, shown on the player's page
// as played in the browser; illegal moves, a result the rules contradict, an unfinished game, a
// second upload of one key, too many moves, too many uploads and a guest refused.
#include <gtest/gtest.h>

#include "core/random.h"
#include "registry/builtin_games.h"
#include "registry/registry.h"
#include "server/account_client.h"

namespace oyin::testing {
namespace {

// A game played to its end by random legal moves (seeded), as the rules core plays it here.
struct Played {
  std::vector<std::string> moves;    // as sent (protocol notation)
  std::vector<std::string> history;  // as the game records them
  std::string result, reason;
};

Played random_game(const std::string& game, const std::string& rules, std::uint64_t seed) {
  register_builtin_games();
  auto st = find_game(game)->new_game(rules, "");
  EXPECT_TRUE(static_cast<bool>(st));
  Rng rng(seed);
  Played p;
  while (!(*st)->status().over()) {
    const std::string m = (*st)->random_move(rng);
    EXPECT_TRUE(static_cast<bool>((*st)->play(m))) << m;
    p.moves.push_back(m);
  }
  p.history = (*st)->history();
  p.result = result_text((*st)->status());
  p.reason = (*st)->status().reason;
  return p;
}

class GameUploadTest : public ServerTest {
 protected:
  CookieClient account(const std::string& name) {
    CookieClient c(port_);
    const auto r = c.sign_up(name, name + "-long-password");
    EXPECT_EQ(r.status, 201) << r.text;
    return c;
  }
  // A capture Go game on a small board to one capture: a few dozen moves.
  static json capgo_upload(const Played& p, const std::string& key) {
    return {{"key", key}, {"game", "capgo"}, {"rules", {{"size", 5}, {"target", 1}}}, {"mode", "ai"}, {"level", 5},
            {"color", "black"}, {"moves", p.moves}, {"result", p.result}, {"played_at", "2026-12-05T10:15:00Z"}};
  }
};

TEST_F(GameUploadTest, StoredUnratedWithTheExactMovesAndShownOnThePlayerPage) {
  CookieClient alice = account("Alice");
  const Played go = random_game("capgo", "size=5,target=1", 7);
  const auto up = alice.post("/api/games/upload", capgo_upload(go, "go-game-0001"));
  ASSERT_EQ(up.status, 201) << up.text;
  EXPECT_EQ(up.body["stored"], true);
  EXPECT_EQ(up.body["result"], go.result);
  EXPECT_EQ(up.body["reason"], go.reason);
  EXPECT_EQ(up.body["moves"], go.moves.size());
  EXPECT_EQ(up.body["played_at"], "2026-12-05T10:15:00Z");
  const std::string id = up.body["id"];
  const json st = alice.get("/api/games/" + id).body;
  EXPECT_EQ(st["status"], "finished");
  EXPECT_EQ(st["moves"], go.history);
  EXPECT_EQ(st["result"], go.result);
  EXPECT_EQ(st["rated"], false);
  EXPECT_EQ(st["mode"], "ai");
  EXPECT_EQ(st["level"], 5);
  EXPECT_EQ(st["computer"], "white");
  EXPECT_EQ(st["rules_values"]["size"], 5);
  EXPECT_EQ(st["players"][0]["username"], "Alice");
  EXPECT_EQ(st["players"][1]["computer_level"], 5);

  // Two players at one device, Togyz to its end by the rules.
  const Played togyz = random_game("togyz", "", 11);
  const auto hot = alice.post("/api/games/upload", {{"key", "togyz-hotseat-1"}, {"game", "togyz"}, {"mode", "hotseat"},
                                                    {"moves", togyz.moves}, {"result", togyz.result},
                                                    {"played_at", "2026-12-05T11:00:00Z"}});
  ASSERT_EQ(hot.status, 201) << hot.text;
  const json hot_state = alice.get("/api/games/" + hot.body["id"].get<std::string>()).body;
  EXPECT_EQ(hot_state["moves"], togyz.history);
  EXPECT_EQ(hot_state["mode"], "hotseat");
  EXPECT_EQ(hot_state["reason"], togyz.reason);

  const json page = alice.get("/api/players/Alice").body;
  ASSERT_EQ(page["recent"].size(), 2u) << page.dump();
  const json* go_row = nullptr;
  for (const json& g : page["recent"])
    if (g["id"] == id) go_row = &g;
  ASSERT_NE(go_row, nullptr) << page.dump();
  EXPECT_EQ((*go_row)["rated"], false);
  EXPECT_EQ((*go_row)["computer_level"], 5);
  EXPECT_EQ((*go_row)["played_in_browser"], "2026-12-05T10:15:00Z");
  EXPECT_EQ((*go_row)["delta"], nullptr);
  EXPECT_EQ(page["ratings"], json::array());  // never a rating
  EXPECT_EQ(page["counts"]["games"], 2);
}

TEST_F(GameUploadTest, AnIllegalMoveIsRefusedWithItsPly) {
  CookieClient bob = account("Bob");
  Played go = random_game("capgo", "size=5,target=1", 3);
  ASSERT_GE(go.moves.size(), 3u);
  go.moves[2] = go.moves[0];  // the point is taken
  const auto r = bob.post("/api/games/upload", capgo_upload(go, "illegal-0001"));
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_EQ(r.body["code"], "illegal_move");
  EXPECT_EQ(r.body["params"]["ply"], 2);
  EXPECT_EQ(r.body["params"]["move"], go.moves[0]);
  Played longer = random_game("capgo", "size=5,target=1", 3);
  longer.moves.push_back(longer.moves.back());  // a move after the end
  EXPECT_EQ(bob.post("/api/games/upload", capgo_upload(longer, "illegal-0002")).body["code"], "illegal_move");
  EXPECT_EQ(bob.get("/api/players/Bob").body["recent"], json::array());
}

TEST_F(GameUploadTest, AResultTheRulesContradictIsRefused) {
  CookieClient carol = account("Carol");
  const Played go = random_game("capgo", "size=5,target=1", 5);
  json wrong = capgo_upload(go, "contradicted-1");
  wrong["result"] = go.result == "1-0" ? "0-1" : "1-0";
  auto r = carol.post("/api/games/upload", wrong);
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_EQ(r.body["code"], "result_contradicted");
  EXPECT_EQ(r.body["params"]["rules"], go.result);
  // Unfinished and nobody resigned; a resignation that gives the computer's win is fine, one
  // that gives the resigning player's own is not.
  json half = capgo_upload(go, "unfinished-01");
  half["moves"] = std::vector<std::string>(go.moves.begin(), go.moves.begin() + 2);
  EXPECT_EQ(carol.post("/api/games/upload", half).body["code"], "game_not_over");
  half["end"] = "resign";
  json none = half;
  none["moves"] = json::array();
  none["result"] = "0-1";
  EXPECT_EQ(carol.post("/api/games/upload", none).body["code"], "game_not_over");  // no move, no game
  half["result"] = "1-0";  // Carol is Black
  r = carol.post("/api/games/upload", half);
  EXPECT_EQ(r.body["code"], "result_contradicted");
  EXPECT_EQ(r.body["params"]["rules"], "0-1");
  half["result"] = "0-1";
  r = carol.post("/api/games/upload", half);
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(r.body["reason"], "black resigned");
  const json st = carol.get("/api/games/" + r.body["id"].get<std::string>()).body;
  EXPECT_EQ(st["end"]["code"], "resign");
  EXPECT_EQ(st["result"], "0-1");
}

TEST_F(GameUploadTest, ARetriedUploadIsStoredOnce) {
  CookieClient dana = account("Dana");
  const Played go = random_game("capgo", "size=5,target=1", 9);
  const auto first = dana.post("/api/games/upload", capgo_upload(go, "retried-key-1"));
  ASSERT_EQ(first.status, 201) << first.text;
  const auto again = dana.post("/api/games/upload", capgo_upload(go, "retried-key-1"));
  EXPECT_EQ(again.status, 200) << again.text;
  EXPECT_EQ(again.body["stored"], false);
  EXPECT_EQ(again.body["id"], first.body["id"]);
  EXPECT_EQ(dana.get("/api/players/Dana").body["recent"].size(), 1u);
  // Keys are each account's own: another account's game with the same key is another game.
  CookieClient eve = account("Eve");
  const auto hers = eve.post("/api/games/upload", capgo_upload(go, "retried-key-1"));
  EXPECT_EQ(hers.status, 201);
  EXPECT_NE(hers.body["id"], first.body["id"]);
  EXPECT_EQ(dana.post("/api/games/upload", capgo_upload(go, "short")).body["code"], "bad_upload_key");
  json bad_time = capgo_upload(go, "bad-time-0001");
  bad_time["played_at"] = "yesterday";
  EXPECT_EQ(dana.post("/api/games/upload", bad_time).body["code"], "bad_played_at");
}

TEST_F(GameUploadTest, TooManyMovesAndTooManyUploadsAreRefused) {
  CookieClient fay = account("Fay");
  const Played go = random_game("capgo", "size=5,target=1", 13);
  json huge = capgo_upload(go, "too-many-moves");
  huge["moves"] = std::vector<std::string>(1001, "pass");
  const auto r = fay.post("/api/games/upload", huge);
  EXPECT_EQ(r.status, 413) << r.text;
  EXPECT_EQ(r.body["code"], "too_many_moves");
  EXPECT_EQ(r.body["params"]["max"], 1000);
  // 60 uploads an hour per account (that refusal above was the first).
  for (int i = 1; i < 60; ++i) {
    const auto ok = fay.post("/api/games/upload", capgo_upload(go, "upload-key-" + std::to_string(i)));
    ASSERT_EQ(ok.status, 201) << i << ": " << ok.text;
  }
  const auto over = fay.post("/api/games/upload", capgo_upload(go, "upload-key-60"));
  EXPECT_EQ(over.status, 429) << over.text;
  EXPECT_EQ(over.body["code"], "too_many_uploads");
  EXPECT_EQ(over.header("Retry-After"), "60");
  EXPECT_EQ(fay.get("/api/players/Fay").body["counts"]["games"], 59);
}

TEST_F(GameUploadTest, AGuestIsRefused) {
  const Played go = random_game("capgo", "size=5,target=1", 17);
  const auto r = http_post(port_, "/api/games/upload", capgo_upload(go, "guest-upload-1"));
  EXPECT_EQ(r.status, 401) << r.text;
  EXPECT_EQ(r.body["code"], "not_signed_in");
  EXPECT_EQ(http_get(port_, "/api/games?limit=5").body["total"], 0);
}

// Where the web page plays casual games against the computer: /api/meta says what the operator chose.
class BrowserGamesSwitchTest : public ServerWithOptions {};

TEST_F(BrowserGamesSwitchTest, MetaSaysWhereCasualComputerGamesArePlayed) {
  start();
  EXPECT_EQ(http_get(port_, "/api/meta").body["browser_computer_games"], true);
  ASSERT_EQ(server_->terminate(), 0);
  start({"--browser-computer-games", "false"});
  EXPECT_EQ(http_get(port_, "/api/meta").body["browser_computer_games"], false);
}

}  // namespace
}  // namespace oyin::testing
