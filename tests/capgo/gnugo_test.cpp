// Independent check against GNU Go (Debian's gnugo, installed by `make test`): random games of
// ordinary Go (target=0, so no game ends at a capture) on 9x9 and 5x5; after every move GNU Go,
// run with --chinese-rules --positional-superko, is asked for both capture counts and for all
// legal moves of the side to move, and every answer must equal ours.
//
// Where GNU Go's rules differ from ours, the games stay out of the difference:
//  - Two consecutive passes end our game; GNU Go's GTP `play` accepts moves after any number of
//    passes. So a pass is played now and then (to check that a pass creates no new position for
//    superko) but never right after another pass.
//  - GNU Go's all_legal never lists "pass"; we compare the points only (pass is always legal in
//    these settings, pass=1).
//  - Every other answer, including suicide and positional superko, agreed in every game run.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "games/capgo/game.h"
#include "core/random.h"
#include "registry/registry.h"
#include "support/run_command.h"
#include "support/subprocess.h"

namespace oyin::capgo {
namespace {

const char* kGnuGo = "/usr/games/gnugo";

class GnuGo {
 public:
  GnuGo() : proc_({kGnuGo, "--mode", "gtp", "--chinese-rules", "--positional-superko"}) {}
  bool ok() const { return proc_.ok(); }
  // Sends one command; returns the answer without "= ", or "?..." for an error.
  std::string ask(const std::string& cmd) {
    if (!proc_.write_all(cmd + "\n")) return "?write failed";
    std::string r = proc_.read_until("\n\n");
    if (proc_.eof()) return "?gnugo closed its output";
    if (r.rfind("= ", 0) == 0) return r.substr(2);
    if (r == "=") return "";
    return "?" + r;
  }

 private:
  oyin::testing::Subprocess proc_;
};

std::set<std::string> words(const std::string& s) {
  std::set<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.insert(w);
  return out;
}

struct Totals {
  int games = 0, moves = 0, captures = 0, superko_refusals = 0, passes = 0;
};

// Plays `games` random games of up to `plies` stone moves on an N×N board, checking every position.
void compare(int size, int games, int plies, std::uint64_t seed, Totals& t) {
  ASSERT_TRUE(std::filesystem::exists(kGnuGo)) << kGnuGo << " is missing: `make test` installs Debian's gnugo";
  GnuGo gnugo;
  ASSERT_TRUE(gnugo.ok());
  ASSERT_EQ(gnugo.ask("boardsize " + std::to_string(size)), "");
  const Rules rules = *CaptureGo::parse_rules("size=" + std::to_string(size) + ",target=0");
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    ASSERT_EQ(gnugo.ask("clear_board"), "");
    Position pos = CaptureGo::start_position(rules);
    std::string moves;
    for (int ply = 0; ply < plies; ++ply) {
      const std::string color = pos.to_move ? "white" : "black";
      SCOPED_TRACE("game " + std::to_string(g) + " on " + std::to_string(size) + "x" + std::to_string(size) +
                   ", moves:" + moves + "\nposition " + to_text(pos));
      MoveList list;
      generate_moves(pos, list);
      std::set<std::string> ours;
      std::vector<Move> points;
      for (Move m : list)
        if (!(m == kPass)) {
          ours.insert(move_to_text(pos, m));
          points.push_back(m);
        }
      const std::string theirs = gnugo.ask("all_legal " + color);
      ASSERT_NE(theirs.substr(0, 1), "?") << theirs;
      ASSERT_EQ(ours, words(theirs)) << "legal moves of " << color;
      // Points that are empty and not suicide but still refused: positional superko at work.
      for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) t.superko_refusals += check_point(pos, pos.index(x, y)) == Illegal::Superko;
      if (points.empty() && pos.passes) break;  // a second pass would end our game
      const bool pass = points.empty() || (pos.passes == 0 && rng.below(20) == 0);
      const Move m = pass ? kPass : points[rng.below(static_cast<std::uint32_t>(points.size()))];
      const std::string text = move_to_text(pos, m);
      moves += " " + text;
      ASSERT_EQ(gnugo.ask("play " + color + " " + text), "");
      Undo u;
      t.captures += capgo::play(pos, m, u) > 0;
      ++t.moves;
      t.passes += pass;
      ASSERT_EQ(gnugo.ask("captures black"), std::to_string(pos.captures[0]));
      ASSERT_EQ(gnugo.ask("captures white"), std::to_string(pos.captures[1]));
    }
    ++t.games;
  }
}

