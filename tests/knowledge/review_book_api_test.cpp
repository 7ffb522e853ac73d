// A review on a server with a game base: the opening moves the base played in enough games are
// book moves ("book": true, class best or good, out of the accuracy), the moves after the book are
// judged as before (review/book_moves.h).
#include <gtest/gtest.h>

#include "knowledge/records.h"
#include "server/account_client.h"
#include "server/server_process.h"
#include "support/run_command.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

TEST(ReviewBookApi, TheBasesOpeningMovesAreBookMovesAndNotJudged) {
  const std::string dir = test_dir();
  // Twelve games open 76 98 66 87; ten of them go on 12 76, two 23.
  std::string base;
  for (int i = 0; i < 12; ++i) {
    const std::vector<std::string> moves = i < 10 ? std::vector<std::string>{"76", "98", "66", "87", "12", "76"}
                                                  : std::vector<std::string>{"76", "98", "66", "87", "23"};
    base += record_text("togyz", moves, {{"White", "Player " + std::to_string(i)}, {"Black", "Other"}}, "1-0") + "\n";
  }
  write_file(dir + "/base.pgn", base);
  ASSERT_EQ(run_oyin("import " + dir + "/base.pgn --db " + store_for(dir + "/s.sqlite") + " -q").exit_code, 0);
  ServerProcess server(dir + "/s.sqlite");
  ASSERT_TRUE(server.start());
  const int port = server.port();

  // The game reviewed leaves the book with its fifth move, 23 (two games of the base).
  const std::vector<std::string> moves{"76", "98", "66", "87", "23", "56", "58x", "14"};
  auto imported = http_post(port, "/api/import", {{"game", "togyz"}, {"record", record_text("togyz", moves, {}, "1-0")}});
  ASSERT_EQ(imported.status, 201) << imported.text;
  const std::string id = imported.body["id"];
  CookieClient me(port);
  ASSERT_EQ(me.sign_up("bookworm", "correct horse battery").status, 201);
  const auto asked = me.post("/api/games/" + id + "/analysis", {{"depth", 4}});
  ASSERT_EQ(asked.status, 202) << asked.text;
  json a;
  ASSERT_TRUE(wait_until([&] {
    a = http_get(port, "/api/games/" + id + "/analysis").body;
    return a["status"] == "done";
  }));
  ASSERT_EQ(a["moves"].size(), moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const json& m = a["moves"][i];
    EXPECT_EQ(m["book"], i < 4) << "ply " << i;
    if (i < 4) {
      EXPECT_TRUE(m["class"] == "best" || m["class"] == "good") << "ply " << i << ": " << m.dump();
    }
  }
}

}  // namespace
}  // namespace oyin::testing
