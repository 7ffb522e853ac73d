// The explorer finds a position by its key: every move order that reaches it counts, and a
// position given as text is the same position. Evaluations come from the registry's engine.
#include <gtest/gtest.h>

#include "knowledge/explorer.h"
#include "knowledge/importer.h"
#include "knowledge/records.h"

namespace oyin::testing {
namespace {

// First-side moves a != b and a second-side move x such that "a x b" and "b x a" reach the
// same position: the first such triple in the order the rules list their moves.
struct Transposition {
  std::string a, x, b;
};
std::optional<Transposition> find_transposition(const std::string& game) {
  register_builtin_games();
  const GameEntry* g = find_game(game);
  auto start = g->new_game("", "").value();
  for (const auto& a : start->legal_moves()) {
    auto s1 = start->clone();
    const std::string ra = *s1->play(a);
    for (const auto& x : s1->legal_moves()) {
      auto s2 = s1->clone();
      const std::string rx = *s2->play(x);
      for (const auto& b : s2->legal_moves()) {
        if (b == a) continue;
        auto s3 = s2->clone();
        const std::string rb = *s3->play(b);
        auto t = start->clone();
        if (!t->play(rb) || !t->play(rx) || !t->play(ra)) continue;
        if (t->hash() == s3->hash() && t->position_text() == s3->position_text()) return Transposition{ra, rx, rb};
      }
    }
  }
  return std::nullopt;
}

class Explorer : public ::testing::TestWithParam<const char*> {};

TEST_P(Explorer, FindsTranspositionsByThePositionNotTheMoveOrder) {
  const std::string game = GetParam();
  const auto tr = find_transposition(game);
  ASSERT_TRUE(tr) << game << " has no 3-ply transposition";
  auto store = storage::KnowledgeStore::open(store_for(test_dir() + "/base.sqlite")).value();
  auto after = find_game(game)->new_game("", "").value();
  for (const auto& m : {tr->a, tr->x, tr->b}) (void)after->play(m);
  const std::string y = after->legal_moves().front();
  const std::string one = record_text(game, {tr->a, tr->x, tr->b, y}, {{"White", "P"}, {"Black", "Q"}}, "1-0");
  const std::string two = record_text(game, {tr->b, tr->x, tr->a, y}, {{"White", "R"}, {"Black", "S"}}, "0-1");
  knowledge::ImportSummary sum;
  knowledge::ImportOptions opt;
  ASSERT_TRUE(knowledge::import_text(*store, one + "\n" + two, std::string("t.") + find_game(game)->record_format(),
                                     opt, sum));
  ASSERT_EQ(sum.added, 2u);

  for (const std::string& order : {tr->a + " " + tr->x + " " + tr->b, tr->b + " " + tr->x + " " + tr->a}) {
    knowledge::ExplorerQuery q;
    q.moves = order;
    auto a = knowledge::explore(*store, *find_game(game), q, nullptr);
    ASSERT_TRUE(a) << a.error();
    ASSERT_EQ(a->moves.size(), 1u) << order;
    EXPECT_EQ(a->moves[0].counts.games, 2);
    EXPECT_EQ(a->moves[0].counts.first_wins, 1);
    EXPECT_EQ(a->moves[0].counts.second_wins, 1);
    EXPECT_EQ(a->key, after->hash());
  }
  // The same position given as text.
  knowledge::ExplorerQuery q;
  q.position = after->position_text();
  auto a = knowledge::explore(*store, *find_game(game), q, nullptr);
  ASSERT_TRUE(a) << a.error();
  ASSERT_EQ(a->moves.size(), 1u);
  EXPECT_EQ(a->moves[0].counts.games, 2);
  // After the first move only one of the orders passed.
  q = {};
  q.moves = tr->a;
  EXPECT_EQ(knowledge::explore(*store, *find_game(game), q, nullptr)->total.games, 1);
}

INSTANTIATE_TEST_SUITE_P(Games, Explorer, ::testing::Values("tojmot", "capgo"));

TEST(ExplorerEval, EveryMoveGetsTheEnginesScoreOfAFixedSearch) {
  register_builtin_games();
  const GameEntry& g = *find_game("togyz");
  auto store = storage::KnowledgeStore::open(store_for(test_dir() + "/base.sqlite")).value();
  std::string text;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) text += record_text("togyz", random_moves("togyz", seed, 8)) + "\n";
  knowledge::ImportSummary sum;
  ASSERT_TRUE(knowledge::import_text(*store, text, "r.pgn", {}, sum));
  knowledge::ExplorerQuery q;
  q.eval_depth = 3;
  auto engine = g.make_engine();
  auto a = knowledge::explore(*store, g, q, engine.get());
  ASSERT_TRUE(a) << a.error();
  ASSERT_GE(a->moves.size(), 2u);
  auto start = g.new_game("", "").value();
  for (const auto& m : a->moves) {
    ASSERT_TRUE(m.eval) << m.move;
    EXPECT_EQ(m.eval->depth, 3);
    // The same as searching the position after the move to depth 2 and turning the score round.
    auto child = start->clone();
    ASSERT_TRUE(child->play(m.move));
    SearchLimits lim;
    lim.depth = 2;
    lim.seed = 1;
    auto fresh = g.make_engine();
    EXPECT_EQ(m.eval->score_cp, -fresh->search(*child, lim, {}, nullptr).info.score_cp) << m.move;
  }
  // Asked twice, the same answer (the engine starts afresh).
  auto b = knowledge::explore(*store, g, q, engine.get());
  for (std::size_t i = 0; i < a->moves.size(); ++i) EXPECT_EQ(b->moves[i].eval->score_cp, a->moves[i].eval->score_cp);
  // The JSON the API sends.
  const auto j = knowledge::explorer_json(*a);
  EXPECT_EQ(j["game"], "togyz");
  EXPECT_EQ(j["sides"], nlohmann::json({"white", "black"}));
  EXPECT_EQ(j["to_move"], "white");
  EXPECT_EQ(j["total"]["games"], 6);
  EXPECT_EQ(j["total"]["rating"], nullptr);
  EXPECT_EQ(j["moves"][0]["eval"]["depth"], 3);
  EXPECT_EQ(j["key"].get<std::string>().size(), 16u);
}

TEST(ExplorerEval, BadQueriesAreErrorsInTheRulesWords) {
  register_builtin_games();
  const GameEntry& g = *find_game("togyz");
  auto store = storage::KnowledgeStore::open(store_for(test_dir() + "/base.sqlite")).value();
  knowledge::ExplorerQuery q;
  q.moves = "10";
  auto a = knowledge::explore(*store, g, q, nullptr);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().rfind("move '10': ", 0), 0u) << a.error();
  q = {};
  q.position = "not a position";
  EXPECT_FALSE(knowledge::explore(*store, g, q, nullptr));
  // An empty base answers an empty table, not an error.
  q = {};
  auto empty = knowledge::explore(*store, g, q, nullptr);
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->moves.empty());
  EXPECT_EQ(empty->total.games, 0);
}

}  // namespace
}  // namespace oyin::testing
