// Book moves of a review (review/book_moves.h): the leading moves of a game that enough games of
// the game base played in the same position are book moves; the review does not judge them (best
// or good, never marked) and leaves them out of the accuracy.
#include <gtest/gtest.h>

#include "knowledge/importer.h"
#include "knowledge/records.h"
#include "review/book_moves.h"
#include "review/move_review.h"

namespace oyin::testing {
namespace {

// A base of twelve Togyz games by different players: ten open 76 98 66 87 12 76 (the first
// championship game's first six plies), two 76 98 66 87 23.
std::unique_ptr<storage::KnowledgeStore> opening_base() {
  const std::string dir = test_dir();
  auto store = storage::KnowledgeStore::open(store_for(dir + "/base.sqlite"));
  EXPECT_TRUE(store) << store.error();
  std::string text;
  for (int i = 0; i < 12; ++i) {
    const std::vector<std::string> moves = i < 10 ? std::vector<std::string>{"76", "98", "66", "87", "12", "76"}
                                                  : std::vector<std::string>{"76", "98", "66", "87", "23"};
    text += record_text("togyz", moves, {{"White", "Player " + std::to_string(i)}, {"Black", "Other"}}, "1-0") + "\n";
  }
  knowledge::ImportSummary sum;
  auto st = knowledge::import_text(**store, text, "base.pgn", {}, sum);
  EXPECT_TRUE(st) << st.error();
  return std::move(*store);
}

TEST(BookMoves, TheLeadingMovesPlayedInEnoughGamesOfTheBase) {
  auto base = opening_base();
  const GameEntry& togyz = *find_game("togyz");
  using B = std::vector<bool>;
  const std::vector<std::string> main{"76", "98", "66", "87", "12", "76", "25", "78"};
  const std::vector<std::string> side{"76", "98", "66", "87", "23", "56", "58x", "14"};
  // Ten games are enough: the main line is book through its sixth move, not after.
  EXPECT_EQ(review::book_moves(*base, togyz, "", "", main, 10), (B{true, true, true, true, true, true}));
  // 23 at the fifth move was played twice: the book ends before it.
  EXPECT_EQ(review::book_moves(*base, togyz, "", "", side, 10), (B{true, true, true, true}));
  EXPECT_EQ(review::book_moves(*base, togyz, "", "", side, 2), (B{true, true, true, true, true}));
  // Eleven needed: only the twelve games' common moves.
  EXPECT_EQ(review::book_moves(*base, togyz, "", "", main, 11), (B{true, true, true, true}));
  // A first move nobody played: no book at all; nor for another game.
  EXPECT_EQ(review::book_moves(*base, togyz, "", "", {"12", "98"}, 1), B{});
  EXPECT_EQ(review::book_moves(*base, *find_game("capgo"), "", "", {"C3", "D4"}, 1), B{});
}

TEST(BookMoves, AreNotJudgedNorCountedInTheAccuracy) {
  const WinChance wc{.scale = 400};
  auto at = [](int ply, int score, std::string best, int played) {
    storage::AnalysedPosition p;
    p.ply = ply;
    p.score = score;
    p.best = std::move(best);
    p.played_score = played;
    return p;
  };
  // Each side gives away 1,000 of score in the opening (blunders by the curve), then the first
  // side plays the engine's move and the second an inaccuracy.
  const std::vector<storage::AnalysedPosition> positions{at(0, 600, "a", -400), at(1, 400, "b", -600),
                                                         at(2, 600, "c", 600), at(3, -300, "d", -450), at(4, 700, "e", 700)};
  const std::vector<std::string> moves{"x", "y", "c", "z"};
  const std::vector<int> to_move{0, 1, 0, 1, 0};
  const review::GameReview judged = review::review_game(positions, moves, to_move, wc);
  EXPECT_EQ(judged.moves[0].cls, review::MoveClass::blunder);
  EXPECT_EQ(judged.moves[1].cls, review::MoveClass::blunder);

  const review::GameReview r = review::review_game(positions, moves, to_move, wc, {true, true});
  ASSERT_EQ(r.moves.size(), 4u);
  EXPECT_TRUE(r.moves[0].book);
  EXPECT_TRUE(r.moves[1].book);
  EXPECT_FALSE(r.moves[2].book);
  EXPECT_EQ(r.moves[0].cls, review::MoveClass::good);
  EXPECT_EQ(r.moves[1].cls, review::MoveClass::good);
  EXPECT_EQ(r.moves[2].cls, review::MoveClass::best);
  EXPECT_EQ(r.moves[3].cls, review::MoveClass::inaccuracy);
  // The win chances are still given (the graph draws them) ...
  EXPECT_NEAR(r.moves[0].win_after, wc.of(-400), 1e-12);
  // ... but the accuracy is of the moves after the book: the first side's one move lost nothing,
  // the second side's is its inaccuracy alone.
  ASSERT_TRUE(r.accuracy[0] && r.accuracy[1]);
  EXPECT_NEAR(*r.accuracy[0], review::move_accuracy(0), 1e-9);
  const double loss = wc.of(-300) - wc.of(-450);
  EXPECT_NEAR(*r.accuracy[1], review::move_accuracy(loss), 1e-9);
  EXPECT_GT(loss, review::kInaccuracy);
  EXPECT_LT(loss, review::kMistake);
}

}  // namespace
}  // namespace oyin::testing
