// GET /api/base (the game base's search) and POST /api/base/{id}/review on a real server.
#include <gtest/gtest.h>

#include "knowledge/records.h"
#include "server/server_process.h"
#include "support/run_command.h"

namespace oyin::testing {
namespace {

TEST(BaseApi, SearchesByPlayerEventYearResultAndPositionAndOpensAGameInReview) {
  const std::string dir = test_dir();
  const auto a = random_moves("togyz", 31, 24);
  std::uint64_t seed = 32;
  auto b = random_moves("togyz", seed, 24);
  while (b[0] == a[0]) b = random_moves("togyz", ++seed, 24);
  write_file(dir + "/g.pgn",
             record_text("togyz", a, {{"Event", "Astana Cup"}, {"Date", "2019.03.02"}, {"White", "Asel Nur"},
                                      {"Black", "Bolat"}, {"WhiteElo", "1810"}}, "1-0") + "\n" +
             record_text("togyz", b, {{"Event", "Open"}, {"Date", "2021"}, {"White", "Dana"}, {"Black", "Asel Nur"}},
                         "1/2-1/2"));
  ASSERT_EQ(run_oyin("import " + dir + "/g.pgn --db " + store_for(dir + "/s.sqlite") + " -q").exit_code, 0);
  ServerProcess server(dir + "/s.sqlite");
  ASSERT_TRUE(server.start());
  const int port = server.port();
  auto ids = [&](const std::string& query) {
    const auto r = http_get(port, "/api/base?game=togyz" + query);
    EXPECT_EQ(r.status, 200) << query << ": " << r.text;
    std::vector<std::string> out;
    for (const auto& g : r.body["games"]) out.push_back(g["white"]);
    if (query.find("limit") == std::string::npos) EXPECT_EQ(r.body["total"], out.size()) << query;
    else EXPECT_EQ(r.body["total"], 2) << query;
    return out;
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(ids(""), (V{"Dana", "Asel Nur"}));  // newest first
  EXPECT_EQ(ids("&player=Asel"), (V{"Dana", "Asel Nur"}));
  EXPECT_EQ(ids("&player=Bolat"), (V{"Asel Nur"}));
  EXPECT_EQ(ids("&event=Cup"), (V{"Asel Nur"}));
  EXPECT_EQ(ids("&year=2021"), (V{"Dana"}));
  EXPECT_EQ(ids("&result=1%2F2-1%2F2"), (V{"Dana"}));
  EXPECT_EQ(ids("&result=0-1"), V{});
  EXPECT_EQ(ids("&moves=" + a[0]), (V{"Asel Nur"}));
  EXPECT_EQ(ids("&moves=" + b[0] + "+" + b[1]), (V{"Dana"}));
  EXPECT_EQ(ids("&limit=1&offset=1").size(), 1u);

  const auto list = http_get(port, "/api/base?game=togyz&event=Cup");
  const json& g = list.body["games"][0];
  EXPECT_EQ(g["date"], "2019.03.02");
  EXPECT_EQ(g["white_elo"], 1810);
  EXPECT_EQ(g["black_elo"], nullptr);
  EXPECT_EQ(g["plies"], 24);
  EXPECT_EQ(g["result"], "1-0");
  EXPECT_EQ(g["source"], "g");

  // Opened in review: a game of the server with the same moves and the record's players.
  const auto rev = http_post(port, "/api/base/" + g["id"].get<std::string>() + "/review", json::object());
  ASSERT_EQ(rev.status, 201) << rev.text;
  const auto view = http_get(port, "/api/games/" + rev.body["id"].get<std::string>());
  ASSERT_EQ(view.status, 200) << view.text;
  EXPECT_EQ(view.body["mode"], "review");
  EXPECT_EQ(view.body["ply"], 24);
  EXPECT_EQ(view.body["result"], "1-0");
  // ... who played it, where and when, as the game's page shows them and its record keeps them.
  EXPECT_EQ(view.body["record"], json({{"event", "Astana Cup"}, {"site", ""}, {"date", "2019.03.02"}, {"round", ""},
                                        {"players", {{"white", "Asel Nur"}, {"black", "Bolat"}}}}));
  const auto record = http_get(port, "/api/games/" + rev.body["id"].get<std::string>() + "/record");
  ASSERT_EQ(record.status, 200) << record.text;
  const std::string& text = record.text;  // the file itself
  for (const char* tag : {"[Event \"Astana Cup\"]", "[Date \"2019.03.02\"]", "[White \"Asel Nur\"]", "[Black \"Bolat\"]",
                          "[WhiteElo \"1810\"]", "[Result \"1-0\"]"})
    EXPECT_NE(text.find(tag), std::string::npos) << tag << " in " << text;

  const std::pair<std::string, std::string> errors[] = {
      {"/api/base", "unknown_game"},
      {"/api/base?game=togyz&result=2-0", "bad_result"},
      {"/api/base?game=togyz&year=abc", "bad_number"},
      {"/api/base?game=togyz&limit=0", "bad_number"},
      {"/api/base?game=togyz&moves=10", "illegal_move"},
      {"/api/base?game=togyz&position=junk", "bad_position"},
  };
  for (const auto& [target, code] : errors) {
    const auto e = http_get(port, target);
    EXPECT_EQ(e.status, 400) << target;
    EXPECT_EQ(e.body["code"], code) << target << ": " << e.text;
  }
  for (const char* id : {"999", "x1"}) {
    const auto e = http_post(port, std::string("/api/base/") + id + "/review", json::object());
    EXPECT_EQ(e.status, 404) << id;
    EXPECT_EQ(e.body["code"], "no_such_base_game");
  }
  EXPECT_EQ(http_call(port, http::verb::delete_, "/api/base").body["code"], "method_not_allowed");
  EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace oyin::testing
