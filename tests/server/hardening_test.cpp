// Regression tests for the server hardening (issue 11) and the lean server (issue 18), each
// against a real `oyin serve` over loopback HTTP and WebSocket. Every one of them failed on the
// server before its fix (OYIN_TEST_SERVER_BINARY=/path/to/old/oyin runs them against another
// build).
#include <gtest/gtest.h>

#include <boost/asio/write.hpp>
#include <cstdio>
#include <filesystem>
#include <future>
#include <regex>
#include <set>

#include "server/account_client.h"
#include "server/server_process.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

std::string temp_db(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "oyin_hardening_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/" + name + ".sqlite";
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path + ext);
  return path;
}

std::string nested(int depth) { return std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']'); }

class Hardening : public ::testing::Test {
 protected:
  // Two workers for the computer players and one analysis thread on every machine, so that the
  // timing tests mean the same everywhere; these clients make many games, past a client's limit.
  void SetUp() override { start({"--workers", "2", "--analysis-threads", "1", "--max-games-per-minute", "0"}); }
  void start(std::vector<std::string> args) {
    server_ = std::make_unique<ServerProcess>(
        temp_db(::testing::UnitTest::GetInstance()->current_test_info()->name()), "/nonexistent", std::move(args));
    ASSERT_TRUE(server_->start()) << "the server did not start";
    port_ = server_->port();
  }
  void TearDown() override {
    if (server_) {
      EXPECT_EQ(server_->terminate(), 0);
    }
  }
  HttpResult post_text(const std::string& target, const std::string& body) {
    return http_call(port_, http::verb::post, target, body);
  }
  bool registered(const std::string& game) {
    const HttpResult meta = http_get(port_, "/api/meta");
    for (const auto& g : meta.body["games"])
      if (g["name"] == game) return true;
    std::fprintf(stderr, "\n!!! %s IS NOT REGISTERED ON THIS SERVER: THIS TEST IS SKIPPED !!!\n\n", game.c_str());
    return false;
  }
  std::unique_ptr<ServerProcess> server_;
  int port_ = 0;
};

// Issue 11.1: 100,000 levels of nesting overflowed the stack in json::dump (rules, analysis id).
TEST_F(Hardening, DeeplyNestedJsonIsRefusedWithoutACrash) {
  const std::string too_deep = "the JSON is nested deeper than 32 levels";
  auto r = post_text("/api/games", R"({"game":"togyz","mode":"hotseat","rules":{"x":)" + nested(100000) + "}}");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], too_deep);
  r = post_text("/api/analysis", R"({"game":"togyz","movetime":10,"id":)" + nested(100000) + "}");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], too_deep);
  // Within the depth limit a nested value is still refused where the API wants a plain one.
  r = post_text("/api/games", R"({"game":"togyz","mode":"hotseat","rules":{"x":[[1]]}})");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "rules.x must be a string, a number or a boolean");
  r = post_text("/api/analysis", R"({"game":"togyz","movetime":10,"id":[[1]]})");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "id must be a string or a number");

  WsClient analysis(port_, "/ws/analysis");
  analysis.send_text(R"({"game":"togyz","movetime":10,"id":)" + nested(30000) + "}");
  auto m = analysis.read();
  ASSERT_TRUE(m) << "the analysis channel gave no answer";
  EXPECT_EQ((*m)["status"], 400);
  EXPECT_EQ((*m)["error"], too_deep);

  auto g = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
  ASSERT_EQ(g.status, 201);
  WsClient game(port_, "/ws/games/" + g.body["id"].get<std::string>());
  ASSERT_TRUE(game.read_state_at(0));
  game.send_text(R"({"type":"move","move":"6","token":)" + nested(30000) + "}");
  m = game.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["status"], 400);
  EXPECT_EQ((*m)["error"], too_deep);
  EXPECT_EQ(http_get(port_, "/api/meta").status, 200);  // still alive
}

// Issue 11.9: JSON integers were narrowed ("level": 4294967301 became 5, "movetime": 4294967297
// became 1 ms, "index": 1e300 was undefined behaviour).
TEST_F(Hardening, NumbersAreCheckedAsTheJsonNumbersTheyAre) {
  auto r = post_text("/api/games", R"({"game":"togyz","mode":"ai","level":4294967301})");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "level must be an integer 0..10 (got 4294967301)");
  r = post_text("/api/games", R"({"game":"togyz","mode":"ai","level":5.0})");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "level must be an integer 0..10 (got 5.0)");
  r = post_text("/api/games", R"({"game":"togyz","mode":"ai","level":-1})");
  EXPECT_EQ(r.status, 400);
  r = post_text("/api/analysis", R"({"game":"togyz","movetime":4294967297})");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "movetime must be an integer 1..10000 (got 4294967297)");
  r = post_text("/api/analysis", R"({"game":"togyz","movetime":18446744073709551615})");
  EXPECT_EQ(r.status, 400);
  const std::string record = "[Event \"x\"]\n\n1. 98 22 *\n";
  r = http_post(port_, "/api/import", {{"game", "togyz"}, {"record", record}, {"index", 1e300}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "index must be an integer 0..2147483647 (got 1e+300)");
  r = http_post(port_, "/api/import", {{"game", "togyz"}, {"record", record}, {"index", 1}});
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.body["error"], "index 1: the record holds 1 games");
  r = http_get(port_, "/api/games?limit=99999999999999999999");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "limit must be an integer 1..100 (got '99999999999999999999')");
  EXPECT_EQ(http_get(port_, "/api/games?offset=-1").status, 400);
  EXPECT_EQ(http_get(port_, "/api/games?offset=0&limit=100").status, 200);
}

