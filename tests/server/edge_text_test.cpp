// A path or query that is not UTF-8 (%ff) is refused before it reaches a store, with the same
// answer on SQLite and PostgreSQL (PostgreSQL used to answer 500 with its own error text), and no
// 500 ever shows the client a database's message: it is logged on stderr instead.
#include <fstream>
#include <sstream>

#include "server/edge_http.h"
#include "storage/db.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

using EdgeText = EdgeTest;

TEST_F(EdgeText, APathOrQueryThatIsNotUtf8IsRefusedTheSameOnEveryStore) {
  start();
  // No id is such bytes: nothing by that name (as SQLite always answered).
  const std::vector<std::tuple<http::verb, std::string, std::string>> paths = {
      {http::verb::get, "/api/games/%ff", "no_such_game"},
      {http::verb::get, "/api/games/%ff/record", "no_such_game"},
      {http::verb::get, "/api/games/%ff/positions", "no_such_game"},
      {http::verb::post, "/api/games/%ff/moves", "no_such_game"},
      {http::verb::get, "/api/players/%ff", "no_such_player"},
      {http::verb::post, "/api/seeks/%ff/accept", "no_such_seek"},
      {http::verb::post, "/api/seeks/%ff/cancel", "no_such_seek"},
      {http::verb::post, "/api/challenges/%ff/accept", "no_such_challenge"},
      {http::verb::get, "/api/games/a%c3%28b", "no_such_game"},
      {http::verb::get, "/api/leaderboard/%ff", "not_found"},
      {http::verb::delete_, "/api/pairing/%ff", "not_found"}};
  for (const auto& [verb, target, code] : paths) {
    const auto r = http_with(port_, verb, target, {}, verb == http::verb::post ? "{}" : "");
    EXPECT_EQ(r.status, 404) << target << ": " << r.text;
    EXPECT_EQ(r.body["code"], code) << target << ": " << r.text;
  }
  for (const std::string target : {"/api/games?offset=%ed%a0%80", "/api/games/x?token=%ff", "/api/leaderboard/blitz?speed=%ff",
                                   "/api/players/someone?x=%c0%80"}) {
    const auto r = http_with(port_, http::verb::get, target, {});
    EXPECT_EQ(r.status, 400) << target << ": " << r.text;
    EXPECT_EQ(r.body["code"], "bad_utf8") << target;
  }
  // Real text, encoded, is still fine.
  EXPECT_EQ(http_get(port_, "/api/games/%D0%B0%D1%83").body["code"], "no_such_game");
}

TEST_F(EdgeText, AServerErrorShowsNoDatabaseTextAndIsLogged) {
  start();
  ASSERT_EQ(http_get(port_, "/api/games").status, 200);
  {
    // The store fails under the server: its games table is gone.
    auto db = storage::Db::open(store_for(db_));
    ASSERT_TRUE(db) << db.error();
    auto renamed = (*db)->writer()->exec("ALTER TABLE games RENAME TO games_elsewhere");
    ASSERT_TRUE(renamed) << renamed.error();
  }
  const auto r = http_get(port_, "/api/games?offset=0&token=secret-token-1234");
  ASSERT_EQ(r.status, 500) << r.text;
  EXPECT_EQ(r.body["code"], "server_error");
  EXPECT_EQ(r.body["error"], "internal error");
  for (const char* leak : {"games", "database", "ERROR", "relation", "table", "SQL"})
    EXPECT_EQ(r.text.find(leak), std::string::npos) << leak << " in " << r.text;
  ASSERT_EQ(server_->terminate(), 0);
  std::ifstream in(server_->log_path() + ".err");
  std::stringstream err;
  err << in.rdbuf();
  const std::string log = err.str();
  // One JSON event a line (core/event_log.h): the route, the status and the store's detail.
  bool found = false;
  std::istringstream lines(log);
  for (std::string line; std::getline(lines, line);) {
    const json e = json::parse(line, nullptr, false);
    ASSERT_TRUE(e.is_object()) << "not a JSON line: " << line;
    if (e["event"] != "http_error") continue;
    found = true;
    EXPECT_EQ(e["level"], "error");
    EXPECT_EQ(e["method"], "GET");
    EXPECT_EQ(e["route"], "/api/games");
    EXPECT_EQ(e["path"], "/api/games");
    EXPECT_EQ(e["status"], 500);
    EXPECT_NE(e["error"].get<std::string>().find("games"), std::string::npos) << "the detail is logged: " << line;
  }
  EXPECT_TRUE(found) << log;
  EXPECT_EQ(log.find("secret-token-1234"), std::string::npos) << log;
  server_.reset();
}

// A store error where no request is answered (here the sweep of games never moved in) is logged
// too (issue 36, item 21).
TEST_F(EdgeText, AStoreErrorInBackgroundWorkIsLogged) {
  start({"--drop-unstarted-after", "1"});
  {
    auto db = storage::Db::open(store_for(db_));
    ASSERT_TRUE(db) << db.error();
    auto renamed = (*db)->writer()->exec("ALTER TABLE games RENAME TO games_elsewhere");
    ASSERT_TRUE(renamed) << renamed.error();
  }
  // A sweep a second; its error is logged on standard error, which is not buffered.
  EXPECT_TRUE(wait_for_text(server_->log_path() + ".err", "\"event\":\"store_error\",\"detail\":\"database: "))
      << file_text(server_->log_path() + ".err");
  ASSERT_EQ(server_->terminate(), 0);
  server_.reset();
}

}  // namespace
}  // namespace oyin::testing
