// Perfect play in small endgames: on 100 random positions with at most 10 stones on the board,
// the engine's result equals that of an exhaustive search written separately here (plain
// minimax over win/draw/loss bounds, no pruning, no evaluation).
#include <gtest/gtest.h>

#include <unordered_map>

#include "games/togyz/game.h"
#include "search/alphabeta.h"
#include "search/togyz_positions.h"

namespace oyin::togyz {
namespace {

// Bounds on the game-theoretic value for the side to move (-1 loss, 0 draw, +1 win), looking at
// most `depth` plies ahead: lo == hi means the value is known exactly.
struct Exhaustive {
  struct Bounds {
    int lo, hi;
  };
  std::unordered_map<std::uint64_t, Bounds> memo;

  Bounds solve(const Position& p, int depth) {
    const GameStatus st = status(p);
    if (st.over()) {
      if (st.outcome == Outcome::Draw) return {0, 0};
      const int v = st.winner == p.side_to_move() ? 1 : -1;
      return {v, v};
    }
    if (depth == 0) return {-1, 1};
    const std::uint64_t key = p.key * 131 + static_cast<std::uint64_t>(depth);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    Bounds b{-1, -1};
    MoveList moves;
    generate_moves(p, moves);
    for (Move m : moves) {
      Position q = p;
      make_move<true>(q, m);
      const Bounds c = solve(q, depth - 1);
      b.lo = std::max(b.lo, -c.hi);
      b.hi = std::max(b.hi, -c.lo);
    }
    memo[key] = b;
    return b;
  }
};

TEST(TogyzEndgame, EngineMatchesExhaustiveSearchOnHundredSmallEndgames) {
  constexpr int kHorizon = 14;
  Rng rng(2024);
  Exhaustive ex;
  search::TranspositionTable tt(16);
  int checked = 0, wins = 0, losses = 0, draws = 0;
  for (int tries = 0; checked < 100 && tries < 5000; ++tries) {
    const Position p = oyin::testing::random_endgame(rng, 3 + static_cast<int>(rng.below(8)));
    const auto v = ex.solve(p, kHorizon);
    if (v.lo != v.hi) continue;  // not decided within the horizon: no reference value
    tt.clear();
    search::AlphaBeta<Togyz> ab(tt, EvalParams{});
    search::Config cfg;
    cfg.max_depth = kHorizon + 2;
    const auto out = ab.run(p, {}, cfg, {});
    ASSERT_FALSE(out.lines.empty());
    const int score = out.lines[0].score;
    const std::string fen = to_fen(p);
    if (v.lo == 1) {
      EXPECT_GE(score, search::kWinBound) << fen << " is a win";
      ++wins;
    } else if (v.lo == -1) {
      EXPECT_LE(score, -search::kWinBound) << fen << " is a loss";
      ++losses;
    } else {
      EXPECT_FALSE(search::is_proven(score)) << fen << " is a draw";
      ++draws;
    }
    // The move chosen keeps the value: after it the opponent is proven to get exactly -v.
    Position q = p;
    make_move<true>(q, out.lines[0].move);
    const auto c = ex.solve(q, kHorizon);
    EXPECT_EQ(-c.hi, v.lo) << fen << " move " << move_to_text(p, out.lines[0].move);
    ++checked;
  }
  EXPECT_EQ(checked, 100);
  EXPECT_GT(wins, 10);
  EXPECT_GT(losses, 10);
  std::cout << "endgames: " << wins << " wins, " << losses << " losses, " << draws << " draws\n";
}

}  // namespace
}  // namespace oyin::togyz
