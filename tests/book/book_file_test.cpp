// The book file: a round trip through bytes and disk, the one-line errors of a missing or
// corrupt file, the lookup of a position reached by two move orders, the seeded pick.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "book/book_file.h"
#include "book/book_pick.h"
#include "registry/registry.h"
#include "support/run_command.h"

namespace oyin::book {
namespace {

std::string temp_path(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "oyin_book_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  return dir + "/" + name;
}

Book sample_book() {
  BookHeader h{"togyz", "", "a test book", 50};
  std::vector<BookEntry> e = {
      {0x2222, "34", 7, -120, 3}, {0x1111, "12", 10, 35, 5}, {0x1111, "99", 30, 40, 12}, {0x3333, "55", 1, 0, 1}};
  return Book::make(h, e).value();
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

TEST(BookFile, RoundTripsThroughBytesAndDisk) {
  const Book b = sample_book();
  const std::string path = temp_path("round.book");
  ASSERT_TRUE(b.save(path));
  EXPECT_EQ(std::filesystem::file_size(path), b.serialize().size());
  auto back = Book::load(path);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->header().game, "togyz");
  EXPECT_EQ(back->header().rules, "");
  EXPECT_EQ(back->header().note, "a test book");
  EXPECT_EQ(back->header().margin, 50);
  ASSERT_EQ(back->entries().size(), 4u);
  EXPECT_EQ(back->positions(), 3u);
  EXPECT_EQ(back->serialize(), b.serialize());
  // Sorted by key, then the heaviest first; a negative score survives.
  const auto p = back->lookup(0x1111);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0].move, "99");
  EXPECT_EQ(p[0].weight, 30u);
  EXPECT_EQ(p[0].games, 12);
  EXPECT_EQ(p[1].move, "12");
  EXPECT_EQ(back->lookup(0x2222)[0].score, -120);
  EXPECT_TRUE(back->lookup(0x1234).empty());
  EXPECT_TRUE(back->lookup(0).empty());
  EXPECT_TRUE(back->lookup(~0ULL).empty());
}

