// GTP transcripts (request -> exact response), in process through GtpEngine and through the
// real `oyin gtp` binary on standard input/output.
#include <gtest/gtest.h>

#include <fstream>

#include "protocol/gtp.h"
#include "support/run_command.h"

namespace oyin::protocol {
namespace {

GtpEngine engine(const std::string& rules = "size=5,target=1", std::uint64_t seed = 1) {
  auto e = GtpEngine::create({rules, seed, "0.1.0"});
  EXPECT_TRUE(e.ok()) << e.error();
  return std::move(e.value());
}

// Each pair: request line, exact response (without the final empty line).
void transcript(GtpEngine& e, const std::vector<std::pair<std::string, std::string>>& steps) {
  for (const auto& [request, response] : steps) EXPECT_EQ(e.handle_line(request), response + "\n\n") << request;
}

TEST(CaptureGoGtp, FramingIdsAndAdministrativeCommands) {
  GtpEngine e = engine();
  EXPECT_EQ(e.handle_line(""), "");
  EXPECT_EQ(e.handle_line("   # only a comment"), "");
  transcript(e, {
                    {"protocol_version", "= 2"},
                    {"12 name", "=12 oyin (random mover, no AI yet)"},
                    {"version", "= 0.1.0"},
                    {"known_command gogui-rules_board", "= true"},
                    {"known_command frobnicate", "= false"},
                    {"komi 6.5", "= "},
                    {"3 komi x", "?3 komi not a float"},
                    {"boardsize 25", "? unacceptable size (2..19)"},
                    {"boardsize nine", "? boardsize not an integer"},
                    {"boardsize", "? wrong number of arguments (usage: boardsize SIZE)"},
                    {"frobnicate", "? unknown command"},
                    {"4 frobnicate\tnow # with a comment", "?4 unknown command"},
                    {"-1 name", "? unknown command"},
                    {"42", "?42 no command after the id"},
                    {"quit", "= "},
                });
  EXPECT_TRUE(e.quit_requested());
  const std::string list = engine().handle_line("list_commands");
  EXPECT_EQ(list.substr(0, 27), "= protocol_version\nname\nver");
  EXPECT_NE(list.find("\ngogui-rules_captured_count\noyin-set_rules\n\n"), std::string::npos);
}

TEST(CaptureGoGtp, IllegalOccupiedSuicideSuperkoAndMalformedMoves) {
  GtpEngine e = engine("size=4,target=0");
  transcript(e, {
                    // The ko shape from board_test: Black takes at C2, White may not retake at once.
                    {"play b B3", "= "}, {"play w C3", "= "}, {"play b A2", "= "}, {"play w B2", "= "},
                    {"play b B1", "= "}, {"play w C1", "= "}, {"play b pass", "= "}, {"play w D2", "= "},
                    {"play b C2", "= "},
                    {"captures b", "= 1"},
                    {"play w B2", "? illegal move: B2 would repeat an earlier position (positional superko)"},
                    {"is_legal w B2", "= 0"},
                    {"play w C2", "? illegal move: C2 is occupied"},
                    {"play w A1", "? illegal move: A1 would be suicide (the stone's chain would have no liberty)"},
                    {"play b D4", "? illegal move: it is white's turn"},
                    {"play w Z1", "? invalid coordinate: 'Z1' is off the 4x4 board"},
                    {"play w I2", "? invalid coordinate: 'I2': column I is not used (columns skip from H to J)"},
                    {"play w", "? wrong number of arguments (usage: play COLOR VERTEX)"},
                    {"play purple A1", "? invalid color 'purple'"},
                    {"play w resign", "? illegal move: resign is not a move in GTP"},
                    {"is_legal w A4", "= 1"},
                    {"gogui-rules_board", "= ....\n.XO.\nX.XO\n.XO."},
                    {"gogui-rules_captured_count", "= 0 1"},
                    {"final_score", "= B+1"},
                    {"undo", "= "},
                    {"gogui-rules_side_to_move", "= black"},
                    {"captures b", "= 0"},
                });
}

TEST(CaptureGoGtp, GameEndTargetsAndGoGuiRules) {
  GtpEngine e = engine("size=3,target=1");
  transcript(e, {
                    {"gogui-rules_game_id", "= CaptureGo"},
                    {"gogui-rules_board_size", "= 3"},
                    {"gogui-rules_side_to_move", "= black"},
                    {"gogui-rules_final_result", "= unknown"},
                    {"play black b2", "= "}, {"play white A1", "= "}, {"play b A2", "= "}, {"play w C3", "= "},
                    {"all_legal b", "= B1 C1 C2 A3 B3"},
                    {"play b B1", "= "},
                    {"gogui-rules_final_result", "= black"},
                    {"final_score", "= B+C"},
                    {"gogui-rules_legal_moves", "= "},
                    {"all_legal w", "= "},
                    {"is_legal w C1", "= 0"},
                    {"play w C1", "? illegal move: the game is over (black reached the capture target (1 of 1))"},
                    {"genmove w", "? the game is over (black reached the capture target (1 of 1))"},
                    {"printsgf",
                     "= (;FF[4]GM[1]CA[UTF-8]AP[oyin]SZ[3]RU[capture:1;pass:yes;ko:positional;suicide:no]EV[oyin gtp]"
                     "RE[B+C]\n;B[bb];W[ac];B[ab];W[ca];B[bc])"},
                    {"clear_board", "= "},
                    {"gogui-rules_legal_moves", "= A1 B1 C1 A2 B2 C2 A3 B3 C3 pass"},
                    {"play b pass", "= "}, {"play w pass", "= "},
                    {"gogui-rules_final_result", "= draw"},
                    {"final_score", "= 0"},
                    {"oyin-set_rules size=4 target_b=2 target_w=1 pass=0", "= size=4,target_b=2,target_w=1,pass=0"},
                    {"play b pass", "? illegal move: passing is not allowed in these rules (pass=0)"},
                    {"oyin-set_rules size=40", "? size must be a whole number from 2 to 19, not '40'"},
                    {"gogui-rules_board_size", "= 4"},
                    {"boardsize 6", "= "},
                    {"oyin-set_rules size=6 setup=BC4+BD3+WC3+WD4", "= size=6,target=1,pass=1,setup=BC4+BD3+WC3+WD4"},
                    {"boardsize 3", "? unacceptable size (the setup stones do not fit)"},
                    {"gogui-rules_board", "= ......\n......\n..XO..\n..OX..\n......\n......"},
                    {"showboard",
                     "= \n    A B C D E F\n  6 . . . . . . 6\n  5 . . . . . . 5\n  4 . . X O . . 4\n  3 . . O X . . 3\n"
                     "  2 . . . . . . 2\n  1 . . . . . . 1\n    A B C D E F\n"
                     "  Black (X) captured 0 of 1   White (O) captured 0 of 1\n  Black to move"},
                });
}

TEST(CaptureGoGtp, GenmoveIsARandomLegalMoveThatDoesNotPassNeedlessly) {
  GtpEngine e = engine("size=5,target=0", 7);
  int passes = 0;
  for (int i = 0; i < 60; ++i) {
    const std::string color = i % 2 ? "w" : "b";
    const std::string r = e.handle_line("genmove " + color);
    ASSERT_EQ(r.substr(0, 2), "= ") << r;
    const std::string move = r.substr(2, r.size() - 4);
    if (move == "pass") passes += 1;
    if (move == "pass") {
      // Pass only when no point is legal: take the pass back and ask.
      EXPECT_EQ(e.handle_line("undo"), "= \n\n");
      EXPECT_EQ(e.handle_line("all_legal " + color), "= \n\n");
      EXPECT_EQ(e.handle_line("play " + color + " pass"), "= \n\n");
    }
    if (capgo::is_over(e.position())) break;
  }
  EXPECT_GT(e.position().history.size(), 50u);
  EXPECT_EQ(passes, 1) << "this seed fills the 5x5 board until Black has no point left (move 59)";
  // Pass is the answer when no stone can be placed: White has no legal point here.
  GtpEngine s = engine("size=2,target=5");
  transcript(s, {{"play b A2", "= "}, {"play w pass", "= "}, {"play b B1", "= "}, {"genmove w", "= pass"}});
}

TEST(CaptureGoGtp, LoadsgfReplaysTheMainLine) {
  GtpEngine e = engine();
  const std::string file = std::string(OYIN_SOURCE_DIR) + "/tests/capgo/data/setup_ko_passes.sgf";
  transcript(e, {
                    {"loadsgf " + file + " 9", "= "},
                    {"gogui-rules_board", "= ..X..\n.XOX.\n.O.O.\n..O..\n....."},
                    {"gogui-rules_side_to_move", "= black"},
                    {"captures b", "= 1"},
                    {"loadsgf " + file, "= "},
                    {"final_score", "= B+1"},
                    {"loadsgf /nonexistent.sgf", "? cannot load file: cannot read '/nonexistent.sgf': No such file or directory"},
                    // Issue 11: /dev/zero was read without end; a directory is refused the same way.
                    {"loadsgf /dev/zero", "? cannot load file: '/dev/zero' is not a regular file (a device, pipe or socket)"},
                    {"loadsgf /tmp", "? cannot load file: '/tmp' is a directory, not a file"},
                    {"gogui-rules_board_size", "= 5"},
                    {"loadsgf " + file + " zero", "? move number must be a whole number from 1"},
                });
  const std::string bad = ::testing::TempDir() + "capgo_bad.sgf";
  std::ofstream(bad) << "(;SZ[5];B[cc];B[dd])";
  EXPECT_EQ(e.handle_line("loadsgf " + bad),
            "? cannot load file: game at line 1: move 2 is B but W is to play (moves must alternate)\n\n");
}

TEST(CaptureGoGtp, BinaryOverStdinStdout) {
  auto r = oyin::testing::run_oyin("gtp --rules size=5,target=2 --seed 5",
                                   "1 protocol_version\nplay b C3\n2 play b C4\nplay w C3\ncaptures w\nquit\nname\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "=1 2\n\n= \n\n?2 illegal move: it is white's turn\n\n? illegal move: C3 is occupied\n\n= 0\n\n= \n\n")
      << "nothing after quit";
  auto bad = oyin::testing::run_oyin("gtp --rules size=99");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err, "oyin: size must be a whole number from 2 to 19, not '99'\n");
  auto eof = oyin::testing::run_oyin("gtp --level -1", "name");  // no newline, no quit: ends at end of input
  EXPECT_EQ(eof.exit_code, 0);
  EXPECT_EQ(eof.out, "= oyin (random mover, no AI yet)\n\n");
  auto ai = oyin::testing::run_oyin("gtp", "name\n");  // by default genmove is the Monte-Carlo search
  EXPECT_EQ(ai.out, "= oyin\n\n");
}

}  // namespace
}  // namespace oyin::protocol
