// The match runner: statistics, referee, external UCI engines; and `oyin analyze`.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "match/runner.h"
#include "match/stats.h"
#include "support/run_command.h"

namespace oyin::match {
namespace {

TEST(MatchStats, EloFromScoreAndBack) {
  EXPECT_NEAR(elo_from_score(0.75), 190.85, 0.01);
  EXPECT_NEAR(score_from_elo(190.85), 0.75, 1e-4);
  EXPECT_NEAR(elo_from_score(0.5), 0.0, 1e-9);
}

TEST(MatchStats, PentanomialEloAndError) {
  Pentanomial p;
  // 100 pairs: 10 lost both, 20 one loss + draw, 40 even, 20 win + draw, 10 won both: mean 0.5.
  p.n = {10, 20, 40, 20, 10};
  const EloEstimate e = estimate_elo(p);
  ASSERT_TRUE(e.valid);
  EXPECT_NEAR(e.score, 0.5, 1e-12);
  EXPECT_NEAR(e.elo, 0.0, 1e-9);
  // var per pair = (10*.25 + 20*.0625 + 0 + 20*.0625 + 10*.25)/100 = 0.075; se = sqrt(.075/100)
  const double se = std::sqrt(0.075 / 100);
  EXPECT_NEAR(e.error95, (elo_from_score(0.5 + 1.959964 * se) - elo_from_score(0.5 - 1.959964 * se)) / 2, 1e-9);
  EXPECT_NEAR(e.error95, 37.44, 0.01);
}

TEST(MatchStats, SprtAcceptsAClearlyBetterEngineAndRejectsAnEqualOne) {
  SprtParams sp{0, 10, 0.05, 0.05};
  Pentanomial strong;
  strong.n = {5, 20, 50, 60, 40};  // mean about 0.66
  const SprtResult a = sprt(strong, sp);
  EXPECT_EQ(a.state, SprtState::AcceptH1);
  EXPECT_NEAR(a.upper, std::log(0.95 / 0.05), 1e-12);
  EXPECT_NEAR(a.lower, std::log(0.05 / 0.95), 1e-12);
  Pentanomial equal;
  equal.n = {100, 400, 1000, 400, 100};
  EXPECT_EQ(sprt(equal, sp).state, SprtState::AcceptH0);
  Pentanomial few;
  few.n = {0, 0, 0, 0, 2};  // two won pairs decide nothing yet
  EXPECT_EQ(sprt(few, sp).state, SprtState::Continue);
}

TEST(MatchRunner, StrongBeatsChildAndColoursAlternate) {
  MatchOptions o;
  o.game = "togyz";
  o.engines[0] = *parse_player_spec("builtin:level=10,nodes=3000");
  o.engines[1] = *parse_player_spec("builtin:level=0");
  o.games = 6;
  o.random_plies = 4;
  std::vector<GameResult> games;
  auto r = run_match(o, [&](const GameResult& g, const MatchSummary&) { games.push_back(g); });
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(games.size(), 6u);
  EXPECT_GE(r->wins, 5);
  EXPECT_EQ(r->penta.pairs(), 3u);
  int first = 0;
  for (const auto& g : games) {
    first += g.index == 0;
    EXPECT_NE(g.record.find("[Event \"oyin match\"]"), std::string::npos);
    EXPECT_NE(g.record.find("[Result \"" + g.result + "\"]"), std::string::npos);
  }
  EXPECT_EQ(first, 3);
}

TEST(MatchRunner, BadSpecsAreRejected) {
  EXPECT_FALSE(parse_player_spec("builtin:level=11").ok());
  EXPECT_FALSE(parse_player_spec("builtin:speed=3").ok());
  EXPECT_FALSE(parse_player_spec("uci:").ok());
  EXPECT_FALSE(parse_player_spec("stockfish").ok());
  EXPECT_TRUE(parse_player_spec("builtin:level=3,nodes=100,eval=tempo=5+board=3").ok());
}

TEST(MatchRunner, RefereeForfeitsAnEngineThatPlaysIllegalMoves) {
  // A fake UCI engine that always answers pit 0, which does not exist.
  MatchOptions o;
  o.game = "togyz";
  o.engines[0] = *parse_player_spec("builtin:level=0");
  o.engines[1] = *parse_player_spec(
      "uci:while read l; do case $l in uci) echo uciok;; isready) echo readyok;; go*) echo bestmove 0;; esac; done");
  o.games = 2;
  std::vector<GameResult> games;
  auto r = run_match(o, [&](const GameResult& g, const MatchSummary&) { games.push_back(g); });
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->wins, 2);
  for (const auto& g : games) EXPECT_NE(g.reason.find("illegal move '0'"), std::string::npos) << g.reason;
}

TEST(MatchRunner, AnExternalEngineWithoutLimitsGetsAMovetime) {
  // This fake engine only answers "go movetime 1000"; a bare "go" would leave it thinking.
  MatchOptions o;
  o.game = "togyz";
  o.engines[0] = *parse_player_spec("builtin:level=0");
  o.engines[1] = *parse_player_spec(
      "uci:while read l; do case $l in uci) echo uciok;; isready) echo readyok;; 'go movetime 1000') echo bestmove 1;; esac; done");
  o.games = 2;
  std::vector<GameResult> games;
  auto r = run_match(o, [&](const GameResult& g, const MatchSummary&) { games.push_back(g); });
  ASSERT_TRUE(r.ok());
  for (const auto& g : games) {
    EXPECT_EQ(g.reason.find("no bestmove"), std::string::npos) << g.reason;
    EXPECT_GE(g.plies, 1);
  }
}

TEST(MatchCli, ExternalOyinOverUciAndTheResultTable) {
  const auto r = oyin::testing::run_oyin(
      "match togyz --engine1 builtin:level=10 --engine2 'uci:" + std::string(OYIN_BINARY) +
      " uci' --games 2 --nodes 2000 --random-plies 2 --sprt elo0=0,elo1=10");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Score of builtin:level=10 vs "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Pentanomial [0, 0.5, 1, 1.5, 2]: ["), std::string::npos);
  EXPECT_NE(r.out.find("SPRT (elo0=0, elo1=10, alpha=0.05, beta=0.05): LLR"), std::string::npos);
  // Same engine, same node budget, same openings: the pair is one win each.
  EXPECT_NE(r.out.find(": 1 - 1 - 0  [0.500] 2"), std::string::npos) << r.out;
}

