// The computer games shipped for the Tojmot and capture Go bases (data/base/, made by
// data/base/make.sh): every game imports (the rules accept every move and result), under the
// source "computer", with events and players that say what they are.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <ostream>
#include <set>

#include "knowledge/records.h"
#include "registry/registry.h"
#include "storage/knowledge_store.h"
#include "support/run_command.h"

namespace oyin::testing {
namespace {

struct Shipped {
  const char* game;
  const char* file;
  int games;
};

void PrintTo(const Shipped& s, std::ostream* os) { *os << s.file; }

class ComputerGames : public ::testing::TestWithParam<Shipped> {};

TEST_P(ComputerGames, ImportWholeAndSayTheyAreComputerGames) {
  const Shipped s = GetParam();
  const std::string dir = test_dir();
  const std::string db = store_for(dir + "/base-" + s.game + ".sqlite");
  const std::string file = std::string(OYIN_SOURCE_DIR) + "/data/base/" + s.file;
  const auto r = run_oyin("import " + file + " --db " + db + " --source computer -q");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string counts = "(" + std::to_string(s.games) + " read, 0 duplicates skipped, 0 bad games skipped)";
  EXPECT_NE(r.out.find(counts), std::string::npos) << r.out;
  // Imported again (as `make run` does at every start), nothing is added.
  const auto again = run_oyin("import " + file + " --db " + db + " --source computer -q");
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("imported 0 games"), std::string::npos) << again.out;

  register_builtin_games();
  auto store = storage::KnowledgeStore::open(db);
  ASSERT_TRUE(store) << store.error();
  EXPECT_EQ((*store)->sources(s.game).value(), std::vector<std::string>{"computer"});
  storage::BaseQuery q;
  q.game = s.game;
  q.limit = 200;
  auto games = (*store)->search(q);
  ASSERT_TRUE(games) << games.error();
  ASSERT_EQ(games->size(), static_cast<std::size_t>(s.games));
  std::set<std::string> first_moves;
  for (const auto& g : *games) {
    EXPECT_EQ(g.event, "oyin computer games");
    EXPECT_EQ(g.white.rfind("oyin level ", 0), 0u) << g.white;
    EXPECT_EQ(g.black.rfind("oyin level ", 0), 0u) << g.black;
    EXPECT_TRUE(g.white == "oyin level 10" || g.black == "oyin level 10") << "full strength on one side at least";
    EXPECT_NE(g.result, "*") << "game " << g.id << " has no result";
    auto full = (*store)->load(g.id);
    ASSERT_TRUE(full && *full);
    first_moves.insert((*full)->moves.substr(0, (*full)->moves.find(' ')));
  }
  // The book opens them in more than one way: the base shows choices, not one line.
  EXPECT_GE(first_moves.size(), 2u);
}

INSTANTIATE_TEST_SUITE_P(Shipped, ComputerGames,
                         ::testing::Values(Shipped{"tojmot", "tojmot-computer.pgn", 40},
                                           Shipped{"capgo", "capgo-computer.sgf", 120}),
                         [](const auto& info) { return std::string(info.param.game); });

}  // namespace
}  // namespace oyin::testing
