// The JSON API of `oyin serve` against a real server process over loopback HTTP and WebSocket.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "book/book_engine.h"
#include "book/book_pick.h"
#include "registry/registry.h"
#include "server/server_process.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

std::string temp_db(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "oyin_api_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/" + name + ".sqlite";
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path + ext);
  return path;
}

class ApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(temp_db(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    ASSERT_TRUE(server_->start()) << "the server did not start";
    port_ = server_->port();
  }
  // A clean stop on SIGTERM: exit code 0 (under ASan/UBSan also: no error, no leak).
  void TearDown() override { EXPECT_EQ(server_->terminate(), 0); }
  json create(const json& req) {
    auto r = http_post(port_, "/api/games", req);
    EXPECT_EQ(r.status, 201) << r.text;
    return r.body;
  }
  HttpResult move(const std::string& id, const std::string& m, const std::string& token) {
    return http_post(port_, "/api/games/" + id + "/moves", {{"move", m}, {"token", token}});
  }
  // The computer answers on the worker pool; poll until the game has `ply` plies.
  json wait_for_ply(const std::string& id, std::size_t ply) {
    json st;
    if (wait_until([&] {
          st = http_get(port_, "/api/games/" + id).body;
          return st["ply"] == ply && st["thinking"] == false;
        }))
      return st;
    ADD_FAILURE() << "game " << id << " never reached ply " << ply;
    return {};
  }
  std::unique_ptr<ServerProcess> server_;
  int port_ = 0;
};

TEST_F(ApiTest, MetaListsTogyz) {
  auto r = http_get(port_, "/api/meta");
  ASSERT_EQ(r.status, 200);
  bool togyz = false;
  for (const auto& g : r.body["games"]) togyz |= g["name"] == "togyz" && g["sides"] == json{"white", "black"};
  EXPECT_TRUE(togyz) << r.text;
}

TEST_F(ApiTest, CreateMoveAndComputerReply) {
  json g = create({{"game", "togyz"}, {"mode", "ai"}, {"level", 0}, {"color", "white"}});
  EXPECT_EQ(g["seat"]["color"], "white");
  EXPECT_EQ(g["state"]["legal_moves"].size(), 9u);
  const std::string id = g["id"], token = g["seat"]["token"];
  auto r = move(id, "6", token);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["moves"], json{"65(10)"});
  const json after = wait_for_ply(id, 2);
  EXPECT_EQ(after["to_move"], "white");
  EXPECT_FALSE(after.contains("positions"));  // served by ply range, not repeated in every state
  auto p = http_get(port_, "/api/games/" + id + "/positions?from=0&to=2");
  ASSERT_EQ(p.status, 200) << p.text;
  EXPECT_EQ(p.body["positions"].size(), 3u);
  EXPECT_EQ(p.body["positions"][1], "9S,9S,9S,9S,1,10S,10S,10S,10S/9S,9S,9S,9S,9S,1S,10S,10S,10S 10 0 N 1");
  EXPECT_EQ(p.body["positions"][2], after["position"]);
  EXPECT_EQ(after["previous_position"], p.body["positions"][1]);
  EXPECT_EQ(after["status"], "ongoing");
}

TEST_F(ApiTest, ComputerMovesFirstWhenHumanIsBlack) {
  json g = create({{"game", "togyz"}, {"mode", "ai"}, {"level", 3}, {"color", "black"}});
  const json s = wait_for_ply(g["id"], 1);
  EXPECT_EQ(s["to_move"], "black");
  EXPECT_EQ(s["computer"], "white");
}

