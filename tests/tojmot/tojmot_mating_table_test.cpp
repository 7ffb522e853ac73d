#include "games/tojmot/mating_table.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "games/tojmot/geometry.h"
#include "games/tojmot/movegen.h"
#include "games/tojmot/notation.h"

namespace oyin::tojmot {
namespace {

Position pos(const std::string& text) {
  auto p = parse_position(text, Rules{});
  EXPECT_TRUE(p.ok()) << text;
  return *p;
}

// The table's plies for a position of the table (the side to move's view, as probe gives it).
int plies_after(const Position& p) {
  const TableResult r = probe_mating_table(p);
  EXPECT_TRUE(r.found);
  return r.mate ? r.plies : MatingTable::kNone;
}

// Every position the sample meets agrees with the engine's own move generation: a position the
// table calls a mate in d plies has a move to a mate in d - 1 (strong side) or only moves to
// mates in at most d - 1, one of them exactly (bare 1); a position without a mate has no move to
// one (strong side) or a move out of every mate (bare 1).
void check_against_moves(int kind, int strong, int samples, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> cell(0, kCells - 1);
  const Geometry& g = geometry();
  int checked = 0, mates = 0;
  while (checked < samples) {
    const int a = cell(rng), b = cell(rng), c = cell(rng);
    Position p = empty_position(Rules{});
    if (a == b || a == c || b == c) continue;
    const int s = strong;
    if (g.zone[a] == (s ^ 1) || g.zone[b] == (s ^ 1) || g.zone[c] == s) continue;
    p.put(a, make_piece(kOne, s));
    p.put(b, make_piece(kind, s));
    p.put(c, make_piece(kOne, s ^ 1));
    p.side = static_cast<std::uint8_t>(rng() & 1);
    p.key = compute_hash(p);
    bool adjacent = false;
    for (int t : g.step8[a]) adjacent |= t == c;
    if (adjacent) continue;
    // The side not to move may not be in check.
    Position other(static_cast<const PositionState&>(p));
    other.side ^= 1;
    if (in_check(other)) continue;
    ++checked;
    const int d = plies_after(p);
    MoveList moves;
    generate_moves(p, moves);
    const bool strong_moves = p.side == s;
    int best = -1, worst = -1;
    bool escape = false;
    for (Move m : moves) {
      Undo u;
      const PositionState before = p;
      play(p, m, u);
      const TableResult r = probe_mating_table(p);
      undo(p, m, u);
      ASSERT_TRUE(static_cast<const PositionState&>(p).board == before.board);
      if (!r.found || !r.mate) {
        escape = true;  // the piece taken, or no mate from there
        continue;
      }
      best = best < 0 ? r.plies : std::min(best, r.plies);
      worst = std::max(worst, r.plies);
    }
    if (moves.empty()) {
      EXPECT_EQ(d, !strong_moves && in_check(p) ? 0 : MatingTable::kNone) << to_text(p);
      continue;
    }
    if (strong_moves) {
      if (d == MatingTable::kNone) EXPECT_EQ(best, -1) << to_text(p);
      else EXPECT_EQ(best, d - 1) << to_text(p);
    } else {
      if (d == MatingTable::kNone) {
        EXPECT_TRUE(escape) << to_text(p);
      } else {
        EXPECT_FALSE(escape) << to_text(p);
        EXPECT_EQ(worst, d - 1) << to_text(p);
      }
    }
    mates += d != MatingTable::kNone;
  }
  if (kind == kSeven || kind == kEight) {
    EXPECT_GT(mates, samples / 4) << "kind " << kind;
  }
}

// What the tables hold: a 7, an 8 or a 9 mates a bare 1 from most positions (the longest mates
// 12, 27 and 42 moves), the leapers and the 2 and 4 only where the mate is already set up.
TEST(TojmotMatingTable, OnlyTheSevenEightAndNineForceMate) {
  const int longest[] = {0, 0, 1, 1, 1, 0, 1, 24, 54, 84};
  const std::size_t wins[] = {0, 0, 8, 22, 204, 0, 8, 916607, 988717, 1044631};
  for (int kind = kTwo; kind <= kNine; ++kind) {
    EXPECT_EQ(MatingTable::of(kind).longest(), longest[kind]) << "kind " << kind;
    EXPECT_EQ(MatingTable::of(kind).wins(), wins[kind]) << "kind " << kind;
  }
}

// The 1 and 7 against the 1 that the alpha-beta search at depth 8 did not mate (docs/engines.md):
// mate in 6 (11 plies), the same for Black mirrored; the bare 1 to move one ply nearer after the
// best move; a 1 and 5 cannot mate; positions outside the tables are not found.
TEST(TojmotMatingTable, ProbesKnownPositions) {
  TableResult r = probe_mating_table(pos("w W:1G9,7D8 B:1G13 0 1"));
  EXPECT_TRUE(r.found && r.mate && r.win);
  EXPECT_EQ(r.plies, 11);
  r = probe_mating_table(pos("b W:1G5 B:1G9,7D10 0 1"));
  EXPECT_TRUE(r.found && r.mate && r.win);
  EXPECT_EQ(r.plies, 11);
  r = probe_mating_table(pos("w W:1G5 B:1G9,7D10 0 1"));
  EXPECT_TRUE(r.found && r.mate && !r.win) << "the bare 1 to move loses";
  r = probe_mating_table(pos("w W:1G9,5D8 B:1G13 0 1"));
  EXPECT_TRUE(r.found && !r.mate);
  EXPECT_FALSE(probe_mating_table(pos("w W:1G9,7D8,IIA5 B:1G13 0 1")).found) << "four pieces";
  EXPECT_FALSE(probe_mating_table(pos("w W:1G9,IID8 B:1G13 0 1")).found) << "a Roman";
  auto both = parse_position("w W:1G9,7D8 B:1G13 0 1", *parse_rules("piece6_both=1"));
  ASSERT_TRUE(both.ok());
  EXPECT_FALSE(probe_mating_table(*both).found) << "other rule options";
}

TEST(TojmotMatingTable, EveryKindAgreesWithTheMoveGenerator) {
  for (int kind = kTwo; kind <= kNine; ++kind) {
    check_against_moves(kind, kWhite, 1500, 100 + static_cast<std::uint32_t>(kind));
    check_against_moves(kind, kBlack, 1500, 200 + static_cast<std::uint32_t>(kind));
  }
}

}  // namespace
}  // namespace oyin::tojmot