TEST(BookFile, MissingOrCorruptFilesAreOneLineErrors) {
  auto one_line = [](const std::string& e) { return !e.empty() && e.find('\n') == std::string::npos; };
  auto missing = Book::load(temp_path("none.book"));
  ASSERT_FALSE(missing);
  EXPECT_TRUE(one_line(missing.error())) << missing.error();
  EXPECT_NE(missing.error().find("none.book"), std::string::npos) << missing.error();

  const std::string good = sample_book().serialize();
  struct Case {
    std::string name, bytes, says;
  };
  std::string flipped = good;
  flipped[flipped.size() - 10] ^= 0x40;  // a weight of the last entry
  std::string version = good;
  version[8] = 9;
  std::string magic = good;
  magic[0] = 'X';
  const std::vector<Case> cases = {
      {"empty.book", "", "not an oyin opening book"},
      {"magic.book", magic, "not an oyin opening book"},
      {"version.book", version, "format version 9"},
      {"short.book", good.substr(0, good.size() - 5), "truncated"},
      {"long.book", good + "x", "truncated or padded"},
      {"flipped.book", flipped, "checksum mismatch"},
  };
  for (const auto& c : cases) {
    const std::string path = temp_path(c.name);
    write_bytes(path, c.bytes);
    auto b = Book::load(path);
    ASSERT_FALSE(b) << c.name;
    EXPECT_TRUE(one_line(b.error())) << b.error();
    EXPECT_NE(b.error().find(c.says), std::string::npos) << c.name << ": " << b.error();
    EXPECT_NE(b.error().find(c.name), std::string::npos) << b.error();
  }
  // The command line says it in one line and exits with 2.
  const auto r = oyin::testing::run_oyin("book probe togyz " + temp_path("flipped.book"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: book '" + temp_path("flipped.book") + "': checksum mismatch (the file is corrupt)\n");
  const auto none = oyin::testing::run_oyin("book probe togyz " + temp_path("absent.book"));
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(std::count(none.err.begin(), none.err.end(), '\n'), 1) << none.err;
}

TEST(BookFile, BadEntriesAreRefused) {
  EXPECT_FALSE(Book::make({"togyz", "", "", 0}, {{1, "toolongmove", 1, 0, 1}}));
  EXPECT_FALSE(Book::make({"togyz", "", "", 0}, {{1, "", 1, 0, 1}}));
  EXPECT_FALSE(Book::make({"togyz", "", "", 0}, {{1, "12", 1, 0, 1}, {1, "12", 2, 0, 1}}));
}

// Two move orders of capture Go reach one position: the book answers both.
TEST(BookLookup, FindsAPositionReachedByTwoMoveOrders) {
  register_builtin_games();
  const GameEntry* g = find_game("capgo");
  auto one = g->new_game("", "").value();
  auto two = g->new_game("", "").value();
  for (const char* m : {"D4", "F6", "C3"}) ASSERT_TRUE(one->play(m));
  for (const char* m : {"C3", "F6", "D4"}) ASSERT_TRUE(two->play(m));
  ASSERT_EQ(one->hash(), two->hash());
  ASSERT_EQ(one->position_text(), two->position_text());
  auto other = g->new_game("", "").value();
  for (const char* m : {"D4", "F6", "C4"}) ASSERT_TRUE(other->play(m));

  Book b = Book::make({"capgo", one->rules_text(), "", 0}, {{one->hash(), "E5", 5, 10, 2}}).value();
  for (const GameState* s : {one.get(), two.get()}) {
    const auto moves = book_moves(b, *s);
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(moves[0].move, "E5");
  }
  EXPECT_TRUE(book_moves(b, *other).empty());
  // Another rules text: the book does not apply.
  Book wrong = Book::make({"capgo", "size=7", "", 0}, {{one->hash(), "E5", 5, 10, 2}}).value();
  EXPECT_TRUE(book_moves(wrong, *one).empty());

  const std::string path = temp_path("transposition.book");
  ASSERT_TRUE(b.save(path));
  const auto r = oyin::testing::run_oyin("book probe capgo " + path + " --moves 'C3 F6 D4'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\nE5 "), std::string::npos) << r.out;
  const auto miss = oyin::testing::run_oyin("book probe capgo " + path + " --moves 'C3 F6 C4'");
  EXPECT_NE(miss.out.find("The book has no move for this position."), std::string::npos) << miss.out;
}

// The pick: only moves within the margin of the best, by weight, the same for the same seed.
TEST(BookPick, SeededWeightedAmongGoodMovesOnly) {
  register_builtin_games();
  auto st = find_game("togyz")->new_game("", "").value();
  const std::uint64_t k = st->hash();
  const auto legal = st->legal_moves();
  ASSERT_GE(legal.size(), 5u);
  const std::string a = legal[0], b = legal[1], c = legal[2], d = legal[3], z = legal[4];
  // a, b, c score within 50 of the best (c at +60); d is 100 below it whatever its weight; z has
  // no weight; "99x" is no legal move here (a stale entry is ignored).
  Book book = Book::make({"togyz", "", "", 50}, {{k, a, 30, 20, 3},
                                                 {k, b, 20, 40, 1},
                                                 {k, c, 60, 60, 6},
                                                 {k, d, 500, -40, 50},
                                                 {k, z, 0, 60, 0},
                                                 {k, "99x", 900, 90, 9}})
                  .value();
  EXPECT_EQ(book_moves(book, *st).size(), 5u);
  EXPECT_EQ(good_moves(book, book_moves(book, *st)).size(), 3u);
  std::map<std::string, int> seen;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    const auto e = pick_book_move(book, *st, seed);
    ASSERT_TRUE(e);
    ++seen[e->move];
    EXPECT_EQ(pick_book_move(book, *st, seed)->move, e->move) << "seed " << seed;
  }
  EXPECT_EQ(seen.count(d), 0u);
  EXPECT_EQ(seen.count(z), 0u);
  EXPECT_EQ(seen.count("99x"), 0u);
  EXPECT_EQ(seen[a] + seen[b] + seen[c], 400);
  EXPECT_GT(seen[c], seen[a]);
  EXPECT_GT(seen[a], seen[b]);
  EXPECT_GT(seen[b], 30);
}

}  // namespace
}  // namespace oyin::book
