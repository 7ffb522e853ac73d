// A move is measured by the played move's score from the position before it, searched to the same
// horizon as the engine's move (review/position_analysis.h), not by the next position's own search:
// that one looks a ply further and, in Togyz Kumalak, favours whoever is to move there, so it made
// nearly every move of a game a blunder.
#include <gtest/gtest.h>

#include <cmath>

#include "registry/registry.h"
#include "review/move_review.h"
#include "review/position_analysis.h"
#include "support/run_command.h"
#include "support/shared_data.h"

namespace oyin::review {
namespace {

storage::AnalysedPosition at(int ply, int score, std::string best, std::optional<int> played = std::nullopt) {
  storage::AnalysedPosition p;
  p.ply = ply;
  p.score = score;
  p.best = std::move(best);
  p.played_score = played;
  return p;
}

TEST(PlayedMove, TheMoveIsMeasuredByItsScoreFromThePositionBefore) {
  const WinChance wc{.scale = 400};
  // The next position, searched alone, says the mover fell from +600 to -250 (a blunder); the
  // played move searched from the position before scores +560: a small loss, "good".
  const std::vector<storage::AnalysedPosition> positions{at(0, 600, "a", 560), at(1, 250, "x")};
  const GameReview r = review_game(positions, {"b"}, {0, 1}, wc);
  ASSERT_EQ(r.moves.size(), 1u);
  EXPECT_EQ(r.moves[0].cls, MoveClass::good);
  EXPECT_EQ(r.moves[0].score_after, 560);
  EXPECT_NEAR(r.moves[0].win_after, wc.of(560), 1e-12);
  // Without the played move's score (a position written before it was kept), the next one.
  const GameReview old = review_game({at(0, 600, "a"), at(1, 250, "x")}, {"b"}, {0, 1}, wc);
  EXPECT_EQ(old.moves[0].cls, MoveClass::blunder);
}

TEST(PlayedMove, TheEnginesMoveLosesNothingAndOthersAreScoredAtOnePlyLess) {
  register_builtin_games();
  const GameEntry* togyz = find_game("togyz");
  ASSERT_NE(togyz, nullptr);
  auto st = togyz->new_game("", "");
  ASSERT_TRUE(st);
  std::unique_ptr<Engine> engine = togyz->make_engine();
  SearchLimits limits;
  limits.depth = 5;
  bool stopped = false;
  const storage::AnalysedPosition best = analyse_position(*engine, **st, limits, "", true, nullptr, stopped);
  ASSERT_FALSE(best.best.empty());
  EXPECT_FALSE(best.played_score);  // the last position of a record: no move played from it
  // Again from an empty table (the first search's table can change the second's best move: with
  // the third net it did), so the played move is the engine's own.
  std::unique_ptr<Engine> again = togyz->make_engine();
  const storage::AnalysedPosition same = analyse_position(*again, **st, limits, best.best, true, nullptr, stopped);
  EXPECT_EQ(same.best, best.best);
  ASSERT_TRUE(same.played_score);
  EXPECT_EQ(*same.played_score, same.score);
  // Each from an empty table: a table left by earlier searches grafts deeper results into one
  // search and not the other (with the second net that moved one move by 98). Within one engine
  // the root's own depth-5 table still grafts into the played move's depth-4 search: up to 69
  // centi-stones apart from a fresh depth-4 search with the sixth net (move 54), under 50 before.
  for (const std::string& m : (*st)->legal_moves()) {
    std::unique_ptr<Engine> fresh = togyz->make_engine(), other = togyz->make_engine();
    const storage::AnalysedPosition p = analyse_position(*fresh, **st, limits, m, true, nullptr, stopped);
    ASSERT_TRUE(p.played_score) << m;
    auto next = (*st)->clone();
    ASSERT_TRUE(next->play(m));
    SearchLimits four = limits;
    four.depth = 4;
    EXPECT_NEAR(*p.played_score, -other->search(*next, four, {}, nullptr).info.score_cp, 100) << m;
  }
  // A Monte-Carlo engine's moves are not scored this way.
  EXPECT_FALSE(analyse_position(*engine, **st, limits, best.best, false, nullptr, stopped).played_score);
}

// Real games of strong players, reviewed at depth 6: when the player made the engine's own move,
// the review says so with the same win chance before and after it (measured alone, the position
// after the engine's move was searched a ply further and could "lose" many points: the start
// position is +6.82 for White at depth 12, the position after the engine's 76 only +2.49).
TEST(PlayedMove, ChampionshipGamesTheEnginesOwnMoveKeepsItsWinChance) {
  OYIN_REQUIRE_SHARED("data/togyz/championship-games.pgn");
  register_builtin_games();
  const GameEntry* togyz = find_game("togyz");
  ASSERT_NE(togyz, nullptr);
  auto records = togyz->read_records(testing::slurp(testing::shared_path("data/togyz/championship-games.pgn")));
  ASSERT_TRUE(records);
  ASSERT_GE(records->size(), 3u);
  std::unique_ptr<Engine> engine = togyz->make_engine();
  // The first net, which the review's first version was measured with: the second one's scores
  // swing less from ply to ply, so under it the old measure shows no gap in these 60 plies.
  ASSERT_TRUE(use_eval_file(*engine, std::string(OYIN_SOURCE_DIR) + "/nets/togyz-gen1.nnue"));
  SearchLimits limits;
  limits.depth = 6;
  int engine_moves = 0, old_gaps = 0;
  for (std::size_t g = 0; g < 3; ++g) {
    const GameRecord& r = (*records)[g];
    auto st = togyz->new_game("", r.tag("FEN"));
    ASSERT_TRUE(st);
    const std::vector<std::string> opening(r.moves.begin(), r.moves.begin() + std::min<std::size_t>(20, r.moves.size()));
    std::vector<storage::AnalysedPosition> positions;
    std::vector<int> to_move;
    bool stopped = false;
    for (std::size_t ply = 0; ply <= opening.size(); ++ply) {
      to_move.push_back(static_cast<int>((*st)->side_to_move()));
      const std::string played = ply < opening.size() ? opening[ply] : std::string();
      positions.push_back(analyse_position(*engine, **st, limits, played, true, nullptr, stopped));
      positions.back().ply = static_cast<int>(ply);
      if (!played.empty()) {
        ASSERT_TRUE((*st)->play(played)) << played;
      }
    }
    const GameReview fair = review_game(positions, opening, to_move, togyz->win_chance());
    for (auto& p : positions) p.played_score.reset();
    const GameReview alone = review_game(positions, opening, to_move, togyz->win_chance());
    ASSERT_EQ(fair.moves.size(), opening.size());
    for (std::size_t i = 0; i < fair.moves.size(); ++i) {
      const ReviewedMove& m = fair.moves[i];
      if (m.cls != MoveClass::best) continue;
      ++engine_moves;
      EXPECT_DOUBLE_EQ(m.win_after, m.win_before) << "ply " << m.ply;
      old_gaps += std::abs(alone.moves[i].win_after - alone.moves[i].win_before) > 0.02;
    }
  }
  EXPECT_GE(engine_moves, 10);
  EXPECT_GE(old_gaps, 3);  // what the first version of the review showed for the same moves
}

}  // namespace
}  // namespace oyin::review
