// Converting won Tojmot positions: a short mate found and played in its shortest form, and
// `oyin convert` on tiny runs (its exact report, the same whatever --jobs).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>

#include "games/tojmot/game.h"
#include "search/tojmot_positions.h"
#include "match/conversion.h"
#include "search/alphabeta.h"
#include "support/run_command.h"

namespace oyin::tojmot {
namespace {

TEST(TojmotConvert, AShortMateIsFoundAndPlayedShortest) {
  // 7 against the lone 1 in its zone: mate in 3 (5 plies), found within 200,000 nodes.
  const Position start = pos("w W:1G11,7B8 B:1G17 0 1");
  search::TranspositionTable tt(4);
  search::AlphaBeta<Tojmot> ab(tt, EvalParams{});
  search::Config cfg;
  cfg.max_nodes = 200000;
  const auto out = ab.run(start, {}, cfg, {});
  ASSERT_FALSE(out.lines.empty());
  EXPECT_EQ(out.lines[0].score, search::kWinScore - 5);
  // The principal variation is that mate: five plies, then the side to move is mated.
  Position p = start;
  ASSERT_GE(out.lines[0].pv.size(), 5u);
  for (int i = 0; i < 5; ++i) {
    Undo u;
    Tojmot::play(p, out.lines[0].pv[i], u);
  }
  const GameStatus st = status(p);
  EXPECT_EQ(st.code, "mate");
  EXPECT_EQ(st.winner, Side::First);
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(TojmotConvert, CommandPlaysOutPositionsFromAFile) {
  const std::string file = write_temp("convert_mates.tsv",
                                      "0\t0\t30000\tw W:1G11,7B8 B:1G17 0 1\n"
                                      "1\t0\t30000\tw W:1G9,7B8,4L8 B:1F16 0 1\n");
  const std::string games = ::testing::TempDir() + "convert_mates.games";
  const auto r = oyin::testing::run_oyin("convert tojmot --from " + file +
                                         " --nodes 20000 --within 3 --max-moves 10 --quiet --games " + games);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "Positions: 2 (from " + file + "), scored 500 or more for the side to move\n"
                   "Play-out: level 10 on both sides, 20000 nodes a move, up to 10 moves of the side ahead\n"
                   "Mated within 3 moves: 1/2 (50.0%)\n"
                   "Moves to mate: median 3, p95 4\n"
                   "Not mated within 3: 1 mated later\n"
                   "  mate after 4 moves (game 1 ply 0, score 30000): w W:1G9,7B8,4L8 B:1F16 0 1\n");
  // Each play-out: how it ended, the start, the last position, the moves, the side ahead's scores
  // (a mate in 5 plies, then 3, then 1).
  EXPECT_EQ(oyin::testing::slurp(games),
            "0\tmate\t3\tw W:1G11,7B8 B:1G17 0 1\tb W:1G13,7G15 B:1G17 5 3\tb8b10 g17f16 g11g13 f16g17 b10g15\t"
            "29995 29997 29999\n"
            "1\tmate\t4\tw W:1G9,7B8,4L8 B:1F16 0 1\tb W:4F8,1G9,7I15 B:1F16 7 4\t"
            "b8g13 f16h16 g13i13 h16g17 i13i15 g17f16 l8f8\t29993 29995 29997 29999\n");
}

TEST(TojmotConvert, CommandCollectsTheSameWhateverTheJobs) {
  const std::string saved = ::testing::TempDir() + "convert_saved.tsv";
  const std::string args = "convert tojmot --positions 2 --nodes 300 --max-moves 4 --within 2";
  const auto one = oyin::testing::run_oyin(args + " --save " + saved);
  const auto two = oyin::testing::run_oyin(args + " --jobs 2 --quiet");
  EXPECT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(two.err, "");
  // Progress on stderr: after each collecting game the positions so far, then each play-out.
  const std::regex progress("(convert: collect [0-2]/2, [0-9.]+ s\n)+(convert: play [12]/2, [0-9.]+ s: [a-z_]+ after [0-9]+ moves \\(game [0-9]+\\)\n){2}");
  EXPECT_TRUE(std::regex_match(one.err, progress)) << one.err;
  const std::regex report(
      "Positions: 2 \\(from [0-9]+ games of level 10 against level 3\\), scored 500 or more for the side to move\n"
      "Play-out: level 10 on both sides, 300 nodes a move, up to 4 moves of the side ahead\n"
      "Mated within 2 moves: [0-2]/2 \\([0-9.]+%\\)\n"
      "Moves to mate: median [^,]+, p95 .+\n"
      "Not mated within 2: [0-9]+ mated later(, [0-9]+ [a-z_]+)*\n"
      "(  [a-z_]+ after [0-9]+ moves \\(game [0-9]+ ply [0-9]+, score [0-9]+\\): [wb] W:.* B:.*\n)*");
  EXPECT_TRUE(std::regex_match(one.out, report)) << one.out;
  // The saved positions play out the same from the file.
  auto saved_text = oyin::testing::slurp(saved);
  auto parsed = match::won_positions_from_text(saved_text);
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  ASSERT_EQ(parsed->size(), 2u);
  EXPECT_GE((*parsed)[0].score, 500);
  EXPECT_EQ(match::won_positions_to_text(*parsed), saved_text);
  const auto again = oyin::testing::run_oyin("convert tojmot --from " + saved + " --nodes 300 --max-moves 4 --within 2 --quiet");
  EXPECT_EQ(again.out.substr(again.out.find('\n')), one.out.substr(one.out.find('\n')));
}

TEST(TojmotConvert, AJudgePicksThePositionsByItsOwnScore) {
  // The judge values a Roman at 3,000: the first Roman the engine wins is a lead of 3,000 to it,
  // a few plies into games 0 and 1, where the engine's own score reaches 3,000 only in later
  // games, hundreds of plies in. The moves played are the engine's own either way.
  const std::string args = "convert tojmot --positions 2 --nodes 300 --max-moves 4 --within 2 --min-score 3000 --quiet";
  const std::string judged = ::testing::TempDir() + "convert_judged.tsv";
  const auto r = oyin::testing::run_oyin(args + " --judge-eval roman=3000 --save " + judged);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
            "Positions: 2 (from 2 games of level 10 against level 3), scored 3000 or more for the side to move under "
            "roman=3000");
  auto picked = match::won_positions_from_text(oyin::testing::slurp(judged));
  ASSERT_TRUE(picked.ok()) << picked.error();
  ASSERT_EQ(picked->size(), 2u);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ((*picked)[i].game, i);
    EXPECT_LT((*picked)[i].ply, 20);
    EXPECT_GE((*picked)[i].score, 3000);
  }
  const std::string own = ::testing::TempDir() + "convert_own.tsv";
  ASSERT_EQ(oyin::testing::run_oyin(args + " --save " + own).exit_code, 0);
  auto unjudged = match::won_positions_from_text(oyin::testing::slurp(own));
  ASSERT_TRUE(unjudged.ok()) << unjudged.error();
  ASSERT_EQ(unjudged->size(), 2u);
  EXPECT_GE((*unjudged)[0].ply, 20);
  const auto bad = oyin::testing::run_oyin("convert tojmot --positions 1 --judge-eval nonsense=1");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err.rfind("oyin: --judge-eval: unknown tojmot eval parameter 'nonsense' (known: two=150,", 0), 0u) << bad.err;
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1);
}

