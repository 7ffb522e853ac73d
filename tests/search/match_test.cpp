// The match runner: statistics, referee, external UCI engines (a wrong move, a death, a hang);
// and `oyin analyze`. Capture Go and GTP engines: tests/capgo_ai/cli_ai_test.cpp.
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
  EXPECT_FALSE(parse_player_spec("gtp:").ok());
  EXPECT_FALSE(parse_player_spec("gnugo:level=11").ok());
  EXPECT_FALSE(parse_player_spec("gnugo:speed=1").ok());
  EXPECT_FALSE(parse_player_spec("builtin:threads=0").ok());
  EXPECT_FALSE(parse_player_spec("builtin:nodes=many").ok());
  EXPECT_TRUE(parse_player_spec("builtin:level=3,nodes=100,eval=tempo=5+board=3").ok());
  EXPECT_TRUE(parse_player_spec("builtin").ok());
  const auto g = parse_player_spec("gnugo:level=3");
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g->kind, PlayerKind::Gtp);
  EXPECT_EQ(g->command, "/usr/games/gnugo --mode gtp --level 3 --chinese-rules");
  EXPECT_EQ(parse_player_spec("gnugo")->command, "/usr/games/gnugo --mode gtp --level 10 --chinese-rules");
  const auto b = parse_player_spec(" builtin:playouts=500,threads=2,name=mc ");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->kind, PlayerKind::Builtin);
  EXPECT_EQ(b->name, "mc");
  EXPECT_EQ(b->opts.at("playouts"), "500");
  EXPECT_EQ(parse_player_spec("uci:./engine --fast")->command, "./engine --fast");
}

// oyin's own UCI engine behind a shell loop that passes on `lines` lines and then ends its
// input: the engine exits in the middle of a game.
std::string dying_uci_engine(int lines) {
  return "uci:n=0; while read -r l; do echo \"$l\"; n=$((n+1)); [ $n -ge " + std::to_string(lines) +
         " ] && exit; done | " + OYIN_BINARY + " uci";
}

TEST(MatchRunner, AnEngineThatDiesMidGameLosesAndIsStartedAgain) {
  MatchOptions o;
  o.game = "togyz";
  o.engines[0] = *parse_player_spec("builtin:level=3");
  // 3 lines of handshake (uci, UCI_Variant, isready), 2 for a new game, 3 a move (position,
  // isready, go): the engine makes three moves and is gone before the fourth.
  o.engines[1] = *parse_player_spec(dying_uci_engine(14));
  o.budget.nodes = 1000;
  o.games = 2;
  std::vector<GameResult> games;
  auto r = run_match(o, [&](const GameResult& g, const MatchSummary&) { games.push_back(g); });
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->wins, 2);
  EXPECT_EQ(r->stopped, "");
  ASSERT_EQ(games.size(), 2u);
  // Engine 2 is black in game 1 (three moves each: 7 plies) and white in game 2 (6 plies).
  // Whether the next `position` still finds the shell's input open is a race; either way the
  // engine is gone before its fourth move.
  EXPECT_EQ(games[0].reason.rfind("black (" + o.engines[1].name + "): the engine exited with code 0 before ", 0), 0u) << games[0].reason;
  EXPECT_EQ(games[0].plies, 7);
  EXPECT_EQ(games[1].reason.rfind("white (" + o.engines[1].name + "): the engine exited with code 0 before ", 0), 0u) << games[1].reason;
  EXPECT_EQ(games[1].plies, 6);
}

TEST(MatchRunner, AHangingUciEngineLosesOnTime) {
  MatchOptions o;
  o.game = "togyz";
  o.engines[0] = *parse_player_spec("builtin:level=0");
  o.engines[1] = *parse_player_spec(
      "uci:while read l; do case $l in uci) echo uciok;; isready) echo readyok;; go*) exec sleep 60;; esac; done");
  o.budget.movetime_ms = 100;
  o.timeout_ms = 400;
  o.games = 2;
  std::vector<GameResult> games;
  auto r = run_match(o, [&](const GameResult& g, const MatchSummary&) { games.push_back(g); });
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->wins, 2);
  ASSERT_EQ(games.size(), 2u);
  // movetime 100 ms plus the 400 ms timeout.
  EXPECT_NE(games[0].reason.find("no answer to 'go movetime 100' within 0.5 s (lost on time)"), std::string::npos) << games[0].reason;
}

TEST(MatchRunner, AnEngineThatFailsItsHandshakeIsAnErrorBeforeAnyGame) {
  MatchOptions o;
  o.game = "togyz";
  o.engines[0] = *parse_player_spec("builtin:level=0");
  o.engines[1] = *parse_player_spec("uci:while read l; do :; done");
  o.timeout_ms = 300;
  int played = 0;
  auto r = run_match(o, [&](const GameResult&, const MatchSummary&) { ++played; });
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "engine 'uci:while read l; do :; done': no answer to 'uci' within 0.3 s");
  EXPECT_EQ(played, 0);
  o.engines[1] = *parse_player_spec("gnugo");
  r = run_match(o, {});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "engine 'gnugo': Togyz Kumalak is played over UCI, not GTP (use uci:<command>)");
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
  for (const auto& g : games) EXPECT_NE(g.reason.find("illegal move '0': "), std::string::npos) << g.reason;
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
