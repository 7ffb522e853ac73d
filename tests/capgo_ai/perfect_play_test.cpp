// Perfect play where it is proved (search/capgo/perfect_play.h): the perfect-play table read up to
// the 8 symmetries and refused when corrupt, the shipped 6x6 table, the computer's move on the
// table's positions and on solved 5x5 and 6x6 positions checked by the solver, proved losses
// reported, and games the computer must win against the tree search.
#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "core/text.h"
#include "games/capgo/game.h"
#include "search/capgo/mcts_engine.h"
#include "search/capgo/perfect_play.h"
#include "search/capgo/perfect_rows.h"
#include "search/capgo/perfect_table.h"
#include "search/capgo/solver.h"
#include "support/run_command.h"

namespace oyin::capgo {
namespace {

Position after(const std::string& rules, const std::string& moves) {
  Position p = CaptureGo::start_position(*CaptureGo::parse_rules(rules));
  for (std::string_view m : split_ws(moves)) {
    auto mv = parse_move(p, m);
    EXPECT_TRUE(mv) << m;
    Undo u;
    play(p, *mv, u);
  }
  return p;
}

// A table text with its "end" line: the POSIX cksum of everything before it.
std::string with_end(const std::string& body) {
  return body + "end " + std::to_string(posix_cksum(body)) + " " + std::to_string(body.size()) + "\n";
}

// Point text of (x, y) under symmetry t of an n-by-n board.
std::string image(int t, int n, const std::string& point) {
  const auto xy = *parse_point(point, n);
  int x = xy.first, y = xy.second;
  if (t & 1) x = n - 1 - x;
  if (t & 2) y = n - 1 - y;
  if (t & 4) std::swap(x, y);
  return point_text(x, y);
}

std::string mv_text(const Position& p, int point) { return move_to_text(p, Move{static_cast<std::uint16_t>(point)}); }

SearchResult computer_move(CapgoMcts& mcts, const Position& p, int level = kMaxLevel, std::uint64_t seed = 1) {
  SearchLimits l;
  l.level = level;
  l.nodes = 1500;
  l.seed = seed;
  return capgo_search(mcts, p, l, nullptr, nullptr);
}

// The solver's value for the side to move (1 win, -1 loss; 0 unsolved in the budget).
int solved_value(const Position& p) {
  SolverOptions o;
  o.max_nodes = 3'000'000;
  o.memory_gb = 0.0625;
  const SolveResult r = solve_position(p, o);
  return r.solved ? r.value : 0;
}

TEST(CapgoPerfectTable, ChecksumIsPosixCksum) {
  EXPECT_EQ(posix_cksum(""), 4294967295u);     // printf '' | cksum
  EXPECT_EQ(posix_cksum("abc"), 1219131554u);  // printf 'abc' | cksum
}

TEST(CapgoPerfectTable, LooksUpEveryMirrorImage) {
  auto t = PerfectTable::parse(with_end("oyin perfect 1\nrules size=6,target=1,pass=0\n# a comment\nC3 D4 : E5  # why\n"), "t");
  ASSERT_TRUE(t) << t.error();
  EXPECT_EQ(t->size(), 1u);
  for (int s = 0; s < 8; ++s) {
    const Position p = after("size=6,target=1,pass=0", image(s, 6, "C3") + " " + image(s, 6, "D4"));
    const int m = t->lookup(p);
    ASSERT_GE(m, 0) << "symmetry " << s;
    EXPECT_EQ(mv_text(p, m), image(s, 6, "E5")) << "symmetry " << s;
  }
  EXPECT_EQ(t->lookup(after("size=6,target=1,pass=0", "C3 D5")), -1);        // another position
  EXPECT_EQ(t->lookup(after("size=6,target=1,pass=1", "C3 D4")), -1);        // other rules
  EXPECT_EQ(t->lookup(after("size=7,target=1,pass=0", "C3 D4")), -1);        // another board
}

TEST(CapgoPerfectTable, RefusesCorruptTruncatedAndIllegalTables) {
  const std::string good = "oyin perfect 1\nrules size=6,target=1,pass=0\nC3 D4 : E5\n";
  std::string flipped = with_end(good);
  flipped[flipped.find("E5")] = 'F';
  auto corrupt = PerfectTable::parse(flipped, "t.txt");
  ASSERT_FALSE(corrupt);
  EXPECT_EQ(corrupt.error(), "t.txt: corrupt: the rows do not match the checksum on the 'end' line");
  auto truncated = PerfectTable::parse(good, "t.txt");
  ASSERT_FALSE(truncated);
  EXPECT_EQ(truncated.error(), "t.txt: truncated: it does not end with an 'end' line");
  auto occupied = PerfectTable::parse(with_end("oyin perfect 1\nrules size=6,target=1,pass=0\nC3 D4 : C3\n"), "t.txt");
  ASSERT_FALSE(occupied);
  EXPECT_EQ(occupied.error().rfind("t.txt: line 3: ", 0), 0u) << occupied.error();
  auto other_row = PerfectTable::parse(with_end(good + "C3 D5 : D4\n"), "t.txt");
  ASSERT_TRUE(other_row) << other_row.error();
  auto same = PerfectTable::parse(with_end(good + "D3 C4 : B2\n"), "t.txt");  // the mirror image of C3 D4
  ASSERT_FALSE(same);
  EXPECT_EQ(same.error(), "t.txt: line 4: the position of line 3 again");
  auto passing = PerfectTable::parse(with_end("oyin perfect 1\nrules size=6,target=1,pass=1\n"), "t.txt");
  ASSERT_FALSE(passing);
  EXPECT_EQ(passing.error(), "t.txt: line 2: proof certificates need passing forbidden (pass=0)");
  auto other = PerfectTable::parse(with_end("oyin book 1\n"), "t.txt");
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error(), "t.txt: line 1: not a perfect-play table (no 'oyin perfect 1')");
}

// A position is lost by the table when every move leaves the opponent on one of its rows.
TEST(CapgoPerfectTable, ALossWhenEveryReplyHasARow) {
  const Position after_c3 = after("size=6,target=1,pass=0", "C3");
  std::string rows;
  MoveList replies;
  generate_moves(after_c3, replies);
  // One reply of each pair of mirror images in the diagonal through C3 (a position twice is refused).
  for (const Move m : replies)
    if (after_c3.x_of(m.point) <= after_c3.y_of(m.point))
      rows += "C3 " + move_to_text(after_c3, m) + " : " + (m.point == after_c3.index(0, 5) ? "B6" : "A6") + "\n";
  const std::string head = "oyin perfect 1\nrules size=6,target=1,pass=0\n";
  auto all = PerfectTable::parse(with_end(head + rows), "t");
  ASSERT_TRUE(all) << all.error();
  EXPECT_EQ(all->size(), 20u);  // 35 replies, 20 up to that mirror
  const PerfectResult lost = table_result(after_c3, *all);
  EXPECT_EQ(lost.value, PerfectValue::Loss);
  EXPECT_EQ(perfect_text(after_c3, lost), "proved loss: every move loses (table)");
  // One reply (and its mirror images) left out: nothing proved.
  auto some = PerfectTable::parse(with_end(head + rows.substr(rows.find('\n') + 1)), "t");
  ASSERT_TRUE(some) << some.error();
  EXPECT_EQ(table_result(after_c3, *some).value, PerfectValue::Unknown);
}

TEST(CapgoPerfectTable, AMissingFileIsRefusedByName) {
  auto t = PerfectTable::load("/nonexistent/perfect_6x6.txt");
  ASSERT_FALSE(t);
  EXPECT_NE(t.error().find("the perfect-play table: "), std::string::npos) << t.error();
  EXPECT_NE(t.error().find("/nonexistent/perfect_6x6.txt"), std::string::npos) << t.error();
}

// The rows of the shipped 6x6 table, read from the data file.
std::vector<std::pair<std::string, std::string>> shipped_rows() {
  std::ifstream f(std::string(OYIN_SOURCE_DIR) + "/data/capgo/perfect_6x6.txt");
  std::vector<std::pair<std::string, std::string>> rows;
  std::string line;
  while (std::getline(f, line)) {
    line = line.substr(0, line.find('#'));
    const auto colon = line.find(':');
    if (colon == std::string::npos || line.starts_with("rules")) continue;
    rows.emplace_back(std::string(trim(line.substr(0, colon))), std::string(trim(line.substr(colon + 1))));
  }
  return rows;
}

TEST(CapgoPerfectTable, TheShippedTableIsTheDataFile) {
  std::ifstream f(std::string(OYIN_SOURCE_DIR) + "/data/capgo/perfect_6x6.txt", std::ios::binary);
  std::stringstream text;
  text << f.rdbuf();
  EXPECT_EQ(std::string(shipped_perfect_text(6)), text.str());
  EXPECT_EQ(shipped_perfect_text(5), "");
  std::string error;
  const PerfectTable* t = shipped_perfect_table(6, &error);
  ASSERT_NE(t, nullptr) << error;
  EXPECT_EQ(t->size(), shipped_rows().size());
  EXPECT_GE(t->size(), 20u);  // the first move, White's four answers, Black's answers after C3
}

// On every position of the table the computer plays the table's move, a proof, and says so.
TEST(CapgoPerfectPlay, TablePositionsGetTheTablesMove) {
  for (const auto& [moves, answer] : shipped_rows()) {
    const Position p = after("size=6,target=1,pass=0", moves);
    CapgoMcts mcts;
    const SearchResult r = computer_move(mcts, p);
    EXPECT_EQ(r.best_move, answer) << "after '" << moves << "'";
    EXPECT_TRUE(r.info.is_mate);
    EXPECT_EQ(r.info.mate_in, 1);
    EXPECT_EQ(r.info.pv, std::vector<std::string>{answer});
  }
}

// Where the solver proves the position within a move, the computer's move leaves the opponent
// lost, as a separate solve from the position after it finds (5x5: Black's C3 wins, so every
// White reply to it loses; 4x4: White wins; 6x6: replies to C3 the solver settles in a move).
TEST(CapgoPerfectPlay, TheMoveLeavesALostPositionByTheSolver) {
  const std::pair<const char*, const char*> cases[] = {
      {"size=5,target=1,pass=0", ""},           {"size=5,target=1,pass=0", "C3 C4"},
      {"size=5,target=1,pass=0", "C3 D3"},      {"size=5,target=1,pass=0", "C3 B2"},
      {"size=4,target=1,pass=0", "B2"},         {"size=6,target=1,pass=0", "C3 A2"},
      {"size=6,target=1,pass=0", "C3 A5"},      {"size=6,target=1,pass=0", "C3 B6"},
      {"size=6,target=1,pass=0", "C3 B3"},
  };
  for (const auto& [rules, moves] : cases) {
    Position p = after(rules, moves);
    CapgoMcts mcts;
    const SearchResult r = computer_move(mcts, p);
    ASSERT_TRUE(r.info.is_mate) << rules << " after '" << moves << "'";
    ASSERT_EQ(r.info.mate_in, 1) << rules << " after '" << moves << "'";
    Undo u;
    play(p, *parse_move(p, r.best_move), u);
    EXPECT_TRUE(is_over(p) || solved_value(p) == -1) << rules << " after '" << moves << "' " << r.best_move;
  }
}

// The solver's work no longer depends on how the board is turned: each mirror image takes the
// same nodes (before: 5,200, 6,652, 9,238 and 7,576 on 5x5; 105,296 and 95,409 on 6x6, so a
// position the table's maker found settled within level 5's budget was not in its mirror image,
// and level 5 lost a game as Black after C3 B2 C2 B4 B3 A3), and the move is turned back.
TEST(CapgoPerfectPlay, MirrorImagesTakeTheSameSolve) {
  struct Mirrors {
    const char* rules;
    std::vector<std::pair<const char*, const char*>> lines;  // moves, the winning move turned alike
  };
  const Mirrors cases[] = {
      {"size=5,target=1,pass=0", {{"C3 C4", "B4"}, {"C3 C2", "B2"}, {"C3 B3", "B2"}, {"C3 D3", "D2"}}},
      {"size=6,target=1,pass=0", {{"C3 B2 C2 B4 B3 A3", ""}, {"C3 B2 C2 D2 B3 C1", ""}}},
  };
  for (const Mirrors& c : cases) {
    std::uint64_t nodes = 0;
    for (const auto& [moves, expected] : c.lines) {
      const Position p = after(c.rules, moves);
      SolverOptions so;
      so.method = SolverMethod::ProofNumber;
      so.max_nodes = 2'000'000;
      so.memory_gb = kPerfectSolverMemoryGb;
      const SolveResult r = solve_canonical(p, so);
      ASSERT_TRUE(r.solved) << moves;
      EXPECT_EQ(r.value, 1) << moves;
      if (nodes == 0) nodes = r.nodes;
      EXPECT_EQ(r.nodes, nodes) << moves;
      if (*expected) {
        EXPECT_EQ(r.best_move, expected) << moves;
      }
      Position next = p;
      Undo u;
      play(next, *parse_move(p, r.best_move), u);
      EXPECT_TRUE(is_over(next) || solved_value(next) == -1) << moves << " " << r.best_move;
    }
  }
}

TEST(CapgoPerfectPlay, AProvedLossIsReportedAndStillPlayed) {
  const Position p = after("size=4,target=1,pass=0", "");  // Black loses 4x4 (the solver: W)
  ASSERT_EQ(solved_value(p), -1);
  CapgoMcts mcts;
  const SearchResult r = computer_move(mcts, p);
  EXPECT_TRUE(r.info.is_mate);
  EXPECT_EQ(r.info.mate_in, -1);
  EXPECT_TRUE(parse_move(p, r.best_move));
  const PerfectResult pr = perfect_move(p, 100'000);
  EXPECT_EQ(perfect_text(p, pr).rfind("proved loss: every move loses (solver, ", 0), 0u) << perfect_text(p, pr);
}

TEST(CapgoPerfectPlay, OnlyWhereEveryCaptureEndsTheGameOnSmallBoards) {
  EXPECT_TRUE(perfect_applies(after("size=6,target=1,pass=0", "C3")));
  EXPECT_FALSE(perfect_applies(after("size=6,target=1,pass=1", "C3")));
  EXPECT_FALSE(perfect_applies(after("size=6,target=2,pass=0", "C3")));
  EXPECT_FALSE(perfect_applies(after("size=7,target=1,pass=0", "C3")));
  // The sampling levels stay beatable: no proof, the tree search's pick.
  CapgoMcts mcts;
  EXPECT_FALSE(computer_move(mcts, after("size=5,target=1,pass=0", ""), 3).info.is_mate);
  // Turned off (the puzzle sources' self-play): the tree search alone, even on a table position.
  SearchLimits l;
  l.nodes = 200;
  l.seed = 1;
  CapgoMcts off;
  EXPECT_FALSE(capgo_search(off, after("size=6,target=1,pass=0", ""), l, nullptr, nullptr, false).info.is_mate);
  auto engine = make_capgo_engine();
  EXPECT_TRUE(engine->set_option("PerfectPlay", "false"));
  EXPECT_EQ(engine->set_option("PerfectPlay", "no").error(), "PerfectPlay must be true or false");
}

// The computer on the winning side against the tree search at several levels and seeds: every
// game won (5x5 and 4x4 are solved within a move; 6x6 after C3 and any reply: the table, then
// the solver within its budget; White after B1 or C1 likewise).
TEST(CapgoPerfectPlay, TheWinningSideWinsEveryGame) {
  struct Start {
    const char* rules;
    const char* moves;
  };
  const Start starts[] = {{"size=5,target=1,pass=0", ""},
                          {"size=4,target=1,pass=0", "B2"},
                          {"size=6,target=1,pass=0", "C3 A4"},
                          {"size=6,target=1,pass=0", "C3 B3"},
                          // the two contact replies that took most of the 6x6 proof, and D5
                          {"size=6,target=1,pass=0", "C3 C5"},
                          {"size=6,target=1,pass=0", "C3 D4"},
                          {"size=6,target=1,pass=0", "C3 D5"},
                          // White after Black's losing first moves B1, C1 and B2 (the table's White rows)
                          {"size=6,target=1,pass=0", "B1"},
                          {"size=6,target=1,pass=0", "C1"},
                          {"size=6,target=1,pass=0", "B2"}};
  const std::array<int, 3> opponents = {3, 4, 8};
  int games = 0;
  for (const Start& s : starts) {
    for (int k = 0; k < static_cast<int>(opponents.size()); ++k) {
      Position p = after(s.rules, s.moves);
      const int winner = p.to_move;
      CapgoMcts perfect, other;
      for (int ply = 0; !is_over(p); ++ply) {
        const SearchResult r = p.to_move == winner ? computer_move(perfect, p)
                                                   : computer_move(other, p, opponents[static_cast<std::size_t>(k)], 7 + ply + k);
        ASSERT_FALSE(r.best_move.empty());
        Undo u;
        play(p, *parse_move(p, r.best_move), u);
      }
      EXPECT_EQ(status(p).outcome, Outcome::Win);
      EXPECT_EQ(static_cast<int>(status(p).winner), winner) << s.rules << " from '" << s.moves << "' against level " << opponents[static_cast<std::size_t>(k)];
      ++games;
    }
  }
  EXPECT_EQ(games, 30);
}

// The rows made by solving (bench/capgo_perfect_table.sh): on 5x5 from the empty board with a
// budget far below a move's, each row's move leaves the opponent lost by a separate solve, and a
// position below the rows that the budget settles needs no row.
TEST(CapgoPerfectRows, EachRowsMoveWinsAndTheRestIsSettled) {
  PerfectRowsOptions o;
  o.settle_nodes = 2000;
  o.memory_gb = 0.0625;
  std::vector<PerfectRow> seen;
  auto r = perfect_rows(after("size=5,target=1,pass=0", ""), "", o, [&](const PerfectRow& row) { seen.push_back(row); });
  ASSERT_TRUE(r) << r.error();
  ASSERT_FALSE(r->rows.empty());
  EXPECT_EQ(r->rows.size(), seen.size());
  EXPECT_TRUE(r->unsolved.empty());
  EXPECT_EQ(r->rows.front().moves, "");
  EXPECT_EQ(r->rows.front().answer, "C3");
  EXPECT_GT(r->settled, r->rows.size());
  for (const PerfectRow& row : r->rows) {
    Position p = after("size=5,target=1,pass=0", row.moves + " " + row.answer);
    EXPECT_TRUE(is_over(p) || solved_value(p) == -1) << row.moves << " : " << row.answer;
    EXPECT_GT(row.nodes, o.settle_nodes);
  }
  // From a lost position only with the loser's side named; a wrong claim is an error.
  o.to_move_loses = true;
  auto lost = perfect_rows(after("size=5,target=1,pass=0", "C3"), "C3", o);
  ASSERT_TRUE(lost) << lost.error();
  o.to_move_loses = false;
  auto wrong = perfect_rows(after("size=5,target=1,pass=0", "C3"), "C3", o);
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error(), "the side to move does not win after 'C3'");
}

// A stopped run resumed from its rows (oyin_perfect_rows --resume): the rows up to the last one
// are followed again without solving, and the whole gives the rows and counts of one unbroken run;
// rows from another run are refused by name.
TEST(CapgoPerfectRows, AResumedRunEndsAsAnUnbrokenOne) {
  PerfectRowsOptions o;
  o.settle_nodes = 2000;
  o.memory_gb = 0.0625;
  const Position start = after("size=5,target=1,pass=0", "");
  auto whole = perfect_rows(start, "", o);
  ASSERT_TRUE(whole) << whole.error();
  ASSERT_GE(whole->rows.size(), 4u);
  const std::size_t kept = whole->rows.size() / 2;
  o.resume.assign(whole->rows.begin(), whole->rows.begin() + static_cast<std::ptrdiff_t>(kept));
  std::vector<std::string> written;
  auto resumed = perfect_rows(start, "", o, [&](const PerfectRow& row) { written.push_back(row.moves + " : " + row.answer); });
  ASSERT_TRUE(resumed) << resumed.error();
  ASSERT_EQ(written.size(), whole->rows.size());
  for (std::size_t i = 0; i < written.size(); ++i)
    EXPECT_EQ(written[i], whole->rows[i].moves + " : " + whole->rows[i].answer) << i;
  EXPECT_EQ(resumed->positions, whole->positions);
  EXPECT_EQ(resumed->settled, whole->settled);
  EXPECT_LT(resumed->nodes, whole->nodes);
  o.resume = {PerfectRow{"A1 E5", "C3", 1}};
  auto foreign = perfect_rows(start, "", o);
  ASSERT_FALSE(foreign);
  EXPECT_EQ(foreign.error(), "the rows to resume from are not this run's: 'A1 E5' was never reached");
}

TEST(CapgoPerfectPlay, AnalyzeShowsTheProof) {
  const auto r = oyin::testing::run_oyin("analyze capgo --rules size=6,target=1,pass=0 --nodes 100");
  EXPECT_EQ(r.out, "Black to move: proved win: C3 (table)\nbestmove C3\n") << r.err;
  // C3 E4 is the mirror image of the table's C3 D5 in the diagonal through C3.
  std::string answer;
  for (const auto& [moves, a] : shipped_rows())
    if (moves == "C3 D5") answer = a;
  ASSERT_FALSE(answer.empty());
  const auto w = oyin::testing::run_oyin("analyze capgo --rules size=6,target=1,pass=0 --moves 'C3 E4' --nodes 100");
  EXPECT_EQ(w.out, "Black to move: proved win: " + image(4, 6, answer) + " (table)\nbestmove " + image(4, 6, answer) + "\n")
      << w.err;
}

}  // namespace
}  // namespace oyin::capgo