// Issue 11.3: ids and tokens came from a mt19937_64 seeded with 32 bits.
TEST_F(Hardening, IdsAndTokensAre128RandomBits) {
  const std::regex hex128("^[0-9a-f]{32}$");
  std::set<std::string> seen;
  for (int i = 0; i < 40; ++i) {
    auto r = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "online"}, {"color", "white"}});
    ASSERT_EQ(r.status, 201) << r.text;
    const std::string id = r.body["id"], token = r.body["seat"]["token"], invite = r.body["invite"];
    const std::string other = invite.substr(invite.rfind('/') + 1);
    for (const auto& s : {id, token, other}) {
      EXPECT_TRUE(std::regex_match(s, hex128)) << s;
      EXPECT_TRUE(seen.insert(s).second) << "repeated: " << s;
    }
  }
}

// A legal Tojmot game of `plies` plies (both 9s step back and forth; no draw rules).
std::string long_tojmot_record(int plies) {
  static const char* cycle[] = {"h4h6", "h14h12", "h6h4", "h12h14"};
  std::string text = "[Event \"long\"]\n[Rules \"threefold=0,fifty_move=0\"]\n\n";
  for (int i = 0; i < plies; ++i) {
    if (i % 2 == 0) text += std::to_string(i / 2 + 1) + ". ";
    text += cycle[i % 4];
    text += ' ';
  }
  return text + "*\n";
}

// Issue 11.2 / 18: the first read of a stored game replayed it under the service's global lock
// (a move in another game waited), and every read sent one position string per ply.
TEST_F(Hardening, ALongStoredGameIsReplayedWithoutHoldingUpOtherGames) {
  if (!registered("tojmot")) GTEST_SKIP() << "tojmot is not registered";
  constexpr int kPlies = 40000;
  auto imp = http_post(port_, "/api/import", {{"game", "tojmot"}, {"record", long_tojmot_record(kPlies)}});
  ASSERT_EQ(imp.status, 201) << imp.text;
  const std::string long_id = imp.body["id"];
  auto g = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
  ASSERT_EQ(g.status, 201);
  const std::string id = g.body["id"], token = g.body["seat"]["token"];

  // Two readers of the long game at once (the first read replays it), and meanwhile moves in
  // the other game, one after another until a reader is answered. Moves that waited for the
  // replay would all end with it: one or two slip in before it starts, no more. (Counted, not
  // timed: a loaded machine slows the moves and the replay alike.)
  const auto t0 = Clock::now();
  auto reader = [&] { return http_get(port_, "/api/games/" + long_id); };
  auto first = std::async(std::launch::async, reader);
  auto second = std::async(std::launch::async, reader);
  auto answered = [](const std::future<HttpResult>& f) { return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready; };
  auto replaying = [&] { return !answered(first) && !answered(second); };
  int moves_meanwhile = 0;
  double worst_move_ms = 0;
  json st = g.body["state"];
  while (replaying() && st["status"] == "ongoing" && moves_meanwhile < 200) {
    const auto t = Clock::now();
    auto r = http_post(port_, "/api/games/" + id + "/moves", {{"move", st["legal_moves"][0]}, {"token", token}});
    ASSERT_EQ(r.status, 200) << r.text;
    worst_move_ms = std::max(worst_move_ms, ms_since(t));
    moves_meanwhile += replaying();
    st = r.body;
  }
  const HttpResult a = first.get(), b = second.get();
  const double read_ms = ms_since(t0);
  ASSERT_EQ(a.status, 200) << a.text.substr(0, 200);
  EXPECT_EQ(a.text, b.text);
  EXPECT_EQ(a.body["ply"], kPlies);
  std::printf("first read of a %d-ply game: %.0f ms; %d moves in another game meanwhile, the slowest %.1f ms\n", kPlies,
              read_ms, moves_meanwhile, worst_move_ms);
  EXPECT_GE(moves_meanwhile, 5) << "moves in another game waited for this game's replay";

  // The state holds no list of positions (400 KB of moves here, it was 7 MB with them); the
  // positions come by ply range, 500 at most per request.
  EXPECT_FALSE(a.body.contains("positions"));
  EXPECT_LT(a.text.size(), 20u * kPlies);
  auto p = http_get(port_, "/api/games/" + long_id + "/positions?from=0&to=100000");
  ASSERT_EQ(p.status, 200);
  EXPECT_EQ(p.body["from"], 0);
  EXPECT_EQ(p.body["to"], 499);
  EXPECT_EQ(p.body["positions"].size(), 500u);
  p = http_get(port_, "/api/games/" + long_id + "/positions?from=39990");
  ASSERT_EQ(p.status, 200);
  EXPECT_EQ(p.body["to"], kPlies);
  ASSERT_EQ(p.body["positions"].size(), 11u);
  EXPECT_EQ(p.body["positions"][10], a.body["position"]);
  EXPECT_EQ(p.body["positions"][9], a.body["previous_position"]);
  p = http_get(port_, "/api/games/" + long_id + "/positions?from=40001");
  EXPECT_EQ(p.status, 400);
  EXPECT_EQ(p.body["error"], "from must be 0..40000 (the game's ply)");
  EXPECT_EQ(http_get(port_, "/api/games/" + long_id + "/positions?from=5&to=4").status, 400);
  EXPECT_EQ(http_get(port_, "/api/games/nosuch/positions").status, 404);
}