void report(const char* what, const Totals& t) {
  std::cout << what << ": " << t.games << " games, " << t.moves << " moves (" << t.passes << " passes), " << t.captures
            << " capturing moves, " << t.superko_refusals << " points refused by superko; all agreed with GNU Go\n";
}

TEST(CaptureGoAgainstGnuGo, TwoHundredRandomGamesOnNineByNine) {
  Totals t;
  compare(9, 200, 60, 9, t);
  report("9x9, 60 moves", t);
  EXPECT_EQ(t.games, 200);
  EXPECT_EQ(t.moves, 200 * 60);
  EXPECT_GT(t.captures, 250);
  EXPECT_GT(t.passes, 300);
}

TEST(CaptureGoAgainstGnuGo, TwoHundredRandomGamesOnFiveByFive) {
  Totals t;
  compare(5, 200, 60, 5, t);
  report("5x5, 60 moves", t);
  EXPECT_EQ(t.games, 200);
  EXPECT_GT(t.moves, 7000);
  EXPECT_GT(t.captures, 900);
  EXPECT_GT(t.superko_refusals, 40) << "5x5 random games must exercise superko";
}

// Long games on small boards: many captures and retakes, so superko decides often.
TEST(CaptureGoAgainstGnuGo, LongGamesOnSmallBoards) {
  Totals t4, t6;
  compare(4, 200, 200, 4, t4);
  compare(6, 100, 200, 6, t6);
  report("4x4, 200 moves", t4);
  report("6x6, 200 moves", t6);
  EXPECT_GT(t4.superko_refusals + t6.superko_refusals, 300);
  EXPECT_GT(t4.moves + t6.moves, 30000);
}

// Real records written by another program: GNU Go plays Black with two handicap stones against
// a scripted White (a few moves, then passes) and saves the game; its SGF has AB setup stones,
// no PL (White simply moves first), passes as W[] and a territory result RE[B+...].
TEST(CaptureGoAgainstGnuGo, ReplaysHandicapGamesRecordedByGnuGo) {
  ASSERT_TRUE(std::filesystem::exists(kGnuGo)) << kGnuGo << " is missing: `make test` installs Debian's gnugo";
  register_builtin_games();
  const GameAdapter& g = *find_game("capgo");
  for (int seed : {1, 2, 3}) {
    const std::string base = ::testing::TempDir() + "capgo_gnugo_" + std::to_string(getpid()) + "_" + std::to_string(seed);
    std::ofstream(base + ".in") << "c6\nf2\nb2\ne6\npass\npass\npass\npass\npass\npass\npass\npass\nquit\n";
    const std::string cmd = std::string(kGnuGo) + " --mode ascii --boardsize 7 --handicap 2 --color white --chinese-rules" +
                            " --level 1 --seed " + std::to_string(seed) + " -o " + base + ".sgf <" + base + ".in >/dev/null 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    const std::string sgf = oyin::testing::slurp(base + ".sgf");
    SCOPED_TRACE(sgf);
    ASSERT_NE(sgf.find("AB["), std::string::npos);
    ASSERT_NE(sgf.find("W[]"), std::string::npos);
    ASSERT_EQ(sgf.find("PL["), std::string::npos);
    auto recs = g.read_records(sgf);
    ASSERT_TRUE(recs.ok()) << recs.error();
    const GameRecord& r = recs->front();
    EXPECT_EQ(r.tag("Rules").substr(0, 22), "size=7,target=0,pass=1");
    EXPECT_NE(r.tag("FEN"), "") << "White moves first";
    EXPECT_EQ(r.tag("GoResult").substr(0, 2), "B+");
    auto st = g.new_game(r.tag("Rules"), r.tag("FEN"));
    ASSERT_TRUE(st.ok()) << st.error();
    for (const auto& m : r.moves) ASSERT_TRUE((*st)->play(m).ok()) << m;
    EXPECT_EQ((*st)->status().reason.substr(0, 9), "two passe");
    auto replay = oyin::testing::run_oyin("replay capgo " + base + ".sgf");
    EXPECT_EQ(replay.exit_code, 0) << replay.out;
    EXPECT_EQ(replay.out, "game 1: OK\ngames: 1 ok: 1 illegal: 0 result-mismatch: 0\n");
  }
}

}  // namespace
}  // namespace oyin::capgo
