// Whole games through the type-erased adapter: random games written as PGN, read back and
// replayed move by move in record notation, must end in the same position with the same result.
#include <gtest/gtest.h>

#include "core/random.h"
#include "registry/registry.h"

namespace oyin {
namespace {

TEST(TojmotRecords, RandomGamesRoundTripThroughPgn) {
  register_builtin_games();
  const GameAdapter* g = find_game("tojmot");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->title(), "Tojmot");
  Rng rng(11);
  int finished = 0;
  for (int game = 0; game < 12; ++game) {
    const std::string rules = game % 2 ? "piece6_both=1,own_pieces_in_zone=0" : "";
    auto st = g->new_game(rules, "");
    ASSERT_TRUE(st.ok()) << st.error();
    auto& s = **st;
    while (!s.status().over() && s.ply() < 1500) ASSERT_TRUE(s.play(s.random_move(rng)).ok());
    finished += s.status().over();
    const std::string pgn = s.write_record(GameRecord{});
    auto records = g->read_records(pgn);
    ASSERT_TRUE(records.ok()) << records.error();
    ASSERT_EQ(records->size(), 1u);
    const GameRecord& r = (*records)[0];
    auto again = g->new_game(r.tag("Rules"), r.tag("FEN"));
    ASSERT_TRUE(again.ok()) << again.error();
    for (const std::string& m : r.moves) {
      auto played = (*again)->play(m);
      ASSERT_TRUE(played.ok()) << played.error();
      EXPECT_EQ(*played, m) << "record notation is reproduced exactly";
    }
    EXPECT_EQ((*again)->position_text(), s.position_text());
    EXPECT_EQ(result_text((*again)->status()), r.result);
    EXPECT_EQ((*again)->rules_text(), s.rules_text());
  }
  EXPECT_EQ(finished, 12);
}

}  // namespace
}  // namespace oyin
