#pragma once
// The generic "random game consistency" check every game module instantiates (as OpenSpiel does):
// thousands of random legal games in which
//   - play-then-undo restores the position and its hash exactly,
//   - the incrementally kept hash equals the hash computed from scratch,
//   - the position text round-trips exactly,
//   - move text round-trips (parse(move_to_text(m)) == m),
//   - the generated moves equal, as a set, the moves of a slow, obviously-correct generator
//     that the game's test writes separately (so nothing illegal is generated, nothing missing),
//   - status() agrees with the oracle's status, and an ongoing game always has a move.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/random.h"

namespace oyin::testing {

// Oracle: legal_moves(pos) as the set of protocol move texts, status(pos) as a GameStatus.
struct ConsistencyStats {
  std::size_t positions = 0;  // positions checked
  std::size_t finished = 0;   // games that reached their end within max_plies
};

// Callers assert on `stats` that the games really reached their ends, so the end-of-game
// paths are exercised.
template <GameTraits G, class Oracle>
void check_random_games(ConsistencyStats& stats, const typename G::Rules& rules, const typename G::Position& start, int games,
                        int max_plies, std::uint64_t seed, Oracle&& oracle,
                        std::uint64_t (*hash_from_scratch)(const typename G::Position&)) {
  Rng rng(seed);
  std::size_t positions = 0, finished = 0;
  for (int g = 0; g < games; ++g) {
    typename G::Position pos = start;
    for (int ply = 0; ply < max_plies; ++ply) {
      ++positions;
      SCOPED_TRACE("game " + std::to_string(g) + " ply " + std::to_string(ply) + " position " +
                   G::position_to_text(pos));
      ASSERT_EQ(G::hash(pos), hash_from_scratch(pos)) << "incremental hash drifted";
      auto parsed = G::parse_position(G::position_to_text(pos), rules);
      ASSERT_TRUE(parsed.ok()) << parsed.error();
      ASSERT_TRUE(*parsed == pos) << "position text does not round-trip";

      const GameStatus st = G::status(pos);
      const GameStatus oracle_st = oracle.status(pos);
      ASSERT_EQ(st.outcome, oracle_st.outcome) << st.reason << " vs " << oracle_st.reason;
      if (st.outcome == Outcome::Win) {
        ASSERT_EQ(st.winner, oracle_st.winner);
      }
      if (st.over()) {
        ++finished;
        break;
      }
      typename G::MoveList list;
      G::generate_moves(pos, list);
      ASSERT_FALSE(list.empty()) << "an ongoing game must have a legal move";
      std::set<std::string> generated;
      for (const auto& m : list) {
        const std::string text = G::move_to_text(pos, m);
        ASSERT_TRUE(generated.insert(text).second) << "move generated twice: " << text;
        auto back = G::parse_move(pos, text);
        ASSERT_TRUE(back.ok()) << text << ": " << back.error();
        ASSERT_TRUE(*back == m) << "move text does not round-trip: " << text;
      }
      const std::set<std::string> expected = oracle.legal_moves(pos);
      ASSERT_EQ(generated, expected);

      // Every move: play then undo restores everything.
      for (const auto& m : list) {
        typename G::Position copy = pos;
        typename G::Undo undo;
        G::play(copy, m, undo);
        ASSERT_EQ(G::hash(copy), hash_from_scratch(copy)) << "after " << G::move_to_text(pos, m);
        G::undo(copy, m, undo);
        ASSERT_TRUE(copy == pos) << "undo of " << G::move_to_text(pos, m) << " did not restore";
      }
      const auto& m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
      typename G::Undo undo;
      G::play(pos, m, undo);
    }
  }
  stats.positions = positions;
  stats.finished = finished;
}

}  // namespace oyin::testing
