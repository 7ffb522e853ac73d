// The API's route table (server/http/route_table.h) against docs/api.md: every route the server
// answers is in the document's "All routes" index and every route there is the server's, so the
// document cannot drift from the code. And the table's own rules: 405 derived from it, literal
// segments before parameters, the test clock's route only under --clock manual.
#include <gtest/gtest.h>

#include <boost/asio/thread_pool.hpp>
#include <filesystem>
#include <fstream>
#include <future>
#include <regex>
#include <set>
#include <sstream>
#include <unistd.h>

#include "registry/registry.h"
#include "server/http/api.h"
#include "server/server_process.h"
#include "storage/game_store.h"

namespace oyin::server {
namespace {

// "METHOD /pattern" of every route docs/api.md's "All routes" table lists. A cell holds
// backticked items: "`POST /api/games/{id}/moves`, `/resign`" is two routes, the second one
// with the first one's method and folder.
std::set<std::string> documented_routes() {
  std::ifstream in(std::string(OYIN_SOURCE_DIR) + "/docs/api.md");
  std::string line;
  bool in_index = false;
  std::set<std::string> out;
  const std::regex item("`([^`]*)`");
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) in_index = line == "## All routes";
    if (!in_index || line.rfind("| `", 0) != 0) continue;
    const std::string cell = line.substr(2, line.find(" | ", 2) - 2);
    std::string method, folder;
    for (std::sregex_iterator it(cell.begin(), cell.end(), item), end; it != end; ++it) {
      const std::string text = (*it)[1];
      std::string path;
      if (text.rfind("GET ", 0) == 0 || text.rfind("POST ", 0) == 0 || text.rfind("DELETE ", 0) == 0) {
        method = text.substr(0, text.find(' '));
        path = text.substr(text.find(' ') + 1);
      } else if (!text.empty() && text[0] == '/' && !method.empty()) {
        path = folder + text;
      } else {
        continue;  // WebSocket rows and prose
      }
      folder = path.substr(0, path.rfind('/'));
      out.insert(method + " " + path);
    }
  }
  return out;
}

class RouteTableTest : public ::testing::Test {
 protected:
  void SetUp() override {
    register_builtin_games();
    const std::string path = ::testing::TempDir() + "oyin_routes_" + std::to_string(getpid()) + ".sqlite";
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path + std::string(ext));
    auto store = storage::GameStore::open(path);
    ASSERT_TRUE(store) << store.error();
    store_ = std::move(*store);
    games_ = std::make_unique<GameService>(*store_, pool_);
    api_ = std::make_unique<Api>(*games_, analysis_, "/nonexistent");
  }
  void TearDown() override {
    api_.reset();
    if (games_) games_->stop_all();
    games_.reset();
    pool_.join();
  }
  std::set<std::string> table_routes() const {
    std::set<std::string> out;
    for (const auto& r : api_->routes()) out.insert(r.method + " " + r.pattern);
    return out;
  }
  HttpResponse call(std::string method, std::string target) {
    auto done = std::make_shared<std::promise<HttpResponse>>();
    api_->handle(HttpRequest{std::move(method), std::move(target), "", "127.0.0.1:1", "", nullptr, ""},
                 [done](HttpResponse r) { done->set_value(std::move(r)); });
    return done->get_future().get();
  }
  boost::asio::thread_pool pool_{1};
  std::unique_ptr<storage::GameStore> store_;
  std::unique_ptr<GameService> games_;
  AnalysisService analysis_{AnalysisLimits{}};
  std::unique_ptr<Api> api_;
};

TEST_F(RouteTableTest, DocsListEveryRouteOfTheTableAndNoOther) {
  const auto docs = documented_routes();
  ASSERT_GT(docs.size(), 50u) << "the index of docs/api.md was not read";
  auto table = table_routes();
  table.insert("POST /api/test/clock");  // documented, and there under --clock manual (below)
  for (const auto& r : table) EXPECT_TRUE(docs.count(r)) << r << " is served but not in docs/api.md's \"All routes\"";
  for (const auto& r : docs) EXPECT_TRUE(table.count(r)) << r << " is in docs/api.md but the server has no such route";
}

TEST_F(RouteTableTest, EveryRouteSaysWhichThreadItsWorkRunsOn) {
  const std::set<std::string> threads{"io", "loader", "hashing", "analysis", "knowledge"};
  for (const auto& r : api_->routes()) EXPECT_TRUE(threads.count(r.thread)) << r.method << " " << r.pattern << ": " << r.thread;
}

TEST_F(RouteTableTest, AKnownPathUnderAnotherMethodIs405AndAnUnknownOne404) {
  auto r = call("DELETE", "/api/games");
  EXPECT_EQ(r.status, 405) << r.body;
  r = call("PUT", "/api/mod/players/someone/mute");
  EXPECT_EQ(r.status, 405) << r.body;
  r = call("GET", "/api/games/x/nothing");
  EXPECT_EQ(r.status, 404) << r.body;
  EXPECT_EQ(json::parse(r.body)["code"], "not_found");
  // A literal segment wins over a parameter: /api/puzzles/next is not the puzzle "next".
  r = call("GET", "/api/puzzles/next?game=togyz");
  EXPECT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(json::parse(r.body)["game"], "togyz") << r.body;
}

TEST_F(RouteTableTest, TheTestClockIsARouteOnlyUnderAManualClock) {
  EXPECT_FALSE(table_routes().count("POST /api/test/clock"));
  EXPECT_EQ(call("POST", "/api/test/clock").status, 404);
  ManualClock clock;
  api_->set_manual_clock(&clock);
  EXPECT_TRUE(table_routes().count("POST /api/test/clock"));
  EXPECT_EQ(call("POST", "/api/test/clock").status, 200);
}

}  // namespace
}  // namespace oyin::server
