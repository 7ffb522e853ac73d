// The book in play: built from a constructed game base (a losing move dropped), from self-play
// (the same seed, the same file), played at level 5 and not at level 4, and over UCI with OwnBook.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include "book/book_build.h"
#include "book/book_file.h"
#include "book/book_pick.h"
#include "registry/registry.h"
#include "knowledge/importer.h"
#include "knowledge/records.h"
#include "storage/knowledge_store.h"
#include "support/run_command.h"

namespace oyin::book {
namespace {

using oyin::testing::run_oyin;

std::string temp_dir() {
  static int n = 0;
  const std::string dir = ::testing::TempDir() + "oyin_bookplay_" + std::to_string(getpid()) + "_" + std::to_string(n++);
  std::filesystem::create_directories(dir);
  return dir;
}

std::string slurp_bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// A reply of Togyz Kumalak that the checking search scores as a clear loss, and a sound one, in
// the same position (after the first move `first`): the base plays both, the book keeps one.
TEST(BookBuild, FromTheBaseDropsAMoveThatLosesClearly) {
  register_builtin_games();
  const GameEntry& g = *find_game("togyz");
  const int drop = -1000;  // a clear loss here: 10 stones down (given with --drop-below=)
  auto engine = g.make_engine();
  SearchLimits check;
  check.depth = 3;  // what --depth 4 searches after the move
  std::string first, worst, sound;
  int worst_score = 0, sound_score = 0;
  auto start = g.new_game("", "").value();
  for (const auto& a : start->legal_moves()) {
    auto after = start->clone();
    ASSERT_TRUE(after->play(a));
    std::string lo, hi;
    int lo_s = kBookWin, hi_s = -kBookWin;
    for (const auto& b : after->legal_moves()) {
      const int s = score_move(*after, b, *engine, check);
      if (s < lo_s) lo_s = s, lo = b;
      if (s > hi_s) hi_s = s, hi = b;
    }
    if (lo_s < drop && hi_s >= drop) {
      first = a, worst = lo, sound = hi, worst_score = lo_s, sound_score = hi_s;
      break;
    }
  }
  ASSERT_FALSE(first.empty()) << "no first move with a clearly losing and a sound reply at depth 4";

  const std::string dir = temp_dir();
  {
    auto store = storage::KnowledgeStore::open(dir + "/base.sqlite").value();
    std::string text;
    for (int i = 0; i < 3; ++i)
      text += oyin::testing::record_text("togyz", {first, sound}, {{"White", std::vector<std::string>{"W0", "W1", "W2"}[i]}}, "0-1") + "\n";
    for (int i = 0; i < 2; ++i)
      text += oyin::testing::record_text("togyz", {first, worst}, {{"White", std::vector<std::string>{"L0", "L1"}[i]}}, "1-0") + "\n";
    knowledge::ImportSummary sum;
    ASSERT_TRUE(knowledge::import_text(*store, text, "constructed.pgn", {}, sum));
    ASSERT_EQ(sum.added, 5u);
  }
  const std::string book = dir + "/t.book";
  const auto r = run_oyin("book build togyz --from-db " + dir + "/base.sqlite --plies 2 --depth 4 --min-games 2 --drop-below=-1000 --out " + book);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("book: dropped " + worst + " ("), std::string::npos) << r.err;
  char below[16];
  std::snprintf(below, sizeof below, "%+.2f", drop / 100.0);
  EXPECT_NE(r.out.find("2 positions, 2 moves (3 checked at depth 4, 1 dropped below " + std::string(below) + ")"),
            std::string::npos)
      << r.out;

  auto b = Book::load(book);
  ASSERT_TRUE(b) << b.error();
  auto after = g.new_game("", "").value();
  const auto at_start = book_moves(*b, *after);
  ASSERT_EQ(at_start.size(), 1u);
  EXPECT_EQ(at_start[0].move, first);
  EXPECT_EQ(at_start[0].games, 5);
  ASSERT_TRUE(after->play(first));
  const auto replies = book_moves(*b, *after);
  ASSERT_EQ(replies.size(), 1u) << "the losing reply " << worst << " (" << worst_score << ") stays out";
  EXPECT_EQ(replies[0].move, sound);
  EXPECT_EQ(replies[0].score, sound_score);
  EXPECT_EQ(replies[0].weight, 2u * 3 + 1) << "three wins for black: 2 x 3 + 1";

