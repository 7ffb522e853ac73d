// The game-agnostic PGN reader and writer: findings of the pgn fuzz harness (issue 11), each
// a record whose moves changed in a write -> read round trip.
#include <gtest/gtest.h>

#include "core/pgn.h"

namespace oyin {
namespace {

std::vector<std::string> moves_after_round_trip(const std::string& text) {
  auto records = read_pgn_records(text);
  EXPECT_TRUE(records.ok()) << records.error();
  if (!records.ok() || records->empty()) return {};
  auto back = read_pgn_records(write_pgn_record(records->front()));
  EXPECT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->front().moves, records->front().moves) << write_pgn_record(records->front());
  return back->front().moves;
}

TEST(Pgn, MoveNumbersGluedTwiceAreBothNumbers) {
  // "11.1." used to leave the move "1.", written as "1. 1." and read back as a number.
  auto r = read_pgn_records("1. 76 11.1.36x 2...45 *\n");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->front().moves, (std::vector<std::string>{"76", "36x", "45"}));
  moves_after_round_trip("1. 76 11.1. 36x *\n");
}

TEST(Pgn, ANagOrResultGluedToAMoveNumberIsOne) {
  // "2.$7..." was the move "$7...", written apart and read back as a NAG.
  auto r = read_pgn_records("1. 76 36x 2.$1 45 3.1-0\n");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->front().moves, (std::vector<std::string>{"76", "36x", "45"}));
  EXPECT_EQ(r->front().result, "1-0");
  moves_after_round_trip("1. 76 2.$7G3-G11 *\n");
  // "1.(45" opens a variation as "1. (45" does: refused, not a move "(45" that reads back as one.
  EXPECT_FALSE(read_pgn_records("1.(45) 76 *\n").ok());
}

TEST(Pgn, AMoveTokenStartingWithPercentNeverStartsALine) {
  // '%' in the first column is an escape line; a wrapped line must not start with such a token.
  std::string text = "1.";
  for (int i = 0; i < 30; ++i) text += " 12345 %x";
  text += " *\n";
  const auto moves = moves_after_round_trip(text);
  EXPECT_EQ(moves.size(), 60u);
}

TEST(Pgn, TagValuesWithQuotesAndBackslashesRoundTrip) {
  auto r = read_pgn_records("[Event \"a \\\"q\\\" b\\\\\"]\n[X \"tail\\\"]\n\n1. 76 *\n");
  ASSERT_TRUE(r.ok()) << r.error();
  auto back = read_pgn_records(write_pgn_record(r->front()));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->front().tag("Event"), r->front().tag("Event"));
  EXPECT_EQ(back->front().tag("X"), r->front().tag("X"));
}

}  // namespace
}  // namespace oyin