// The shipped books passed their SPRTs (README "Opening books"): the computer plays from them at
// levels 5 and above and searches below; /api/meta says so per level.
TEST_F(ApiTest, LevelFiveAndAbovePlayFromTheBookBelowFiveSearch) {
  register_builtin_games();
  auto meta = http_get(port_, "/api/meta");
  ASSERT_EQ(meta.status, 200);
  for (const auto& game : meta.body["games"]) {
    for (const auto& l : game["levels"]) {
      EXPECT_EQ(l["book"], l["level"].get<int>() >= 5) << game["name"] << " level " << l["level"];
    }
  }

  // The human takes the side that moves second, so the computer opens.
  for (const auto& [name, human] : {std::pair{"togyz", "black"}, std::pair{"tojmot", "black"}, std::pair{"capgo", "white"}}) {
    const GameEntry& g = *find_game(name);
    ASSERT_TRUE(g.book_settings().played) << name;
    const auto book = book::shipped_book(g.name());
    ASSERT_TRUE(book) << name;
    const auto start = g.new_game("", "").value();
    // The positions after the book's good moves at the start.
    std::vector<std::string> booked;
    for (const auto& e : book::good_moves(*book, book::book_moves(*book, *start))) {
      auto c = start->clone();
      ASSERT_TRUE(c->play(e.move));
      booked.push_back(c->position_text());
    }
    ASSERT_FALSE(booked.empty()) << name;
    for (int level : {5, 10}) {
      json created = create({{"game", name}, {"mode", "ai"}, {"level", level}, {"color", human}});
      const json s = wait_for_ply(created["id"], 1);
      EXPECT_TRUE(s["book_move"]) << name << " level " << level << ": " << s["moves"];
      EXPECT_NE(std::find(booked.begin(), booked.end(), s["position"].get<std::string>()), booked.end())
          << name << " level " << level << " played " << s["moves"] << ", not a good book move";
    }
    // Below level 5 the computer searches the start position (its move is not marked).
    for (int level : {0, 4}) {
      json created = create({{"game", name}, {"mode", "ai"}, {"level", level}, {"color", human}});
      const json s = wait_for_ply(created["id"], 1);
      EXPECT_FALSE(s["book_move"]) << name << " level " << level << ": " << s["moves"];
    }
  }
  // A human's move is never a book move.
  json h = create({{"game", "togyz"}, {"mode", "hotseat"}});
  auto r = move(h["id"], "7", h["seat"]["token"]);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_FALSE(r.body["book_move"]);
}

TEST_F(ApiTest, IllegalMoveIs422WithTheReason) {
  json g = create({{"game", "togyz"}, {"mode", "hotseat"}});
  const std::string id = g["id"], token = g["seat"]["token"];
  auto r = move(id, "0", token);
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.body["error"], "bad move '0': expected a pit number 1..9 first");
  ASSERT_EQ(move(id, "6", token).status, 200);  // White pit 6 keeps 1 stone...
  ASSERT_EQ(move(id, "1", token).status, 200);
  r = move(id, "65", token);                     // ...so it lands in 7, not 5
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_NE(r.body["error"].get<std::string>().find("65"), std::string::npos) << r.text;
}

TEST_F(ApiTest, WrongTokenIs403) {
  json g = create({{"game", "togyz"}, {"mode", "online"}, {"color", "white"}});
  const std::string id = g["id"], white = g["seat"]["token"];
  const std::string invite = g["invite"];
  const std::string black = invite.substr(invite.rfind('/') + 1);
  EXPECT_EQ(invite, "http://127.0.0.1:" + std::to_string(port_) + "/#/join/" + id + "/" + black);
  auto r = move(id, "6", black);
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(r.body["error"], "it is white's turn, not yours");
  r = move(id, "6", "not-a-token");
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(move(id, "6", white).status, 200);
  EXPECT_EQ(move(id, "1", white).status, 403);
  EXPECT_EQ(move(id, "1", black).status, 200);
  EXPECT_EQ(http_get(port_, "/api/games/" + id + "?token=" + black).body["you"], "black");
}

