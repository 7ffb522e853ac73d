// Hand-built positions for the rules in ../shared/rules/capture-go.md, "Play" 1-5.
#include <gtest/gtest.h>

#include "games/capgo/game.h"

namespace oyin::capgo {
namespace {

Position at(const char* rules, const char* text) {
  auto r = CaptureGo::parse_rules(rules);
  EXPECT_TRUE(r.ok()) << r.error();
  auto p = parse_position(text, *r);
  EXPECT_TRUE(p.ok()) << p.error();
  return *p;
}

std::string play_text(Position& p, const char* move) {
  auto m = parse_move(p, move);
  if (!m) return m.error();
  Undo u;
  capgo::play(p, *m, u);
  return "";
}

// Play 3: opponent chains without liberties are removed first; then own-chain suicide.
TEST(CaptureGoBoard, CaptureBeforeSuicideAndSuicideBans) {
  // Black A1 would have no liberty, but it captures White B1 first (B1's last liberty is A1).
  Position p = at("size=3,target=0", "3 .../XX./.OX b 0 0 0");
  EXPECT_EQ(play_text(p, "A1"), "");
  EXPECT_EQ(p.captures[0], 1);
  EXPECT_EQ(to_text(p), "3 .../XX./X.X w 1 0 0");
  // Single-stone suicide.
  Position s = at("size=3,target=0", "3 .X./X.X/.X. w 0 0 0");
  EXPECT_EQ(play_text(s, "B2"), "B2 would be suicide (the stone's chain would have no liberty)");
  // Multi-stone suicide: White B1 would join A1-A2 into a chain with no liberty.
  Position m = at("size=3,target=0", "3 X../OX./O.X w 0 0 0");
  EXPECT_EQ(play_text(m, "B1"), "B1 would be suicide (the stone's chain would have no liberty)");
  EXPECT_EQ(play_text(m, "B2"), "B2 is occupied");
  EXPECT_EQ(play_text(m, "D1"), "'D1' is off the 3x3 board");
  EXPECT_EQ(play_text(m, "I1"), "'I1': column I is not used (columns skip from H to J)");
  EXPECT_EQ(play_text(m, "zz"), "'zz' is not a point (expected a column letter and a row, e.g. D4)");
}

// Play 4: positional superko, both for the immediate ko recapture and after a pass.
TEST(CaptureGoBoard, KoRecaptureIsSuperko) {
  Position p = at("size=4,target=0", "4 ..../.XO./XO.O/.XO. b 0 0 0");
  EXPECT_EQ(play_text(p, "C2"), "");
  EXPECT_EQ(p.captures[0], 1);
  EXPECT_EQ(play_text(p, "B2"), "B2 would repeat an earlier position (positional superko)");
  // A pass creates no new position: the recapture still repeats the start.
  EXPECT_EQ(play_text(p, "pass"), "");
  EXPECT_EQ(play_text(p, "pass"), "");  // ends the game (two passes)
  EXPECT_TRUE(status(p).over());
  EXPECT_EQ(status(p).reason, "two passes, captures black 1 white 0");
  EXPECT_EQ(status(p).winner, Side::First);

  Position q = at("size=4,target=0", "4 ..../.XO./XO.O/.XO. b 0 0 0");
  EXPECT_EQ(play_text(q, "C2"), "");
  EXPECT_EQ(play_text(q, "A4"), "");  // White elsewhere
  EXPECT_EQ(play_text(q, "D4"), "");  // Black elsewhere
  EXPECT_EQ(play_text(q, "B2"), "") << "a new whole-board position: legal";
  EXPECT_EQ(q.captures[1], 1);
  EXPECT_EQ(play_text(q, "C2"), "C2 would repeat an earlier position (positional superko)");
}

// The superko window: non-capturing moves scan only positions older than the last capture.
TEST(CaptureGoBoard, HistoryKeepsEveryStonePositionAndTheLastCapture) {
  // 2x2: Black A1, White B2; White takes A1 by playing ... build it by moves instead.
  Position p = at("size=2,target=0", "2 ../.. b 0 0 0");
  EXPECT_EQ(play_text(p, "A1"), "");
  EXPECT_EQ(play_text(p, "B2"), "");
  EXPECT_EQ(play_text(p, "B1"), "");  // Black A1-B1, liberties: A2 only
  EXPECT_EQ(play_text(p, "A2"), "");  // White A2 captures A1, B1 (B2-A2 now has A1, B1)
  EXPECT_EQ(p.captures[1], 2);
  EXPECT_EQ(to_text(p), "2 OO/.. b 0 2 0");
  EXPECT_EQ(play_text(p, "A1"), "");  // Black A1 captures A2-B2? They have B1 left: no capture
  EXPECT_EQ(to_text(p), "2 OO/X. w 0 2 0");
  // White B1 would be suicide... no, it captures A1 -> "OO/.O": a new position, legal.
  // Black's B1 instead of A1 earlier would repeat nothing; check the history scan window:
  EXPECT_EQ(p.history.size(), 6u);
  EXPECT_EQ(p.last_capture, 4u);
}

TEST(CaptureGoBoard, StatusReasons) {
  Position p = at("size=3,target=1", "3 .../XX./.OX b 0 0 0");
  EXPECT_EQ(play_text(p, "A1"), "");
  EXPECT_EQ(status(p).reason, "black reached the capture target (1 of 1)");
  EXPECT_EQ(status(p).winner, Side::First);
  EXPECT_EQ(play_text(p, "C3"), "the game is over");

  Position r = at("size=3,target=1", "3 .../.../... b 0 0 0");
  EXPECT_EQ(play_text(r, "resign"), "");
  EXPECT_EQ(status(r).reason, "black resigned");
  EXPECT_EQ(status(r).winner, Side::Second);

  // Pass forbidden: White to move with every empty point suicide or superko loses.
  Position n = at("size=2,target=5,pass=0", "2 X./.X w 0 0 0");
  EXPECT_EQ(status(n).outcome, Outcome::Win);
  EXPECT_EQ(status(n).reason, "white has no legal move");
  EXPECT_EQ(status(n).winner, Side::First);
  EXPECT_EQ(play_text(n, "pass"), "the game is over");
  Position f = at("size=3,target=5,pass=0", "3 .../.../... b 0 0 0");
  EXPECT_EQ(play_text(f, "pass"), "passing is not allowed in these rules (pass=0)");

  Position d = at("size=3,target=0", "3 .../.../... b 0 0 1");
  EXPECT_EQ(play_text(d, "pass"), "");
  EXPECT_EQ(status(d).outcome, Outcome::Draw);
  EXPECT_EQ(status(d).reason, "two passes, captures black 0 white 0");
}

TEST(CaptureGoBoard, PerColourTargets) {
  Position p = at("size=3,target_b=2,target_w=1", "3 .../XX./.OX b 0 0 0");
  EXPECT_EQ(play_text(p, "A1"), "");
  EXPECT_FALSE(status(p).over()) << "Black needs two";
}

TEST(CaptureGoBoard, RulesTextAndErrors) {
  EXPECT_EQ(rules_to_text(*CaptureGo::parse_rules("")), "size=9,target=1,pass=1");
  EXPECT_EQ(rules_to_text(*CaptureGo::parse_rules("setup=bc4+WD4,target_w=1,target_b=3,size=6,pass=no")),
            "size=6,target_b=3,target_w=1,pass=0,setup=BC4+WD4");
  const std::pair<const char*, const char*> bad[] = {
      {"size=20", "size must be a whole number from 2 to 19, not '20'"},
      {"size=x", "size must be a whole number from 2 to 19, not 'x'"},
      {"target=-1", "target must be a whole number from 0 (no target) to 361, not '-1'"},
      {"pass=maybe", "pass must be 1 (allowed) or 0 (forbidden), not 'maybe'"},
      {"komi=7", "unknown capture Go setting 'komi' (known: size, target, target_b, target_w, pass, setup)"},
      {"target=1,target_b=2,target_w=1", "give either target or target_b/target_w, not both"},
      {"target_b=2", "target_b and target_w must be given together"},
      {"size=5,setup=BF1", "setup: 'F1' is off the 5x5 board"},
      {"setup=XC3", "setup stone 'XC3' must be B or W followed by a point, e.g. BC4"},
      {"setup=BC3+WC3", "setup: C3 is given twice"},
      {"size=2,setup=BA1+WA2+WB1", "setup: the black chain at A1 has no liberty"},
      {"size", "expected key=value, got 'size'"},
  };
  for (const auto& [text, msg] : bad) {
    auto r = CaptureGo::parse_rules(text);
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_EQ(r.error(), msg);
  }
}

TEST(CaptureGoBoard, PositionTextAndErrors) {
  const Rules r = *CaptureGo::parse_rules("size=3");
  EXPECT_EQ(to_text(CaptureGo::start_position(r)), "3 .../.../... b 0 0 0");
  auto crosscut = CaptureGo::parse_rules("size=6,target=1,pass=0,setup=BC4+BD3+WC3+WD4");
  EXPECT_EQ(to_text(CaptureGo::start_position(*crosscut)), "6 ....../....../..XO../..OX../....../...... b 0 0 0");
  const std::pair<const char*, const char*> bad[] = {
      {"3 .../.../... b 0 0", "position text needs 6 fields '<size> <rows> <to-move> <captures by black> <captures by "
                            "white> <passes>', got 5"},
      {"4 ..../..../..../.... b 0 0 0", "position is 4x4 but the rules say size=3"},
      {"3 .../.. b 0 0 0", "position has 2 rows, expected 3"},
      {"3 .../..../... b 0 0 0", "row 2 '....' must have 3 characters"},
      {"3 .../.Z./... b 0 0 0", "row 2: 'Z' is not X, O or ."},
      {"3 .../.../... x 0 0 0", "side to move must be b or w, not 'x'"},
      {"3 .../.../... b -1 0 0", "capture counts must be whole numbers from 0, not '-1' '0'"},
      {"3 .../.../... b 0 0 3", "consecutive passes must be 0, 1 or 2, not '3'"},
      {"3 .../.../OX. b 0 0 0", nullptr},
      {"3 .../O../XO. b 0 0 0", "the black chain at A1 has no liberty"},
  };
  for (const auto& [text, msg] : bad) {
    auto p = parse_position(text, r);
    if (!msg) {
      EXPECT_TRUE(p.ok()) << text;
      continue;
    }
    ASSERT_FALSE(p.ok()) << text;
    EXPECT_EQ(p.error(), msg);
  }
}

}  // namespace
}  // namespace oyin::capgo