TEST(TojmotConvert, PercentilesCountAFailureAsBeyondEveryMate) {
  using match::PlayOut;
  auto out = [](int moves, bool mated, const char* end) {
    PlayOut p;
    p.moves = moves;
    p.mated = mated;
    p.end = end;
    return p;
  };
  const std::vector<PlayOut> r = {out(10, true, "mate"), out(30, true, "mate"), out(20, true, "mate"), out(60, false, "threefold")};
  EXPECT_EQ(match::moves_percentile(r, 0.5), 20);
  EXPECT_EQ(match::moves_percentile(r, 0.75), 30);
  EXPECT_EQ(match::moves_percentile(r, 0.95), -1);
  EXPECT_EQ(match::moves_percentile({}, 0.5), -1);
}

TEST(TojmotConvert, EvalFileIsPlayedOnBothSides) {
  // The first won position of bench/tojmot_won200.tsv, one move: the learned correction changes
  // the move, the score and the defence (the hand-made evaluation plays b10a13 and answers f14d10).
  const std::string file = write_temp("convert_won1.tsv", "0\t80\t534\tw W:XE3,9G3,1F4,XH4,IIA5,VII5,IVK5,IIIM5,5F6,"
                                                          "VC7,VIIIE7,2B8,6H8,IXG9,3B10 B:3K7,5J8,9M9,IXG11,VK11,2J12,"
                                                          "IIIA13,VIIII13,6F14,XH14,1G15 3 41\n");
  const std::string games = ::testing::TempDir() + "convert_won1.games";
  auto last_fields = [&](const std::string& extra) {
    const auto r = oyin::testing::run_oyin("convert tojmot --from " + file + " --max-moves 1 --within 1 --quiet --games " +
                                           games + extra);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const std::string g = oyin::testing::slurp(games);
    const auto tab = g.rfind('\t', g.rfind('\t') - 1);
    return g.substr(tab + 1);
  };
  EXPECT_EQ(last_fields(""), "b10a13 f14d10\t973\n");
  EXPECT_EQ(last_fields(" --evalfile " + std::string(OYIN_SOURCE_DIR) + "/nets/tojmot-correction.nnue"),
            "k5j6 k7j10\t918\n");
  EXPECT_EQ(last_fields(" --evalfile '<empty>'"), "b10a13 f14d10\t973\n");
  const auto bad = oyin::testing::run_oyin("convert tojmot --from " + file + " --evalfile /nonexistent/net.nnue");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err, "oyin: weights file: cannot read '/nonexistent/net.nnue': No such file or directory\n");
}

TEST(TojmotConvert, BadInputIsOneLine) {
  const std::string bad = write_temp("convert_bad.tsv", "0\t0\tw W:1G11 B:1G17 0 1\n");
  auto r = oyin::testing::run_oyin("convert tojmot --from " + bad);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: positions line 1: expected game, ply, score and position, tab-separated\n");
  r = oyin::testing::run_oyin("convert tojmot --within 70 --max-moves 60");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "oyin: --within must not exceed --max-moves\n");
}

}  // namespace
}  // namespace oyin::tojmot