// Issue 11.4: analysis shared the computer players' workers with no limit per client and ran on
// after its HTTP client had gone.
TEST_F(Hardening, HttpAnalysisIsLimitedPerClientAndStopsWhenTheClientGoes) {
  // Five analyses of 10 s at once from one client: whichever of them the server takes last is
  // refused at once (the one answer that comes), and the other four run.
  net::io_context ioc;
  std::vector<std::unique_ptr<tcp::socket>> clients;
  const std::string body = R"({"game":"togyz","movetime":10000})";
  const auto sent = Clock::now();
  for (int i = 0; i < 5; ++i) {
    auto s = std::make_unique<tcp::socket>(ioc);
    s->connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port_)));
    net::write(*s, net::buffer("POST /api/analysis HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                               "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body));
    clients.push_back(std::move(s));
  }
  std::size_t refused = clients.size();
  ASSERT_TRUE(wait_until([&] {
    for (std::size_t i = 0; i < clients.size(); ++i) {
      beast::error_code ec;
      if (clients[i]->available(ec) > 0) refused = i;
    }
    return refused < clients.size();
  })) << "none of five analyses at once was refused";
  beast::flat_buffer buf;
  http::response<http::string_body> res;
  http::read(*clients[refused], buf, res);
  EXPECT_EQ(res.result_int(), 429u) << res.body();
  EXPECT_EQ(json::parse(res.body(), nullptr, false)["error"],
            "too many analyses in flight for this client (at most 4); wait for one to finish or stop one");
  for (auto& s : clients) s->close();  // the clients go: their analyses stop
  // Their places are free once the server has seen them go: long before the first analysis
  // would have ended by itself, 10 s after it was sent (and the others queued behind it).
  HttpResult r;
  wait_until(
      [&] {
        r = post_text("/api/analysis", R"({"game":"togyz","movetime":50})");
        return r.status != 429 || ms_since(sent) >= 10000;
      },
      std::chrono::milliseconds(10000));
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["done"], true);
  EXPECT_LT(ms_since(sent), 10000.0) << "the analyses of the clients that left ran on";
}

// Issue 11.4: with 8 analyses of 10 s in flight a level-0 computer reply took 39.6 s.
TEST_F(Hardening, AnalysesDoNotDelayTheComputerAndStopWhenTheirWebSocketCloses) {
  // Two signed-in clients with four analyses each (a client's limit, whatever its connections).
  // With one analysis thread they run one after another, 10 s each, unless stopped.
  const auto analyses_sent = Clock::now();
  std::vector<std::unique_ptr<WsClient>> channels;
  for (int c = 0; c < 2; ++c) {
    CookieClient analyst(port_);
    ASSERT_EQ(analyst.sign_up("analyst" + std::to_string(c), "analyst-long-password").status, 201);
    channels.push_back(std::make_unique<WsClient>(port_, "/ws/analysis", analyst.cookie()));
    for (int i = 0; i < 4; ++i)
      channels.back()->send({{"id", i}, {"game", "togyz"}, {"movetime", 10000}});
  }
  channels[0]->send({{"id", 4}, {"game", "togyz"}, {"movetime", 10000}});
  bool refused = false;
  for (int i = 0; i < 200 && !refused; ++i) {
    auto m = channels[0]->read();
    ASSERT_TRUE(m);
    if ((*m)["id"] == 4) {
      EXPECT_EQ((*m)["status"], 429) << m->dump();
      refused = true;
    }
  }
  EXPECT_TRUE(refused);
  // The computer (level 0: 50 ms a move) opens as White at once: within the first analysis's
  // 10 s, long before the queue of analyses (the 39.6 s of the report) could end.
  const auto t = Clock::now();
  auto g = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "ai"}, {"level", 0}, {"color", "black"}});
  ASSERT_EQ(g.status, 201);
  const bool replied = wait_until(
      [&] { return http_get(port_, "/api/games/" + g.body["id"].get<std::string>()).body["ply"] == 1; },
      std::chrono::milliseconds(8000), std::chrono::milliseconds(5));
  std::printf("level-0 computer reply with 8 analyses in flight: %.0f ms\n", ms_since(t));
  EXPECT_TRUE(replied) << "the computer's move waited for the analyses";
  for (auto& c : channels) c->close();
  channels.clear();
  // An analysis now runs before the first of the closed channels' would have ended by itself.
  auto r = post_text("/api/analysis", R"({"game":"togyz","movetime":50})");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_LT(ms_since(analyses_sent), 10000.0) << "the analyses of the closed WebSockets ran on";
}

