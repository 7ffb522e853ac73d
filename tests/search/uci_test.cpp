// UCI transcripts against the real binary: `oyin uci` fed a script on standard input.
#include <gtest/gtest.h>

#include <regex>

#include "support/run_command.h"

namespace oyin {
namespace {

using oyin::testing::run_oyin;

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < s.size()) {
    const auto nl = s.find('\n', start);
    out.push_back(s.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return out;
}

std::string line_starting(const std::string& out, const std::string& prefix, bool last = true) {
  std::string found;
  for (const auto& l : lines_of(out))
    if (l.rfind(prefix, 0) == 0) {
      found = l;
      if (!last) break;
    }
  return found;
}

TEST(Uci, HandshakeListsTheOptionsAndAnswersIsready) {
  const auto r = run_oyin("uci", "uci\nisready\nquit\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "id name oyin\n"
            "id author the oyin developers\n"
            "option name UCI_Variant type combo default togyzkumalak var togyzkumalak var tojmot\n"
            "option name Hash type spin default 16 min 1 max 4096\n"
            "option name Threads type spin default 1 min 1 max 64\n"
            "option name MultiPV type spin default 1 min 1 max 9\n"
            "option name Skill Level type spin default 10 min 0 max 10\n"
            "option name EvalParams type string default <empty>\n"
            "option name EvalFile type string default <builtin>\n"
            "option name UseNNUE type check default true\n"
            "option name OwnBook type check default false\n"
            "option name BookFile type string default <default>\n"
            "uciok\n"
            "readyok\n");
}

TEST(Uci, VariantChangeAnnouncesTheStartPosition) {
  const auto r = run_oyin("uci", "setoption name UCI_Variant value togyzkumalak\n");
  EXPECT_EQ(r.out,
            "info string variant togyzkumalak startpos "
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1\n");
}

TEST(Uci, GoDepthPrintsInfoLinesThenBestmove) {
  const auto r = run_oyin("uci", "position startpos moves 65 98\ngo depth 6\n");
  const auto ls = lines_of(r.out);
  ASSERT_GE(ls.size(), 7u);
  const std::regex info(R"(info depth (\d+) seldepth \d+ multipv 1 score cp -?\d+ nodes \d+ nps \d+ time \d+ pv( [1-9][1-9]x?)+)");
  for (int d = 1; d <= 6; ++d) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(ls[d - 1], m, info)) << ls[d - 1];
    EXPECT_EQ(m[1], std::to_string(d));
  }
  EXPECT_TRUE(std::regex_match(ls.back(), std::regex(R"(bestmove [1-9][1-9]x?( ponder [1-9][1-9]x?)?)"))) << ls.back();
}

TEST(Uci, GoNodesTwiceGivesTheSameMoveAndNodeCount) {
  const std::string script = "position startpos\ngo nodes 200000\n";
  const auto a = run_oyin("uci", script);
  const auto b = run_oyin("uci", script + "ucinewgame\n" + script);
  const std::string bm = line_starting(a.out, "bestmove");
  ASSERT_FALSE(bm.empty());
  EXPECT_EQ(bm, line_starting(b.out, "bestmove", false));
  EXPECT_EQ(bm, line_starting(b.out, "bestmove", true));
  const std::regex nodes(R"(.* nodes (\d+) .*)");
  std::smatch m;
  auto node_count = [&](const std::string& out) {
    std::vector<std::string> counts;
    std::string prev;
    for (const auto& l : lines_of(out)) {
      if (l.rfind("bestmove", 0) == 0 && std::regex_match(prev, m, nodes)) counts.push_back(m[1]);
      prev = l;
    }
    return counts;
  };
  EXPECT_EQ(node_count(a.out), std::vector<std::string>{"200000"});
  EXPECT_EQ(node_count(b.out), (std::vector<std::string>{"200000", "200000"}));
}

TEST(Uci, PositionFenWithMovesAndTheDebugBoard) {
  const auto r = run_oyin("uci",
                          "position fen 9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1 moves 6 98\nd\n");
  EXPECT_NE(r.out.find("Fen: 1S,9S,9S,9S,1,10S,10S,10S,10S/10S,10S,10S,10S,10S,2S,11S,11S,10S 10 0 S 2"),
            std::string::npos)
      << r.out;
}

TEST(Uci, GoPerftCountsMoves) {
  const auto r = run_oyin("uci", "position startpos\ngo perft 3\n");
  EXPECT_NE(r.out.find("Nodes searched: 613"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n98: "), std::string::npos);
  EXPECT_EQ(r.out.rfind("19: ", 0), 0u);
}

TEST(Uci, MultiPvAndSkillLevel) {
  const auto r = run_oyin("uci", "setoption name MultiPV value 3\nposition startpos\ngo depth 4\n");
  EXPECT_NE(r.out.find("info depth 4 seldepth"), std::string::npos);
  EXPECT_NE(r.out.find(" multipv 3 score"), std::string::npos) << r.out;
  const auto s = run_oyin("uci", "setoption name Skill Level value 0\nposition startpos\ngo depth 3\n");
  EXPECT_FALSE(line_starting(s.out, "bestmove").empty());
}

TEST(Uci, StopEndsAnInfiniteSearch) {
  const auto r = run_oyin("uci", "position startpos\ngo infinite\nisready\nstop\n");
  EXPECT_NE(r.out.find("readyok"), std::string::npos);
  EXPECT_FALSE(line_starting(r.out, "bestmove").empty()) << r.out;
}

TEST(Uci, EndOfInputStopsAnInfiniteSearchButLetsABoundedOneFinish) {
  const auto inf = run_oyin("uci", "position startpos\ngo infinite\n");
  EXPECT_FALSE(line_starting(inf.out, "bestmove").empty()) << inf.out;
  const auto bounded = run_oyin("uci", "position startpos\ngo depth 9\n");
  EXPECT_NE(bounded.out.find("info depth 9 "), std::string::npos) << bounded.out;
}

TEST(Uci, ClockAndMovetimeLimits) {
  const auto clock = run_oyin("uci", "position startpos moves 6\ngo wtime 100000 btime 1500 winc 0 binc 10\n");
  EXPECT_FALSE(line_starting(clock.out, "bestmove").empty()) << clock.out;
  // Black has 1.5 s on its clock: it uses a small share of it.
  const std::regex t(R"(.* time (\d+) pv.*)");
  std::smatch m;
  std::string last_info;
  for (const auto& l : lines_of(clock.out))
    if (l.rfind("info depth", 0) == 0) last_info = l;
  ASSERT_TRUE(std::regex_match(last_info, m, t)) << last_info;
  EXPECT_LE(std::stoi(m[1]), 700);
  const auto mt = run_oyin("uci", "position startpos\ngo movetime 150\n");
  EXPECT_FALSE(line_starting(mt.out, "bestmove").empty()) << mt.out;
}

TEST(Uci, WinningPositionReportsMate) {
  const auto r = run_oyin("uci",
                          "position fen 4S,4S,4S,4S,4S,4S,4S,4S,1S/5S,5S,5S,5S,5S,4S,5S,5S,2S 80 8 S 30\ngo depth 3\n");
  EXPECT_NE(r.out.find("score mate 1 "), std::string::npos) << r.out;
  EXPECT_EQ(oyin::testing::last_line(r.out), "bestmove 91");
}

TEST(Uci, BadInputGetsAnInfoStringAndTheEngineCarriesOn) {
  const auto r = run_oyin("uci",
                          "position startpos moves 65 0\n"
                          "position fen nonsense\n"
                          "setoption name Hash value 0\n"
                          "setoption name UCI_Variant value chess\n"
                          "go depth -3\n"
                          "frobnicate\n"
                          "isready\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("info string error: move '0': bad move '0': expected a pit number 1..9 first"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("info string error: bad FEN"), std::string::npos);
  EXPECT_NE(r.out.find("info string error: Hash must be 1..4096 MB"), std::string::npos);
  EXPECT_NE(r.out.find("info string unknown variant 'chess'"), std::string::npos);
  EXPECT_NE(r.out.find("info string error: 'go depth' needs a number >= 0"), std::string::npos);
  EXPECT_NE(r.out.find("info string unknown command 'frobnicate'"), std::string::npos);
  EXPECT_EQ(oyin::testing::last_line(r.out), "readyok");
}

}  // namespace
}  // namespace oyin
