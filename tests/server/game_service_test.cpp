// GameService in-process: the memory cache of games stays bounded and evicted games come back
// from the store unchanged.
#include <gtest/gtest.h>

#include <filesystem>
#include <future>

#include "registry/registry.h"
#include "server/http/api.h"
#include "server/play/game_service.h"
#include "support/test_store.h"

namespace oyin::server {
namespace {

TEST(GameService, EvictsIdleGamesAndReloadsThem) {
  register_builtin_games();
  const std::string path = ::testing::TempDir() + "oyin_service_" + std::to_string(getpid()) + ".sqlite";
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path + std::string(ext));
  auto store = storage::GameStore::open(oyin::testing::store_for(path));
  ASSERT_TRUE(store) << store.error();
  boost::asio::thread_pool pool(1);
  GameService games(**store, pool, {.max_cached = 3});
  std::vector<std::pair<std::string, std::string>> ids;
  json first_moves;
  for (int i = 0; i < 6; ++i) {
    Reply r = games.create({{"game", "togyz"}, {"mode", "hotseat"}}, "http://127.0.0.1");
    ASSERT_EQ(r.status, 201) << r.body.dump();
    ids.emplace_back(r.body["id"], r.body["seat"]["token"]);
    Reply m = games.move(ids.back().first, std::to_string(i + 1), ids.back().second);
    ASSERT_EQ(m.status, 200);
    if (i == 0) first_moves = m.body["moves"];
    EXPECT_LE(games.cached_games(), 3u);
  }
  Reply first = games.get(ids[0].first, "");  // evicted long ago: loaded again
  ASSERT_EQ(first.status, 200);
  EXPECT_EQ(first.body["moves"], first_moves);
  EXPECT_EQ(first_moves, json{"19"});
  ASSERT_EQ(games.move(ids[0].first, "9", ids[0].second).status, 200);
  EXPECT_EQ(games.get(ids[0].first, "").body["ply"], 2);
  games.stop_all();
  pool.join();
}

}  // namespace
}  // namespace oyin::server

namespace oyin::server {
namespace {

// Api::handle needs no socket: a request goes in, the response comes out (the entry point for
// in-process tests and a fuzzer over the server's JSON requests).
TEST(ApiInProcess, HandlesRequestsWithoutASocket) {
  register_builtin_games();
  const std::string path = ::testing::TempDir() + "oyin_api_inproc_" + std::to_string(getpid()) + ".sqlite";
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path + std::string(ext));
  auto store = storage::GameStore::open(oyin::testing::store_for(path));
  ASSERT_TRUE(store) << store.error();
  boost::asio::thread_pool pool(1);
  GameService games(**store, pool);
  AnalysisService analysis(AnalysisLimits{});
  Api api(games, analysis, "/nonexistent");
  const auto call = [&](std::string method, std::string target, std::string body) {
    // The answer may come at once or later from another thread (a game being loaded).
    auto done = std::make_shared<std::promise<HttpResponse>>();
    api.handle(HttpRequest{std::move(method), std::move(target), std::move(body), "127.0.0.1:1", "", nullptr, ""},
               [done](HttpResponse r) { done->set_value(std::move(r)); });
    return done->get_future().get();
  };
  HttpResponse r = call("POST", "/api/games", R"({"game":"togyz","mode":"hotseat","rules":{"x":)" +
                                                 std::string(1000, '[') + std::string(1000, ']') + "}}");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(json::parse(r.body)["error"], "the JSON is nested deeper than 32 levels");
  r = call("POST", "/api/games", R"({"game":"togyz","mode":"hotseat"})");
  ASSERT_EQ(r.status, 201) << r.body;
  const json g = json::parse(r.body);
  r = call("POST", "/api/games/" + g["id"].get<std::string>() + "/moves",
           json{{"move", "6"}, {"token", g["seat"]["token"]}}.dump());
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(json::parse(r.body)["moves"], json{"65(10)"});
  r = call("GET", "/api/games/" + g["id"].get<std::string>() + "/positions?from=1", "");
  EXPECT_EQ(json::parse(r.body)["positions"].size(), 1u);
  analysis.stop_all();
  games.stop_all();
  pool.join();
}

}  // namespace
}  // namespace oyin::server
