// The books shipped in data/books/: compiled in, each a valid book of its game under the game's
// default rules with moves for the start position, and what a level-5 player plays there.
#include <gtest/gtest.h>

#include "book/book_engine.h"
#include "book/book_pick.h"
#include "registry/registry.h"

namespace oyin::book {
namespace {

TEST(ShippedBooks, EveryGameHasASmallValidBookForItsStart) {
  register_builtin_games();
  for (const GameEntry* g : all_games()) {
    const auto b = shipped_book(g->name());
    ASSERT_TRUE(b) << g->name() << " ships no book (data/books/" << g->name() << ".book)";
    EXPECT_EQ(b->header().game, g->name());
    auto start = g->new_game("", "").value();
    EXPECT_EQ(b->header().rules, start->rules_text());
    // Built from data the repository may hold: self-play or the engine's own analysis.
    EXPECT_TRUE(b->header().note.find("--selfplay") != std::string::npos ||
                b->header().note.find("--analysis") != std::string::npos)
        << "built from self-play or analysis: " << b->header().note;
    EXPECT_LT(b->serialize().size(), 64u * 1024) << g->name();
    const auto moves = book_moves(*b, *start);
    ASSERT_FALSE(moves.empty()) << g->name();
    EXPECT_EQ(b->header().margin, g->book_settings().margin);
    for (const auto& e : b->entries()) EXPECT_GE(e.score, g->book_settings().drop_below) << g->name() << " " << e.move;

    // A level-5 player with OwnBook plays one of the book's good moves at the start.
    auto engine = g->make_engine();
    ASSERT_TRUE(engine->set_option("OwnBook", "true"));
    SearchLimits lim;
    lim.level = 5;
    lim.nodes = 500;
    lim.seed = 3;
    const SearchResult r = engine->search(*start, lim, {}, nullptr);
    EXPECT_TRUE(r.book) << g->name();
    bool good = false;
    for (const auto& e : good_moves(*b, moves)) good |= e.move == r.best_move;
    EXPECT_TRUE(good) << g->name() << " played " << r.best_move;
  }
}

}  // namespace
}  // namespace oyin::book
