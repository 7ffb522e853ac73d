// oyin import's core: records replayed by the rules into the game base and the explorer index,
// duplicates and bad games skipped, tags kept. Records are written by the tests (records.h).
#include <gtest/gtest.h>

#include <thread>

#include "knowledge/explorer.h"
#include "knowledge/importer.h"
#include "knowledge/records.h"
#include "storage/game_store.h"
#include "storage/migrations.h"

namespace oyin::testing {
namespace {

using knowledge::ImportOptions;
using knowledge::ImportSummary;

struct Base {
  std::unique_ptr<storage::KnowledgeStore> store;
  std::vector<std::string> problems;
  ImportOptions opt;
  explicit Base(const std::string& dir) {
    auto s = storage::KnowledgeStore::open(store_for(dir + "/base.sqlite"));
    EXPECT_TRUE(s) << s.error();
    store = std::move(*s);
    opt.problem = [this](const std::string& p) { problems.push_back(p); };
  }
  ImportSummary import(const std::string& text, const std::string& file) {
    ImportSummary sum;
    auto st = knowledge::import_text(*store, text, file, opt, sum);
    EXPECT_TRUE(st) << st.error();
    return sum;
  }
  knowledge::ExplorerAnswer explore(const std::string& game, const std::string& moves, const std::string& source = "") {
    knowledge::ExplorerQuery q;
    q.moves = moves;
    q.source = source;
    auto a = knowledge::explore(*store, *find_game(game), q, nullptr);
    EXPECT_TRUE(a) << a.error();
    return a ? *a : knowledge::ExplorerAnswer{};
  }
};

std::string join(const std::vector<std::string>& m, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n && i < m.size(); ++i) s += (s.empty() ? "" : " ") + m[i];
  return s;
}

// Togyz: game A, game B sharing A's first 10 plies then leaving it, game C leaving at once.
struct ThreeGames {
  std::vector<std::string> a, b, c;
  std::string text;
  ThreeGames() {
    register_builtin_games();
    a = random_moves("togyz", 1, 30);
    auto st = find_game("togyz")->new_game("", "").value();
    for (std::size_t i = 0; i < 10; ++i) (void)st->play(a[i]);
    for (const auto& m : st->legal_moves())
      if (*st->clone()->play(m) != a[10]) {
        b.assign(a.begin(), a.begin() + 10);
        b.push_back(*st->play(m));
        break;
      }
    auto s0 = find_game("togyz")->new_game("", "").value();
    for (const auto& m : s0->legal_moves())
      if (*s0->clone()->play(m) != a[0]) {
        c.push_back(*s0->play(m));
        break;
      }
    text = record_text("togyz", a, {{"Event", "Cup"}, {"Date", "2019.05.01"}, {"White", "Asel"}, {"Black", "Bolat"},
                                    {"WhiteElo", "1500"}, {"BlackElo", "1700"}, {"TimeControl", "180"}}, "1-0") +
           "\n" +
           record_text("togyz", b, {{"Event", "Cup"}, {"Date", "2020"}, {"White", "Dana"}, {"Black", "Erlan"},
                                    {"WhiteElo", "2000"}}, "1/2-1/2") +
           "\n" + record_text("togyz", c, {{"Event", "Open"}, {"White", "Asel"}, {"Black", "Dana"}}, "0-1");
  }
};

TEST(Import, StoresEveryGameWithItsTagsAndIndexesEveryPosition) {
  Base base(test_dir());
  ThreeGames g;
  ASSERT_EQ(g.a.size(), 30u);
  ASSERT_EQ(g.b.size(), 11u);
  const ImportSummary sum = base.import(g.text, "/some/where/cup.pgn");
  EXPECT_EQ(sum.read, 3u);
  EXPECT_EQ(sum.added, 3u);
  EXPECT_EQ(sum.duplicates, 0u);
  EXPECT_EQ(sum.bad, 0u);
  EXPECT_TRUE(base.problems.empty());
  EXPECT_EQ(*base.store->count("togyz"), 3u);
  EXPECT_EQ(*base.store->count("tojmot"), 0u);
  EXPECT_EQ(*base.store->sources("togyz"), std::vector<std::string>{"cup"});

  auto first = base.store->load(1);
  ASSERT_TRUE(first && *first);
  const storage::BaseGame& ga = **first;
  EXPECT_EQ(ga.game, "togyz");
  EXPECT_EQ(ga.event, "Cup");
  EXPECT_EQ(ga.date, "2019.05.01");
  EXPECT_EQ(ga.year, 2019);
  EXPECT_EQ(ga.white, "Asel");
  EXPECT_EQ(ga.black, "Bolat");
  EXPECT_EQ(ga.white_elo, 1500);
  EXPECT_EQ(ga.black_elo, 1700);
  EXPECT_EQ(ga.time_control, "180");
  EXPECT_EQ(ga.result, "1-0");
  EXPECT_EQ(ga.source, "cup");
  EXPECT_EQ(ga.file, "cup.pgn");
  EXPECT_EQ(ga.line, 1);
  EXPECT_EQ(ga.ply_count, 30);
  EXPECT_EQ(ga.moves, join(g.a, 30));
  EXPECT_EQ(ga.content_key.size(), 32u);

  // The start: all three games, two moves.
  const auto start = base.explore("togyz", "");
  EXPECT_EQ(start.total.games, 3);
  EXPECT_EQ(start.total.first_wins, 1);
  EXPECT_EQ(start.total.draws, 1);
  EXPECT_EQ(start.total.second_wins, 1);
  ASSERT_EQ(start.moves.size(), 2u);
  EXPECT_EQ(start.moves[0].move, g.a[0]);
  EXPECT_EQ(start.moves[0].counts.games, 2);
  EXPECT_EQ(knowledge::average_rating(start.moves[0].counts), (1500 + 1700 + 2000) / 3);
  EXPECT_EQ(start.moves[1].move, g.c[0]);
  EXPECT_EQ(start.moves[1].counts.games, 1);
  EXPECT_EQ(start.moves[1].counts.second_wins, 1);
  EXPECT_EQ(start.moves[1].counts.rating_count, 0);

  // Where A and B part: one game each way, with that game's result and ratings.
  const auto fork = base.explore("togyz", join(g.a, 10));
  EXPECT_EQ(fork.total.games, 2);
  ASSERT_EQ(fork.moves.size(), 2u);
  for (const auto& m : fork.moves) {
    EXPECT_EQ(m.counts.games, 1);
    if (m.move == g.a[10]) {
      EXPECT_EQ(m.counts.first_wins, 1);
      EXPECT_EQ(knowledge::average_rating(m.counts), 1600);
    } else {
      EXPECT_EQ(m.move, g.b[10]);
      EXPECT_EQ(m.counts.draws, 1);
      EXPECT_EQ(knowledge::average_rating(m.counts), 2000);
    }
  }
  // After B's last move nothing was played; A's 29th position has exactly A's last move.
  EXPECT_TRUE(base.explore("togyz", join(g.b, 11)).moves.empty());
  const auto late = base.explore("togyz", join(g.a, 29));
  ASSERT_EQ(late.moves.size(), 1u);
  EXPECT_EQ(late.moves[0].move, g.a[29]);
}

TEST(Import, SkipsDuplicatesInTheBaseAndInTheSameFile) {
  Base base(test_dir());
  ThreeGames g;
  EXPECT_EQ(base.import(g.text, "cup.pgn").added, 3u);
  const ImportSummary again = base.import(g.text + "\n" + g.text, "cup-copy.pgn");
  EXPECT_EQ(again.read, 6u);
  EXPECT_EQ(again.added, 0u);
  EXPECT_EQ(again.duplicates, 6u);
  EXPECT_EQ(*base.store->count(""), 3u);
  EXPECT_EQ(base.explore("togyz", "").total.games, 3);  // the index did not count them twice

  // The same moves by other players is another game.
  const std::string other = record_text("togyz", g.c, {{"White", "Zhan"}, {"Black", "Dana"}}, "0-1");
  EXPECT_EQ(base.import(other, "more.pgn").added, 1u);
  EXPECT_EQ(base.explore("togyz", "").total.games, 4);
  // Per source.
  EXPECT_EQ(base.explore("togyz", "", "more").total.games, 1);
  EXPECT_EQ(base.explore("togyz", "", "cup").total.games, 3);
  EXPECT_EQ(base.explore("togyz", "", "nowhere").total.games, 0);
}

TEST(Import, ReportsBadGamesWithFileAndLineAndKeepsTheOthers) {
  Base base(test_dir());
  ThreeGames g;
  const std::string good = record_text("togyz", g.c, {{"White", "Asel"}, {"Black", "Dana"}}, "0-1");
  const std::string illegal = "[Event \"broken\"]\n[White \"X\"]\n[Black \"Y\"]\n[Result \"*\"]\n\n1. " + g.c[0] + " 10 *\n";
  const std::string text = good + "\n" + illegal + "\n" + good;
  const int illegal_line = 1 + static_cast<int>(std::count(good.begin(), good.end(), '\n')) + 1;
  const ImportSummary sum = base.import(text, "dir/mixed.pgn");
  EXPECT_EQ(sum.read, 3u);
  EXPECT_EQ(sum.added, 1u);
  EXPECT_EQ(sum.duplicates, 1u);
  EXPECT_EQ(sum.bad, 1u);
  ASSERT_EQ(base.problems.size(), 1u);
  EXPECT_EQ(base.problems[0].rfind("dir/mixed.pgn:" + std::to_string(illegal_line) + ": game 2: illegal move 2 '10': ", 0), 0u)
      << base.problems[0];
}

TEST(Import, FindsTheGameOfEachRecordAndEveryFormat) {
  Base base(test_dir());
  const auto tojmot = random_moves("tojmot", 7, 12);
  const auto capgo = random_moves("capgo", 7, 12);
  // A PGN holding Togyz and Tojmot games; an SGF holding capture Go.
  ThreeGames g;
  const ImportSummary pgn = base.import(record_text("tojmot", tojmot) + "\n" + g.text, "mixed.pgn");
  EXPECT_EQ(pgn.added, 4u);
  EXPECT_EQ(pgn.bad, 0u);
  const ImportSummary sgf = base.import(record_text("capgo", capgo, {{"Black", "B"}, {"White", "W"}}), "go.sgf");
  EXPECT_EQ(sgf.added, 1u);
  EXPECT_EQ(*base.store->count("tojmot"), 1u);
  EXPECT_EQ(*base.store->count("capgo"), 1u);
  EXPECT_EQ(*base.store->count("togyz"), 3u);
  const auto t = base.explore("tojmot", "");
  ASSERT_EQ(t.moves.size(), 1u);
  EXPECT_EQ(t.moves[0].move, tojmot[0]);
  const auto c = base.explore("capgo", join(capgo, 5));
  ASSERT_EQ(c.moves.size(), 1u);
  EXPECT_EQ(c.moves[0].move, capgo[5]);
}

TEST(Import, AFileNoGameCanReadIsAnErrorAndStoresNothing) {
  Base base(test_dir());
  ImportSummary sum;
  auto st = knowledge::import_text(*base.store, "(;GM[1]SZ[99])", "broken.sgf", base.opt, sum);
  ASSERT_FALSE(st);
  EXPECT_NE(st.error().find("broken.sgf: "), std::string::npos) << st.error();
  EXPECT_EQ(*base.store->count(""), 0u);
}

// Two importers writing to one base at once (two `oyin import` processes, or two server
// instances on one PostgreSQL): ids are numbered inside each writing transaction, so the writers
// must take turns or both pick the same next id and one import fails.
TEST(Import, TwoImportersAtOnceKeepEveryGame) {
  const std::string dir = test_dir();
  constexpr int kFiles = 12;
  std::vector<std::string> texts[2];
  for (int w = 0; w < 2; ++w)
    for (int i = 0; i < kFiles; ++i)
      texts[w].push_back(record_text("togyz", random_moves("togyz", 1000 + 100 * w + i, 12), {{"Event", "Cup"}}, "*") +
                         "\n" +
                         record_text("tojmot", random_moves("tojmot", 2000 + 100 * w + i, 8), {{"Event", "Cup"}}, "*"));
  Base one(dir), two(dir);
  Base* bases[2] = {&one, &two};
  std::vector<std::string> errors[2];
  std::vector<std::thread> writers;
  for (int w = 0; w < 2; ++w)
    writers.emplace_back([&, w] {
      const std::string file = w == 0 ? "w0.pgn" : "w1.pgn";
      for (int i = 0; i < kFiles; ++i) {
        ImportSummary sum;
        auto st = knowledge::import_text(*bases[w]->store, texts[w][i], file, bases[w]->opt, sum);
        if (!st) errors[w].push_back(st.error());
        else if (sum.added != 2) errors[w].push_back("added " + std::to_string(sum.added) + " of 2");
      }
    });
  for (auto& t : writers) t.join();
  for (int w = 0; w < 2; ++w) EXPECT_TRUE(errors[w].empty()) << "importer " << w << ": " << errors[w].front();
  EXPECT_EQ(*one.store->count("togyz"), 2u * kFiles);
  EXPECT_EQ(*one.store->count("tojmot"), 2u * kFiles);
  EXPECT_EQ(*one.store->sources("togyz"), (std::vector<std::string>{"w0", "w1"}));
}

TEST(Import, TheTablesAreMigrationsOfTheOneSchemaAndTheBaseReopens) {
  const std::string dir = test_dir();
  const int current = static_cast<int>(storage::schema_migrations().size());
  {
    Base base(dir);
    ThreeGames g;
    base.import(g.text, "cup.pgn");
    EXPECT_EQ(base.store->schema_version(), current);
  }
  Base again(dir);
  EXPECT_EQ(again.store->schema_version(), current);
  EXPECT_EQ(*again.store->count(""), 3u);
  // The same database is the game store's: its tables are there too.
  auto games = storage::GameStore::open(store_for(dir + "/base.sqlite"));
  ASSERT_TRUE(games) << games.error();
  EXPECT_EQ(*(*games)->count(), 0u);
}

// A SQLite base made before the knowledge tables joined the one schema (they had a version table
// of their own, knowledge_schema) keeps its games when it migrates.
TEST(Import, ABaseFromBeforeTheOneSchemaKeepsItsGames) {
  const std::string path = test_dir() + "/old.sqlite";
  {
    auto db = storage::Db::open(path);
    ASSERT_TRUE(db) << db.error();
    // The knowledge tables as the first knowledge migration made them, with one game.
    std::string old_tables;
    for (const auto& m : storage::schema_migrations())
      if (std::string t = m.text_for(storage::Backend::sqlite); t.find("TABLE IF NOT EXISTS base_games") != t.npos)
        old_tables = t;
    ASSERT_NE(old_tables, "");
    old_tables.erase(old_tables.find("DROP TABLE IF EXISTS knowledge_schema;"));
    ASSERT_TRUE((*db)->writer()->script(old_tables +
                                        "CREATE TABLE knowledge_schema(version INTEGER NOT NULL);"
                                        "INSERT INTO knowledge_schema VALUES(1);"
                                        "INSERT INTO knowledge_variants VALUES(1, 'togyz', '');"
                                        "INSERT INTO knowledge_sources VALUES(1, 'old');"
                                        "INSERT INTO base_games VALUES(1, 'k1', 1, 1, '', 'Cup', '', '2019', 2019, '', "
                                        "'Asel', 'Bolat', 0, 0, '', '1-0', '', 0, '', '[]', 'old.pgn', 1);"));
    ASSERT_EQ(*(*db)->writer()->schema_version(), 0);
  }
  auto store = storage::KnowledgeStore::open(path);
  ASSERT_TRUE(store) << store.error();
  EXPECT_EQ((*store)->schema_version(), static_cast<int>(storage::schema_migrations().size()));
  EXPECT_EQ(*(*store)->count("togyz"), 1u);
  EXPECT_EQ((*(*store)->load(1))->white, "Asel");
  auto db = storage::Db::open(path);
  EXPECT_TRUE((*db)->reader()->query("SELECT name FROM sqlite_master WHERE name = 'knowledge_schema'")->empty());
}

}  // namespace
}  // namespace oyin::testing