// Issue 11.10: 20 KB of headers closed the connection without an answer; a body over 1 MiB got
// its 413 and then a reset.
TEST_F(Hardening, OversizedHeadersGet431AndOversizedBodies413) {
  auto res = raw_http(port_, "GET /api/meta HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20000, 'a') + "\r\n\r\n");
  ASSERT_TRUE(res) << "no answer to 20 KB of headers";
  EXPECT_EQ(res->result_int(), 431u);
  EXPECT_EQ(json::parse(res->body())["error"], "the request headers are over 16 KiB");
  const std::size_t n = 4u << 20;
  res = raw_http(port_, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " +
                            std::to_string(n) + "\r\n\r\n" + std::string(n, ' '));
  ASSERT_TRUE(res) << "no answer (or a reset) to a 4 MiB body";
  EXPECT_EQ(res->result_int(), 413u);
  EXPECT_EQ(json::parse(res->body())["error"], "the request body is over 1 MiB");
  EXPECT_EQ(http_get(port_, "/api/meta").status, 200);
}

// Issue 11.10: `loadtest.mjs --help` ran a full load test.
TEST(LoadTestScript, HelpPrintsUsageAndRunsNothing) {
  if (std::system("command -v node > /dev/null 2>&1") != 0) {
    std::fprintf(stderr, "\n!!! node IS NOT INSTALLED: THE loadtest.mjs --help TEST IS SKIPPED !!!\n\n");
    GTEST_SKIP() << "node is not installed";
  }
  // A load test that ran would fail without a server, or be cut short by `timeout`: exit code 0
  // and the usage text say that nothing ran (no time limit: node starts slowly on a busy machine).
  FILE* p = popen("timeout 15 node " OYIN_SOURCE_DIR "/web/scripts/loadtest.mjs --help 2>&1", "r");
  ASSERT_TRUE(p);
  std::string out;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  const int status = pclose(p);
  EXPECT_EQ(WEXITSTATUS(status), 0) << out;
  EXPECT_EQ(out.rfind("usage: node web/scripts/loadtest.mjs", 0), 0u) << out;
  EXPECT_NE(out.find("--games N"), std::string::npos) << out;
  p = popen("timeout 15 node " OYIN_SOURCE_DIR "/web/scripts/loadtest.mjs --gmaes 5 2>&1", "r");
  ASSERT_TRUE(p);
  out.clear();
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  EXPECT_EQ(WEXITSTATUS(pclose(p)), 2) << out;
  EXPECT_NE(out.find("loadtest: unknown option --gmaes"), std::string::npos) << out;
}

// Issue 18: every game session built an engine whose 16 MB table was zeroed at once (40 hotseat
// games took the server to 663 MB).
TEST_F(Hardening, HotseatGamesCostNoEngineMemory) {
  for (int i = 0; i < 150; ++i) {
    auto g = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", i % 3 ? "hotseat" : "online"}, {"color", "white"}});
    ASSERT_EQ(g.status, 201);
    auto r = http_post(port_, "/api/games/" + g.body["id"].get<std::string>() + "/moves",
                       {{"move", "6"}, {"token", g.body["seat"]["token"]}});
    ASSERT_EQ(r.status, 200);
  }
  for (int i = 0; i < 3; ++i) ASSERT_EQ(http_get(port_, "/api/meta").status, 200);
  const long rss_mb = server_->rss_kb() / 1024;
  std::printf("resident memory after 150 human games: %ld MB\n", rss_mb);
  EXPECT_GT(rss_mb, 0);
  EXPECT_LT(rss_mb, 100);
}

}  // namespace
}  // namespace oyin::testing
