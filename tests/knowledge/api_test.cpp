// GET /api/explorer on a real `oyin serve` over a database `oyin import` filled.
#include <gtest/gtest.h>

#include "knowledge/records.h"
#include "server/server_process.h"
#include "support/run_command.h"

namespace oyin::testing {
namespace {

TEST(ExplorerApi, AnswersTheTableAsJsonWithCodedErrors) {
  const std::string dir = test_dir();
  const auto a = random_moves("togyz", 21, 16);
  const auto b = random_moves("togyz", 22, 16);
  write_file(dir + "/g.pgn", record_text("togyz", a, {{"White", "A"}, {"WhiteElo", "1800"}, {"BlackElo", "1600"}}, "1-0") +
                                 "\n" + record_text("togyz", b, {{"White", "B"}}, "0-1"));
  const auto capgo = random_moves("capgo", 5, 10);
  write_file(dir + "/g.sgf", record_text("capgo", capgo));
  const std::string db = store_for(dir + "/s.sqlite");
  ASSERT_EQ(run_oyin("import " + dir + "/g.pgn --db " + db + " -q").exit_code, 0);
  ASSERT_EQ(run_oyin("import " + dir + "/g.sgf --db " + db + " -q --source go").exit_code, 0);
  ServerProcess server(dir + "/s.sqlite");
  ASSERT_TRUE(server.start());
  const int port = server.port();

  auto r = http_get(port, "/api/explorer?game=togyz");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["total"]["games"], 2);
  EXPECT_EQ(r.body["total"]["first_wins"], 1);
  EXPECT_EQ(r.body["total"]["second_wins"], 1);
  EXPECT_EQ(r.body["total"]["rating"], 1700);
  EXPECT_EQ(r.body["to_move"], "white");
  EXPECT_FALSE(r.body["moves"][0].contains("eval"));

  // By moves, with the engine, and by the position text it answered: the same table.
  r = http_get(port, "/api/explorer?game=togyz&moves=" + a[0] + "+" + a[1] + "&eval_depth=2");
  ASSERT_EQ(r.status, 200) << r.text;
  ASSERT_EQ(r.body["moves"].size(), a[0] == b[0] && a[1] == b[1] && a[2] != b[2] ? 2u : 1u);
  EXPECT_EQ(r.body["moves"][0]["eval"]["depth"], 2);
  const std::string position = r.body["position"];
  std::string encoded;
  for (char c : position) encoded += c == ' ' ? std::string("%20") : c == '/' ? std::string("%2F") : std::string(1, c);
  auto by_text = http_get(port, "/api/explorer?game=togyz&position=" + encoded);
  ASSERT_EQ(by_text.status, 200) << by_text.text;
  EXPECT_EQ(by_text.body["key"], r.body["key"]);
  EXPECT_EQ(by_text.body["total"], r.body["total"]);

  r = http_get(port, "/api/explorer?game=capgo&source=go");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["total"]["games"], 1);
  EXPECT_EQ(r.body["moves"][0]["move"], capgo[0]);
  EXPECT_EQ(r.body["sides"], json({"black", "white"}));
  EXPECT_EQ(http_get(port, "/api/explorer?game=capgo&source=elsewhere").body["total"]["games"], 0);

  const std::pair<const char*, const char*> errors[] = {
      {"/api/explorer", "unknown_game"},
      {"/api/explorer?game=chess", "unknown_game"},
      {"/api/explorer?game=togyz&moves=10", "illegal_move"},
      {"/api/explorer?game=togyz&position=junk", "bad_position"},
      {"/api/explorer?game=tojmot&rules=nonsense%3D1", "bad_rules"},
      {"/api/explorer?game=togyz&eval_depth=9", "bad_number"},
      {"/api/explorer?game=togyz&eval_depth=x", "bad_number"},
  };
  for (const auto& [target, code] : errors) {
    const auto e = http_get(port, target);
    EXPECT_EQ(e.status, 400) << target;
    EXPECT_EQ(e.body["code"], code) << target << ": " << e.text;
  }
  EXPECT_EQ(http_call(port, http::verb::post, "/api/explorer", "{}").body["code"], "method_not_allowed");
  EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace oyin::testing
