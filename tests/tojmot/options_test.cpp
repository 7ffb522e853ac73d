// Every rule option of ../shared/rules/tojmot.md and its effect, with the options given as text
// exactly as on the command line (--rules k=v,...).
#include "core/perft.h"
#include "tojmot/helpers.h"

namespace oyin::tojmot {
namespace {

using testing::legal;
using testing::play_text;
using testing::pos;
using testing::targets;
using Set = std::set<std::string>;

Rules rules(const std::string& text) {
  auto r = parse_rules(text);
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? *r : Rules{};
}

Set difference(const Set& a, const Set& b) {
  Set out;
  for (const auto& x : a)
    if (!b.count(x)) out.insert(x);
  return out;
}

TEST(TojmotOptions, OwnPiecesInZoneOffKeepsAllButTheOneOut) {
  const Rules closed = rules("own_pieces_in_zone=0");
  const Set open_moves = legal(start_position()), closed_moves = legal(start_position(closed));
  EXPECT_EQ(difference(open_moves, closed_moves), (Set{"g3f2", "g3h2", "d4f2", "h4h2"}));
  EXPECT_EQ(closed_moves.size(), 27u);
  EXPECT_EQ(closed_moves.count("g1f2"), 1u) << "the 1 still moves in its zone";
  // A slider stops before its own zone.
  EXPECT_EQ(targets(pos("w W:1N4,4G9 B:1N12 0 1", closed), "G9").count("G1"), 0u);
  EXPECT_EQ(targets(pos("w W:1N4,4G9 B:1N12 0 1", closed), "G9").count("G3"), 1u);
}

TEST(TojmotOptions, PieceSixBothAddsTheFourByTwoLeaps) {
  const Rules both = rules("piece6_both=1");
  EXPECT_EQ(difference(legal(start_position(both)), legal(start_position())), (Set{"j4f6", "j4n6", "j4f2"}));
  Position start = start_position(both);
  EXPECT_EQ(oyin::perft<Tojmot>(start, 1), 34u);
  EXPECT_EQ(targets(pos("w W:1N4,6G9 B:1N12 0 1", both), "G9"),
            (Set{"I13", "E13", "I5", "E5", "K11", "K7", "C11", "C7"}));
  // It also attacks that way: a 6 on K9 checks a 1 on G7 only with the option.
  EXPECT_FALSE(in_check(pos("w W:1G7 B:1A13,6K9 0 1")));
  EXPECT_TRUE(in_check(pos("w W:1G7 B:1A13,6K9 0 1", both)));
}

TEST(TojmotOptions, ThreefoldCanBeSwitchedOff) {
  for (const char* text : {"threefold=1", "threefold=0"}) {
    Position p = start_position(rules(text));
    for (int i = 0; i < 2; ++i)
      for (const char* m : {"b4b6", "n14n12", "b6b4", "n12n14"}) play_text(p, m);
    EXPECT_EQ(status(p).over(), p.rules.threefold) << text;
  }
}

TEST(TojmotOptions, FiftyMoveCanBeSwitchedOff) {
  for (const char* text : {"fifty_move=true", "fifty_move=false"}) {
    Position p = pos("w W:1G1,4L4 B:1G17,2N14 99 60", rules(text));
    play_text(p, "l4l6");
    EXPECT_EQ(status(p).over(), p.rules.fifty_move) << text;
  }
}

}  // namespace
}  // namespace oyin::tojmot