  const auto probe = run_oyin("book probe togyz " + book + " --moves " + first);
  EXPECT_EQ(probe.exit_code, 0) << probe.err;
  EXPECT_NE(probe.out.find("\n" + sound + " "), std::string::npos) << probe.out;
  EXPECT_EQ(probe.out.find("\n" + worst + " "), std::string::npos) << probe.out;
}

TEST(BookBuild, SelfPlayWithASeedWritesTheSameFile) {
  const std::string dir = temp_dir();
  const std::string args = "book build tojmot --selfplay 3 --plies 3 --nodes 200 --depth 2 --seed 7 --quiet --out " + dir + "/t.book";
  const auto one = run_oyin(args);
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const std::string first = slurp_bytes(dir + "/t.book");
  const auto two = run_oyin(args);
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(slurp_bytes(dir + "/t.book"), first);
  auto b = Book::load(dir + "/t.book");
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(b->header().game, "tojmot");
  EXPECT_GE(b->entries().size(), 3u);
  EXPECT_NE(b->header().note.find("--selfplay 3"), std::string::npos) << b->header().note;
}

// From the engine's own analysis: every legal move of the start scored, only those within
// keep_within of the best booked, and (expand_all_plies 1) every reply to any first move answered.
TEST(BookBuild, AnalysisKeepsOnlyMovesNearTheBestAndAnswersEveryFirstMove) {
  register_builtin_games();
  const GameEntry& g = *find_game("togyz");
  const auto start = g.new_game("", "").value();
  auto engine = g.make_engine();
  const MoveSource every = [](const GameState& st) -> Result<std::vector<SourceMove>> {
    std::vector<SourceMove> out;
    for (const std::string& m : st.legal_moves()) out.push_back({m, 1, 0, 0, 0});
    return out;
  };
  BuildOptions opt;
  opt.plies = 2;
  opt.check.depth = 3;
  opt.check.level = 10;
  opt.drop_below = -kBookWin;
  opt.keep_within = 20;
  opt.margin = 20;
  opt.expand_all_plies = 1;
  BuildReport rep;
  auto b = build_book(*start, *engine, every, opt, &rep);
  ASSERT_TRUE(b) << b.error();
  std::size_t replies = 0;  // the start's 9 moves, then every reply to each (8 where a pit was taken)
  for (const std::string& m : start->legal_moves()) {
    auto c = start->clone();
    ASSERT_TRUE(c->play(m));
    replies += c->legal_moves().size();
  }
  EXPECT_EQ(rep.totals.checked, 9u + replies);
  // The start: the booked moves are exactly those within 20 of the best checking score.
  std::vector<int> scores;
  for (const std::string& m : start->legal_moves()) scores.push_back(score_move(*start, m, *engine, opt.check));
  const int best = *std::max_element(scores.begin(), scores.end());
  const auto moves = book_moves(*b, *start);
  ASSERT_FALSE(moves.empty());
  for (std::size_t i = 0; i < scores.size(); ++i) {
    const std::string m = start->legal_moves()[i];
    const bool booked = std::any_of(moves.begin(), moves.end(), [&](const BookEntry& e) { return e.move == m; });
    EXPECT_EQ(booked, scores[i] >= best - 20) << m << " scores " << scores[i] << ", best " << best;
  }
  // After every first move, kept or not, the book has an answer.
  for (const std::string& m : start->legal_moves()) {
    auto c = start->clone();
    ASSERT_TRUE(c->play(m));
    EXPECT_FALSE(book_moves(*b, *c).empty()) << "no answer to " << m;
  }
}

TEST(BookBuild, BadInputIsOneLineAndExitTwo) {
  for (const std::string args :
       {"book build togyz --plies 4 --out /tmp/x.book", "book build togyz --from-db /nonexistent.sqlite --plies 4 --out /tmp/x.book",
        "book build nogame --selfplay 2 --plies 4 --out /tmp/x.book",
        "book build togyz --analysis --selfplay 2 --plies 4 --out /tmp/x.book", "book build togyz --selfplay 2 --plies 0 --out /tmp/x.book",
        "book probe togyz", "book", "book probe togyz /nonexistent.book --moves 11"}) {
    const auto r = run_oyin(args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.out << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
  const auto help = run_oyin("book build --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--from-db"), std::string::npos);
}

// A book whose only move at the start is the one the engine likes least: level 5 plays it from
// the book, level 4 searches and does not; without OwnBook no level uses it.
TEST(BookPlay, LevelFivePlaysTheBookMoveLevelFourSearches) {
  register_builtin_games();
  const GameEntry& g = *find_game("togyz");
  auto start = g.new_game("", "").value();
  auto engine = g.make_engine();
  SearchLimits all;
  all.depth = 4;
  all.multipv = 9;
  std::vector<SearchInfo> lines;
  (void)engine->search(*start, all, [&](const SearchInfo& i) {
    if (i.depth == 4) lines.push_back(i);
  }, nullptr);
  ASSERT_FALSE(lines.empty());
  std::string least;
  int least_score = kBookWin;
  for (const auto& i : lines)
    if (!i.pv.empty() && i.score_cp < least_score) least_score = i.score_cp, least = i.pv.front();
  const std::string path = temp_dir() + "/least.book";
  ASSERT_TRUE(Book::make({"togyz", "", "", 0}, {{start->hash(), least, 1, 0, 1}}).value().save(path));

  ASSERT_TRUE(engine->set_option("BookFile", path));
  SearchLimits lim;
  lim.nodes = 3000;
  lim.seed = 11;
  lim.level = 5;
  SearchResult off = engine->search(*start, lim, {}, nullptr);
  EXPECT_FALSE(off.book) << "OwnBook is off by default";
  ASSERT_TRUE(engine->set_option("OwnBook", "true"));
  const SearchResult five = engine->search(*start, lim, {}, nullptr);
  EXPECT_TRUE(five.book);
  EXPECT_EQ(five.best_move, least);
  lim.level = 10;
  EXPECT_EQ(engine->search(*start, lim, {}, nullptr).best_move, least);
  lim.level = 4;
  const SearchResult four = engine->search(*start, lim, {}, nullptr);
  EXPECT_FALSE(four.book);
  EXPECT_NE(four.best_move, least) << "level 4 picks among its 5 best lines, not the worst of 9";
  // Out of the book (after one move), level 5 searches.
  auto after = start->clone();
  ASSERT_TRUE(after->play(least));
  lim.level = 5;
  EXPECT_FALSE(engine->search(*after, lim, {}, nullptr).book);
  // A book of another game is refused in one line.
  const std::string other = temp_dir() + "/tojmot.book";
  ASSERT_TRUE(Book::make({"tojmot", "", "", 0}, {}).value().save(other));
  const auto refused = engine->set_option("BookFile", other);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("is a book of tojmot, not of togyz"), std::string::npos) << refused.error();
}

// oyin analyze names the book's moves of the position, comma-separated: the ones it picks among
// with their shares, the others "(not picked)".
TEST(BookPlay, AnalyzeListsTheBookMovesWithTheirShares) {
  register_builtin_games();
  auto start = find_game("togyz")->new_game("", "").value();
  const auto legal = start->legal_moves();
  const std::string path = temp_dir() + "/analyze.book";
  ASSERT_TRUE(Book::make({"togyz", "", "", 100}, {{start->hash(), legal[2], 3, 30, 4},
                                                  {start->hash(), legal[6], 1, 10, 4},
                                                  {start->hash(), legal[0], 2, -200, 4}})
                  .value()
                  .save(path));
  const auto r = run_oyin("analyze togyz --depth 2 --book " + path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto at = r.out.find("\nBook: ");
  ASSERT_NE(at, std::string::npos) << r.out;
  std::string line = r.out.substr(at + 7, r.out.find('\n', at + 1) - at - 7);
  std::set<std::string> parts;
  for (std::size_t from = 0;;) {
    const auto comma = line.find(", ", from);
    parts.insert(line.substr(from, comma - from));
    if (comma == std::string::npos) break;
    from = comma + 2;
  }
  EXPECT_EQ(parts, (std::set<std::string>{legal[2] + " +0.30 (75%)", legal[6] + " +0.10 (25%)",
                                          legal[0] + " -2.00 (not picked)"}))
      << line;
}

TEST(BookPlay, OwnBookOverAUciTranscript) {
  register_builtin_games();
  auto start = find_game("togyz")->new_game("", "").value();
  const auto legal = start->legal_moves();
  const std::string path = temp_dir() + "/uci.book";
  ASSERT_TRUE(Book::make({"togyz", "", "", 100}, {{start->hash(), legal[2], 5, 30, 4}, {start->hash(), legal[6], 5, 10, 4}})
                  .value()
                  .save(path));
  const auto r = run_oyin("uci", "uci\nsetoption name OwnBook value true\nsetoption name BookFile value " + path +
                                     "\nposition startpos\ngo depth 3\nsetoption name BookFile value /nonexistent.book\n"
                                     "setoption name OwnBook value false\nposition startpos\ngo depth 3\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("option name OwnBook type check default false\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("option name BookFile type string default <default>\n"), std::string::npos) << r.out;
  const auto book_line = r.out.find("info string book move ");
  ASSERT_NE(book_line, std::string::npos) << r.out;
  const std::string move = r.out.substr(book_line + 22, r.out.find('\n', book_line) - book_line - 22);
  EXPECT_TRUE(move == legal[2] || move == legal[6]) << move;
  EXPECT_NE(r.out.find("info depth 0 seldepth 0 multipv 1 score cp " + std::string(move == legal[2] ? "30" : "10") +
                       " nodes 0 nps 0 time 0 pv " + move + "\nbestmove " + move + "\ninfo string error: book '/nonexistent.book': "),
            std::string::npos)
      << r.out;
  // With OwnBook off the second "go" searches (to its end: the input ends without "quit"):
  // depth 3 is reached, no book line.
  const std::string after_off = r.out.substr(r.out.find("info string error"));
  EXPECT_EQ(after_off.find("book move"), std::string::npos) << r.out;
  EXPECT_NE(after_off.find("info depth 3 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("info string error: book '/nonexistent.book': "), std::string::npos) << r.out;
}

}  // namespace
}  // namespace oyin::book