TEST(MatchCli, OpeningsFileAndPgnOutput) {
  const std::string dir = ::testing::TempDir();
  const std::string book = dir + "oyin_openings.txt", pgn = dir + "oyin_match.pgn";
  {
    std::ofstream f(book);
    f << "# one opening\n9S,9S,9S,9S,1,10S,10S,10S,10S/9S,9S,9S,9S,9S,1S,10S,10S,10S 10 0 N 1\n";
  }
  const auto r = oyin::testing::run_oyin("match togyz --engine1 builtin:level=3 --engine2 builtin:level=1 --games 2 --openings " +
                                         book + " --pgn " + pgn + " --quiet");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string text = oyin::testing::slurp(pgn);
  EXPECT_NE(text.find("[Round \"1.1\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("[Round \"1.2\"]"), std::string::npos);
  EXPECT_NE(text.find("[FEN \"9S,9S,9S,9S,1,10S,10S,10S,10S/9S,9S,9S,9S,9S,1S,10S,10S,10S 10 0 N 1\"]"), std::string::npos);
  {
    std::ofstream f(book);
    f << "not a position\n";
  }
  const auto bad = oyin::testing::run_oyin("match togyz --games 2 --openings " + book);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("oyin_openings.txt: bad FEN"), std::string::npos) << bad.err;
}

TEST(MatchCli, BadArgumentsExitWithCode2) {
  const auto a = oyin::testing::run_oyin("match togyz --tc fast");
  EXPECT_EQ(a.exit_code, 2);
  EXPECT_NE(a.err.find("--tc must look like BASE+INC"), std::string::npos);
  const auto b = oyin::testing::run_oyin("match togyz --sprt elo0=5,elo1=0");
  EXPECT_EQ(b.exit_code, 2);
  EXPECT_NE(b.err.find("elo1 must be above elo0"), std::string::npos);
  const auto c = oyin::testing::run_oyin("match tojmot --engine1 builtin:eval=queen=9 --games 2 --nodes 100");
  EXPECT_EQ(c.exit_code, 2);
  EXPECT_EQ(c.out, "") << "no game is played with a broken engine";
  EXPECT_NE(c.err.find("unknown tojmot eval parameter 'queen'"), std::string::npos) << c.err;
}

TEST(AnalyzeCli, WinInOneAndBadFen) {
  const auto r = oyin::testing::run_oyin(
      "analyze togyz --fen '4S,4S,4S,4S,4S,4S,4S,4S,1S/5S,5S,5S,5S,5S,4S,5S,5S,2S 80 8 S 30' --depth 3");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("    1  win in 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Best move: 91 (win in 1 for white, depth 3)"), std::string::npos) << r.out;
  const auto m = oyin::testing::run_oyin("analyze togyz --depth 4 --multipv 3");
  EXPECT_NE(m.out.find("line 3: "), std::string::npos) << m.out;
  const auto bad = oyin::testing::run_oyin("analyze togyz --fen 'x/y 1 2 S 1'");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("oyin: bad FEN"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace oyin::match
