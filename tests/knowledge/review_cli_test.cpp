// oyin review with a game base (--base): the game's opening moves the base played in enough games
// are book moves, printed as such with --each and counted apart in the summary.
#include <gtest/gtest.h>

#include "knowledge/records.h"
#include "support/run_command.h"

namespace oyin::testing {
namespace {

TEST(ReviewCli, BookMovesOfAGameBase) {
  const std::string dir = test_dir();
  std::string base;
  for (int i = 0; i < 12; ++i) {
    const std::vector<std::string> moves = i < 10 ? std::vector<std::string>{"76", "98", "66", "87", "12", "76"}
                                                  : std::vector<std::string>{"76", "98", "66", "87", "23"};
    base += record_text("togyz", moves, {{"White", "Player " + std::to_string(i)}, {"Black", "Other"}}, "1-0") + "\n";
  }
  write_file(dir + "/base.pgn", base);
  const std::string db = store_for(dir + "/base.sqlite");
  ASSERT_EQ(run_oyin("import " + dir + "/base.pgn --db " + db + " -q").exit_code, 0);
  write_file(dir + "/game.pgn", record_text("togyz", {"76", "98", "66", "87", "23", "56", "58x", "14"}, {}, "1-0"));

  const auto r = run_oyin("review togyz " + dir + "/game.pgn --depth 2 --base " + db + " --each -q");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // A line a move: the first four are book moves (the twelve games), 23 is not (two games).
  for (int ply = 0; ply < 8; ++ply) {
    const auto at = r.out.find("game 1 ply " + std::to_string(ply) + " ");
    ASSERT_NE(at, std::string::npos) << r.out;
    const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
    EXPECT_EQ(line.find(" book (alone") != std::string::npos, ply < 4) << line;
  }
  // Four of the eight moves, all in the first 20 plies.
  EXPECT_NE(r.out.find("... book moves not judged:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("book  50.0% (moves 8, mean accuracy"), std::string::npos) << r.out;

  const auto missing = run_oyin("review togyz " + dir + "/game.pgn --depth 2 --base " + dir + "/nowhere.sqlite");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "oyin: no game base '" + dir + "/nowhere.sqlite' (make one with oyin import)\n");
}

}  // namespace
}  // namespace oyin::testing