TEST_F(ApiTest, BadRequestsAreJsonErrorsNotCrashes) {
  auto r = http_call(port_, http::verb::post, "/api/games", "{not json");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "the request body is not valid JSON");
  r = http_post(port_, "/api/games", {{"game", "chess"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "unknown game 'chess'");
  r = http_post(port_, "/api/games", {{"game", "togyz"}, {"level", 11}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "level must be an integer 0..10 (got 11)");
  r = http_post(port_, "/api/games", {{"game", "togyz"}, {"color", "green"}});
  EXPECT_EQ(r.status, 400);
  r = http_post(port_, "/api/games", {{"game", 5}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "game must be a string");
  r = http_post(port_, "/api/import", {{"game", "togyz"}, {"record", json::array()}});
  EXPECT_EQ(r.status, 400) << r.text;
  r = http_post(port_, "/api/analysis", {{"game", "togyz"}, {"moves", {1, 2}}});
  EXPECT_EQ(r.status, 400) << r.text;
  r = http_get(port_, "/api/games/nosuchgame");
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(r.body["error"], "no game with id 'nosuchgame'");
  r = http_call(port_, http::verb::delete_, "/api/games");
  EXPECT_EQ(r.status, 405);
  r = http_get(port_, "/api/nothing");
  EXPECT_EQ(r.status, 404);
  r = http_get(port_, "/../../etc/passwd");
  EXPECT_EQ(r.status, 400);
  r = http_get(port_, "/%2e%2e/%2e%2e/etc/passwd");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(http_get(port_, "/api/meta").status, 200);  // still alive
}

TEST_F(ApiTest, GamesSurviveSigkillAndRestart) {
  json g = create({{"game", "togyz"}, {"mode", "hotseat"}});
  const std::string id = g["id"], token = g["seat"]["token"];
  json last;
  for (const char* m : {"6", "1", "7", "2", "8"}) {
    auto r = move(id, m, token);
    ASSERT_EQ(r.status, 200) << m << ": " << r.text;
    last = r.body;
  }
  json other = create({{"game", "togyz"}, {"mode", "ai"}, {"color", "white"}, {"level", 0}});
  ASSERT_EQ(move(other["id"], "9", other["seat"]["token"]).status, 200);
  const json other_before = wait_for_ply(other["id"], 2);

  server_->kill9();  // no clean shutdown: only what was committed survives
  ASSERT_TRUE(server_->start());
  port_ = server_->port();
  auto r = http_get(port_, "/api/games/" + id);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["moves"], last["moves"]);
  EXPECT_EQ(r.body["position"], last["position"]);
  EXPECT_EQ(r.body["previous_position"], last["previous_position"]);
  EXPECT_EQ(r.body["to_move"], "black");
  EXPECT_EQ(http_get(port_, "/api/games/" + other["id"].get<std::string>()).body["moves"], other_before["moves"]);
  EXPECT_EQ(http_get(port_, "/api/games").body["total"], 2);
  // The seat token still works after the restart.
  r = move(id, "3", token);
  EXPECT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["ply"], 6);
}

TEST_F(ApiTest, WebSocketPushesToBothSeatsAndSpectators) {
  json g = create({{"game", "togyz"}, {"mode", "online"}, {"color", "white"}});
  const std::string id = g["id"], white = g["seat"]["token"];
  const std::string invite = g["invite"];
  const std::string black = invite.substr(invite.rfind('/') + 1);
  WsClient w(port_, "/ws/games/" + id + "?token=" + white);
  WsClient b(port_, "/ws/games/" + id + "?token=" + black);
  WsClient spectator(port_, "/ws/games/" + id);
  for (auto* c : {&w, &b, &spectator}) ASSERT_TRUE(c->read_state_at(0));
  ASSERT_EQ(move(id, "6", white).status, 200);
  for (auto* c : {&w, &b, &spectator}) {
    auto s = c->read_state_at(1);
    ASSERT_TRUE(s);
    EXPECT_EQ((*s)["moves"], json{"65(10)"});
  }
  b.send({{"type", "move"}, {"move", "1"}});  // the seat token given on connect
  for (auto* c : {&w, &b, &spectator}) ASSERT_TRUE(c->read_state_at(2));
  spectator.send({{"type", "move"}, {"move", "7"}});
  auto err = spectator.read();
  ASSERT_TRUE(err);
  EXPECT_EQ((*err)["type"], "error");
  EXPECT_EQ((*err)["status"], 403);
  spectator.send({{"type", 5}});
  err = spectator.read();
  ASSERT_TRUE(err);
  EXPECT_EQ((*err)["status"], 400);
  WsClient nowhere(port_, "/ws/games/missing");
  auto m = nowhere.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["status"], 404);
}

