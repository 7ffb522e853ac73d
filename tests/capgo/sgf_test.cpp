// SGF records (../shared/rules/capture-go.md, "Coordinates and records"): write -> read round
// trips of random games, hand-written files with setup stones, passes, comments and variations,
// and `oyin replay capgo` on them.
#include <gtest/gtest.h>

#include "games/capgo/game.h"
#include "registry/registry.h"
#include "support/run_command.h"

namespace oyin::capgo {
namespace {

const std::string kData = std::string(OYIN_SOURCE_DIR) + "/tests/capgo/data/";

const GameAdapter& capgo_adapter() {
  register_builtin_games();
  return *find_game("capgo");
}

std::unique_ptr<GameState> new_game(const GameAdapter& g, const std::string& rules) {
  auto created = g.new_game(rules, "");
  EXPECT_TRUE(created.ok()) << created.error();
  return std::move(created.value());
}

TEST(CaptureGoSgf, RandomGamesRoundTrip) {
  const GameAdapter& g = capgo_adapter();
  Rng rng(2026);
  int finished = 0, with_captures = 0;
  for (const char* rules : {"size=5,target=1", "size=7,target=3,pass=0", "size=9,target=0",
                            "size=6,target_b=2,target_w=1,setup=BC4+BD3+WC3+WD4", "size=2,target=2"}) {
    for (int game = 0; game < 40; ++game) {
      auto st = new_game(g, rules);
      for (int ply = 0; ply < 120 && !st->status().over(); ++ply) ASSERT_TRUE(st->play(st->random_move(rng)).ok());
      GameRecord meta;
      meta.tags = {{"Black", "Random ]mover["}, {"White", "oyin"}, {"Event", "round trip"}};
      const std::string sgf = st->write_record(meta);
      auto recs = g.read_records(sgf);
      ASSERT_TRUE(recs.ok()) << recs.error() << "\n" << sgf;
      ASSERT_EQ(recs->size(), 1u);
      const GameRecord& r = recs->front();
      EXPECT_EQ(r.tag("Black"), "Random ]mover[");
      EXPECT_EQ(r.moves, st->history()) << sgf;
      EXPECT_EQ(r.result, result_text(st->status()));
      auto back = g.new_game(r.tag("Rules"), r.tag("FEN"));
      ASSERT_TRUE(back.ok()) << back.error();
      EXPECT_EQ((*back)->start_position_text(), st->start_position_text());
      for (const auto& m : r.moves) ASSERT_TRUE((*back)->play(m).ok()) << m;
      EXPECT_EQ((*back)->position_text(), st->position_text());
      EXPECT_EQ((*back)->check_recorded_result(r), "") << sgf;
      finished += st->status().over();
      with_captures += st->position_text().find(" 0 0 ") == std::string::npos;
    }
  }
  EXPECT_GT(finished, 150);
  EXPECT_GT(with_captures, 100);
}

TEST(CaptureGoSgf, WritesResultsPerRule) {
  const GameAdapter& g = capgo_adapter();
  auto play_all = [&](const char* rules, std::initializer_list<const char*> moves, GameRecord meta = {},
                      const char* fen = "") {
    auto created = g.new_game(rules, fen);
    EXPECT_TRUE(created.ok()) << created.error();
    auto st = std::move(created.value());
    for (const char* m : moves) EXPECT_TRUE(st->play(m).ok()) << m;
    return st->write_record(meta);
  };
  EXPECT_EQ(play_all("size=3,target=1", {"B2", "A1", "A2", "C3", "B1"}),
            "(;FF[4]GM[1]CA[UTF-8]AP[oyin]SZ[3]RU[capture:1;pass:yes;ko:positional;suicide:no]RE[B+C]\n"
            ";B[bb];W[ac];B[ab];W[ca];B[bc])\n");
  EXPECT_NE(play_all("size=3,target=2", {"B2", "A1", "A2", "C3", "B1", "pass", "pass"}).find("RE[B+1]"),
            std::string::npos);
  EXPECT_NE(play_all("size=3,target=0", {"B2", "pass", "pass"}).find("RE[0]"), std::string::npos);
  EXPECT_NE(play_all("size=3,target_b=2,target_w=1,pass=1", {"B2", "resign"}).find("RE[B+R]"), std::string::npos);
  GameRecord resigned;
  resigned.result = "0-1";
  EXPECT_NE(play_all("size=3,target=1", {"B2"}, resigned).find("RU[capture:1;pass:yes;ko:positional;suicide:no]RE[W+R]"),
            std::string::npos);
  EXPECT_EQ(play_all("size=2,target=5,pass=0", {}, {}, "2 X./.X w 0 0 0"),
            "(;FF[4]GM[1]CA[UTF-8]AP[oyin]SZ[2]RU[capture:5;pass:no;ko:positional;suicide:no]RE[B+]AB[aa][bb]PL[W]\n)\n")
      << "White has no legal move";
  EXPECT_NE(play_all("size=3,target_b=2,target_w=1", {}).find("RU[capture:2/1;"), std::string::npos);
}

TEST(CaptureGoSgf, ReadsSetupPassesCommentsAndVariations) {
  const GameAdapter& g = capgo_adapter();
  auto recs = g.read_records(oyin::testing::slurp(kData + "setup_ko_passes.sgf"));
  ASSERT_TRUE(recs.ok()) << recs.error();
  const GameRecord& r = recs->front();
  EXPECT_EQ(r.tag("Rules"), "size=5,target=3,pass=1,setup=BC3+WC4");
  EXPECT_EQ(r.tag("Event"), "Club evening ] teaching");
  EXPECT_EQ(r.tag("Result"), "B+1");
  EXPECT_EQ(r.result, "1-0");
  const std::vector<std::string> moves = {"D4", "B3", "B4", "D3", "C5", "C2", "pass",
                                          "C4", "E1", "A1", "C3", "pass", "pass"};
  EXPECT_EQ(r.moves, moves);

  auto h = g.read_records(oyin::testing::slurp(kData + "handicap_ordinary_go.sgf"));
  ASSERT_TRUE(h.ok()) << h.error();
  EXPECT_EQ(h->front().tag("Rules"), "size=9,target=0,pass=1,setup=BC3+BG7");
  EXPECT_EQ(h->front().tag("FEN"), "9 ........./........./......X../........./........./........./..X....../........./......... w 0 0 0");
}

TEST(CaptureGoSgf, ReadErrorsNameTheProblem) {
  const GameAdapter& g = capgo_adapter();
  const std::pair<const char*, const char*> bad[] = {
      {"", "no SGF game tree found"},
      {"(;SZ[5];B[cc]", "line 1: unexpected end of file inside a game tree (missing ')')"},
      {"(;SZ[5]\n;B[cc", "line 2: property B: value not closed by ']'"},
      {"x", "line 1: expected '(' to start a game tree"},
      {"(;GM[2])", "game at line 1: GM[2] is not Go (GM[1])"},
      {"(;SZ[25])", "game at line 1: SZ[25]: board size must be 2..19"},
      {"(;SZ[5];B[cc];B[dd])", "game at line 1: move 2 is B but W is to play (moves must alternate)"},
      {"(;SZ[5];B[zz])", "game at line 1: move 1: 'zz' is off the 5x5 board"},
      {"(;SZ[5];B[cc]AB[dd])", "game at line 1: AB after the first node is not supported (setup stones only at the start)"},
      {"(;SZ[5]RU[capture:1;ko:simple])", "game at line 1: RU ko:simple is not supported (only ko:positional)"},
      {"(;SZ[5]RU[capture:x])", "game at line 1: target must be a whole number from 0 (no target) to 361, not 'x'"},
  };
  for (const auto& [text, msg] : bad) {
    auto r = g.read_records(text);
    if (r.ok() && std::string(msg).find("target must") != std::string::npos) {
      // The RU target is checked when the game is set up from the Rules tag.
      EXPECT_EQ(g.new_game(r->front().tag("Rules"), "").ok(), false);
      continue;
    }
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_EQ(r.error(), msg) << text;
  }
}

TEST(CaptureGoSgf, ReplayCommandChecksRecords) {
  auto ok = oyin::testing::run_oyin("replay capgo " + kData + "setup_ko_passes.sgf");
  EXPECT_EQ(ok.exit_code, 0) << ok.out << ok.err;
  EXPECT_EQ(ok.out, "game 1: OK\ngames: 1 ok: 1 illegal: 0 result-mismatch: 0\n");
  auto ko = oyin::testing::run_oyin("replay capgo " + kData + "superko_violation.sgf");
  EXPECT_EQ(ko.exit_code, 1);
  EXPECT_EQ(ko.out, "game 1 (line 1): illegal at ply 9 'C3': C3 would repeat an earlier position (positional superko)\n"
                    "games: 1 ok: 0 illegal: 1 result-mismatch: 0\n");
  auto re = oyin::testing::run_oyin("replay capgo " + kData + "wrong_result.sgf");
  EXPECT_EQ(re.exit_code, 1);
  EXPECT_EQ(re.out, "game 1 (line 1): result mismatch: recorded RE[B+C] but the game is not over after the recorded moves\n"
                    "games: 1 ok: 0 illegal: 0 result-mismatch: 1\n");
  auto hc = oyin::testing::run_oyin("replay capgo " + kData + "handicap_ordinary_go.sgf");
  EXPECT_EQ(hc.exit_code, 0) << hc.out;
  auto missing = oyin::testing::run_oyin("replay capgo /nonexistent.sgf");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "oyin: cannot read '/nonexistent.sgf': No such file or directory\n");
}

}  // namespace
}  // namespace oyin::capgo