TEST_F(ApiTest, UndoResignAndDraw) {
  json g = create({{"game", "togyz"}, {"mode", "ai"}, {"level", 0}, {"color", "white"}});
  const std::string id = g["id"], token = g["seat"]["token"];
  ASSERT_EQ(move(id, "6", token).status, 200);
  wait_for_ply(id, 2);
  auto r = http_post(port_, "/api/games/" + id + "/undo", {{"token", token}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["ply"], 0);  // the computer's reply and the human's move
  r = http_post(port_, "/api/games/" + id + "/resign", {{"token", token}});
  EXPECT_EQ(r.body["result"], "0-1");
  EXPECT_EQ(r.body["reason"], "white resigned");
  EXPECT_EQ(move(id, "6", token).status, 409);

  json o = create({{"game", "togyz"}, {"mode", "online"}, {"color", "black"}});
  const std::string oid = o["id"], btok = o["seat"]["token"];
  const std::string inv = o["invite"];
  const std::string wtok = inv.substr(inv.rfind('/') + 1);
  EXPECT_EQ(http_post(port_, "/api/games/" + oid + "/undo", {{"token", btok}}).status, 409);
  r = http_post(port_, "/api/games/" + oid + "/draw", {{"token", btok}});
  EXPECT_EQ(r.body["draw_offer"], "black");
  EXPECT_EQ(r.body["status"], "ongoing");
  r = http_post(port_, "/api/games/" + oid + "/draw", {{"token", wtok}});
  EXPECT_EQ(r.body["result"], "1/2-1/2");
  EXPECT_EQ(r.body["status"], "finished");
}

TEST_F(ApiTest, RecordExportAndImportRoundTrip) {
  json g = create({{"game", "togyz"}, {"mode", "hotseat"}});
  const std::string id = g["id"], token = g["seat"]["token"];
  for (const char* m : {"9", "2", "8", "1", "7", "2"}) ASSERT_EQ(move(id, m, token).status, 200);
  auto rec = http_get(port_, "/api/games/" + id + "/record");
  ASSERT_EQ(rec.status, 200);
  EXPECT_NE(rec.text.find("1. 98(10) 22(10) 2. 87(22) 12 3. 76(36) 25 *"), std::string::npos) << rec.text;
  EXPECT_NE(rec.header("Content-Disposition").find(".pgn"), std::string::npos);
  auto imp = http_post(port_, "/api/import", {{"game", "togyz"}, {"record", rec.text}});
  ASSERT_EQ(imp.status, 201) << imp.text;
  auto a = http_get(port_, "/api/games/" + id), b = http_get(port_, "/api/games/" + imp.body["id"].get<std::string>());
  EXPECT_EQ(a.body["moves"], b.body["moves"]);
  EXPECT_EQ(a.body["position"], b.body["position"]);
  EXPECT_EQ(b.body["mode"], "review");
  imp = http_post(port_, "/api/import", {{"game", "togyz"}, {"record", "1. 98 99 *"}});
  EXPECT_EQ(imp.status, 422) << imp.text;
}

TEST_F(ApiTest, AnalysisOverHttpAndWebSocket) {
  auto r = http_post(port_, "/api/analysis", {{"game", "togyz"}, {"position", ""}, {"movetime", 50}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["done"], true);
  EXPECT_EQ(r.body["bestmove"].get<std::string>().size(), 2u);
  r = http_post(port_, "/api/analysis", {{"game", "togyz"}, {"position", "9S/9S 0 0 S 1"}});
  EXPECT_EQ(r.status, 422);
  WsClient ws(port_, "/ws/analysis");
  ws.send({{"id", "a1"}, {"game", "togyz"}, {"moves", {"6"}}, {"movetime", 50}});
  ws.send({{"id", "a2"}, {"game", "nope"}});
  bool done = false, refused = false;
  for (int i = 0; i < 50 && !(done && refused); ++i) {
    auto m = ws.read();
    ASSERT_TRUE(m);
    if ((*m)["id"] == "a1" && m->value("done", false)) done = true;
    if ((*m)["id"] == "a2" && m->contains("error")) refused = true;
  }
  EXPECT_TRUE(done);
  EXPECT_TRUE(refused);
}

TEST(ServeFiles, ServesTheUiAndNothingOutsideIt) {
  const std::string dir = ::testing::TempDir() + "oyin_web_" + std::to_string(getpid());
  std::filesystem::create_directories(dir + "/assets");
  std::ofstream(dir + "/index.html") << "<!doctype html><title>oyin</title>";
  std::ofstream(dir + "/assets/app-1234.js") << "console.log(1)";
  std::ofstream(dir + "/manifest.webmanifest") << "{}";
  std::ofstream(dir + "/sw.js") << "self";
  std::ofstream(dir + "/../oyin_secret.txt") << "secret";
  ServerProcess s(temp_db("files"), dir);
  ASSERT_TRUE(s.start());
  auto r = http_get(s.port(), "/");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.text, "<!doctype html><title>oyin</title>");
  EXPECT_EQ(r.header("Content-Type"), "text/html; charset=utf-8");
  r = http_get(s.port(), "/assets/app-1234.js");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.header("Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(r.header("Cache-Control"), "public, max-age=31536000, immutable");
  r = http_get(s.port(), "/manifest.webmanifest");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.header("Content-Type"), "application/manifest+json");
  // The service worker is looked at on every visit: a new build must replace it (docs/web.md).
  r = http_get(s.port(), "/sw.js");
  EXPECT_EQ(r.header("Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(r.header("Cache-Control"), "no-cache");
  EXPECT_EQ(http_get(s.port(), "/../oyin_secret.txt").status, 400);
  EXPECT_EQ(http_get(s.port(), "/assets/%2e%2e/%2e%2e/oyin_secret.txt").status, 400);
  EXPECT_EQ(http_get(s.port(), "/missing.js").status, 404);
  EXPECT_EQ(s.terminate(), 0);
}

}  // namespace
}  // namespace oyin::testing
