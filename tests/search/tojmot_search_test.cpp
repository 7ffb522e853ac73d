// The Tojmot search: the evaluation's symmetry and weights, mates in 1 and 2 found by the
// generic brute force of mate_suite.h, the draw rules inside the search, reproducibility under
// a node limit, and a UCI transcript with the tojmot variant.
#include <gtest/gtest.h>

#include <regex>

#include "support/engines.h"
#include "core/random.h"
#include "registry/registry.h"
#include "games/tojmot/game.h"
#include "search/tojmot_positions.h"
#include "search/alphabeta.h"
#include "search/engine.h"
#include "search/mate_suite.h"
#include "support/run_command.h"

namespace oyin::tojmot {
namespace {

search::SearchOutput<Move> search_depth(const Position& p, int depth) {
  search::TranspositionTable tt(4);
  search::AlphaBeta<Tojmot> ab(tt, EvalParams{});
  search::Config cfg;
  cfg.max_depth = depth;
  return ab.run(p, {}, cfg, {});
}

// A sparse position: both 1s, two to four officers for the side to move, up to two pieces for
// the other side; legal (the side not to move is not in check, the 1s do not touch, no piece
// in an enemy zone, no Roman on its promotion cell).
Position random_endgame(Rng& rng) {
  constexpr int kAttack[] = {kSeven, kEight, kFour, kNine, kThree, kTwo, kFive, kSix, kEight, kSeven};
  constexpr int kDefend[] = {kRomanIII, kTwo, kFive, kNine, kRomanX, kThree};
  const Geometry& g = geometry();
  while (true) {
    Position p = empty_position(Rules{});
    const int s = static_cast<int>(rng.below(2)), o = s ^ 1;
    p.side = static_cast<std::uint8_t>(s);
    auto free_cell = [&](int side) {
      while (true) {
        const int c = static_cast<int>(rng.below(kCells));
        if (p.board[c] == kEmpty && g.zone[c] != (side ^ 1)) return c;
      }
    };
    p.put(free_cell(o), make_piece(kOne, o));
    p.put(free_cell(s), make_piece(kOne, s));
    const int attackers = 2 + static_cast<int>(rng.below(3));
    for (int i = 0; i < attackers; ++i) p.put(free_cell(s), make_piece(kAttack[rng.below(10)], s));
    const int defenders = static_cast<int>(rng.below(3));
    for (int i = 0; i < defenders; ++i) p.put(free_cell(o), make_piece(kDefend[rng.below(6)], o));
    p.key = compute_hash(p);
    bool ok = !attacked(p, p.one[o], s);
    for (int c : g.step8[p.one[s]]) ok = ok && c != p.one[o];
    for (int c = 0; c < kCells; ++c)
      if (p.board[c] != kEmpty && is_roman(kind_of(p.board[c])) && g.promotes[colour_of(p.board[c])][c]) ok = false;
    if (ok) return p;
  }
}

TEST(TojmotEval, AMirroredPositionScoresOnlyTheTempo) {
  // The board is symmetric under y -> 18 - y (zones, promotion cells); the start position is
  // not (each side lays out from its own left), so this position mirrors every piece exactly.
  const EvalParams e;
  EXPECT_EQ(evaluate(pos("w W:1G1,7A5,IIC5,4L4,XE3 B:1G17,7A13,IIC13,4L14,XE15 0 1"), e), e.tempo);
  // Whoever is to move, the two views differ by the tempo only.
  const Position w = start_position();
  Position b = w;
  b.side = kBlack;
  EXPECT_EQ(evaluate(w, e) + evaluate(b, e), 2 * e.tempo);
}

TEST(TojmotEval, MaterialAdvanceAndParams) {
  EvalParams e;
  e.mate_gate = 0;  // the mating term counts plies to mate for the side to move: not symmetric
  const Position base = pos("w W:1G1,IIA9 B:1G17 0 1");
  const Position queen = pos("w W:1G1,IIA9,7A5 B:1G17 0 1");
  EXPECT_GT(evaluate(queen, e) - evaluate(base, e), e.seven);
  // A Roman one step from E15 is worth more than one far away.
  EXPECT_GT(evaluate(pos("w W:1G1,IID14 B:1G17 0 1"), e), evaluate(pos("w W:1G1,IID6 B:1G17 0 1"), e) + 50);
  // The score is for the side to move.
  EXPECT_EQ(evaluate(pos("b W:1G1,7A5 B:1G17 0 1"), e), -evaluate(pos("w W:1G1,7A5 B:1G17 0 1"), e) + 2 * e.tempo);

  const auto ok = parse_eval_params("seven=950,roman=90");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok->seven, 950);
  EXPECT_EQ(ok->roman, 90);
  EXPECT_EQ(ok->eight, EvalParams{}.eight);
  const auto bad = parse_eval_params("queen=900");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("unknown tojmot eval parameter 'queen'"), std::string::npos) << bad.error();
  EXPECT_FALSE(parse_eval_params("seven=many").ok());
}

TEST(TojmotEval, GainsAndNoisyMoves) {
  // White: a 7 that can take the 8 on A9, a Roman about to promote, a 4 that can give check.
  const Position p = pos("w W:1G1,7A5,IID14,4L8 B:1G17,8A9 0 1");
  EXPECT_EQ(move_gain(p, *parse_move(p, "a5a9")), EvalParams{}.eight);
  EXPECT_EQ(move_gain(p, *parse_move(p, "d14e15=2")), EvalParams{}.two - EvalParams{}.roman);
  EXPECT_EQ(move_gain(p, *parse_move(p, "l8l10")), 0);
  MoveList noisy, quiet_free;
  generate_noisy(p, noisy, true);
  generate_noisy(p, quiet_free, false);
  std::set<std::string> with, without;
  for (Move m : noisy) with.insert(move_to_text(p, m));
  for (Move m : quiet_free) without.insert(move_to_text(p, m));
  EXPECT_TRUE(with.count("a5a9"));
  EXPECT_TRUE(with.count("d14e15=2"));
  EXPECT_TRUE(without.count("a5a9"));
  EXPECT_EQ(with.size() - without.size(), 0u + [&] {
    int checks = 0;
    for (Move m : noisy) {
      Position q = p;
      Undo u;
      play(q, m, u);
      checks += in_check(q) && !is_capture(p, m) && !m.promo;
    }
    return checks;
  }());
  EXPECT_GT(with.size(), without.size());
}

TEST(TojmotSearch, ThirtyMatesInOneAndTwoAreSolved) {
  Rng rng(2026);
  const auto st = oyin::testing::run_mate_suite<Tojmot>([&] { return random_endgame(rng); }, 15, 15, 3000);
  EXPECT_EQ(st.in_one, 15);
  EXPECT_EQ(st.in_two, 15);
}

TEST(TojmotSearch, TheRulesFileMateInOne) {
  // Hand-checked position 1: the only mate in one is 8 J8-E3.
  const Position p = pos("b W:1G1 B:1G17,8J8,8E5 0 1");
  const auto out = search_depth(p, 3);
  ASSERT_FALSE(out.lines.empty());
  EXPECT_EQ(move_to_text(p, out.lines[0].move), "j8e3");
  EXPECT_EQ(out.lines[0].score, search::kWinScore - 1);
}

TEST(TojmotSearch, TheHundredPlyRuleAndNullMoveInsideTheSearch) {
  // A 7 up, but one reversible ply from the 100-ply draw: nothing can be won any more.
  const auto drawn = search_depth(pos("w W:1G1,7A5 B:1G17 99 80"), 6);
  ASSERT_FALSE(drawn.lines.empty());
  EXPECT_EQ(drawn.lines[0].score, 0);
  const auto fresh = search_depth(pos("w W:1G1,7A5 B:1G17 0 80"), 6);
  ASSERT_FALSE(fresh.lines.empty());
  EXPECT_GT(fresh.lines[0].score, EvalParams{}.seven / 2);

  Position p = start_position();
  const Position before = p;
  Undo u;
  play_null(p, u);
  EXPECT_EQ(p.side, kBlack);
  EXPECT_EQ(p.key, compute_hash(p));
  undo_null(p, u);
  EXPECT_EQ(p, before);
  EXPECT_TRUE(p.history.empty());
}

TEST(TojmotSearch, SameNodeLimitSameMoveAndNodeCount) {
  register_builtin_games();
  const GameAdapter* g = find_game("tojmot");
  ASSERT_NE(g, nullptr);
  auto st = g->new_game("", "");
  ASSERT_TRUE(st.ok());
  ASSERT_TRUE((*st)->play("g5f6").ok());
  SearchLimits lim;
  lim.nodes = 30000;
  auto a = make_engine("tojmot");
  auto b = make_engine("tojmot");
  EXPECT_EQ(a->name(), "oyin alpha-beta (tojmot)");
  const SearchResult ra = a->search(**st, lim, {}, nullptr);
  const SearchResult rb = b->search(**st, lim, {}, nullptr);
  EXPECT_FALSE(ra.best_move.empty());
  EXPECT_EQ(ra.best_move, rb.best_move);
  EXPECT_EQ(ra.info.nodes, 30000u);
  EXPECT_EQ(rb.info.nodes, 30000u);
  EXPECT_TRUE((*st)->play(ra.best_move).ok());
}

TEST(TojmotSearch, UciTranscriptWithTheTojmotVariant) {
  const auto r = oyin::testing::run_oyin(
      "uci", "setoption name UCI_Variant value tojmot\nposition startpos moves g5f6 i13j12 b4b6\ngo depth 5\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("info depth 5 "), std::string::npos) << r.out;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, std::regex(R"(\nbestmove ([a-n][0-9]+[a-n][0-9]+(=[2-9])?)( ponder \S+)?\n)")))
      << r.out;
  Position p = start_position();
  Undo u;
  for (const char* mv : {"g5f6", "i13j12", "b4b6"}) play(p, *parse_move(p, mv), u);
  EXPECT_TRUE(parse_move(p, m[1].str()).ok()) << m[1];
}

}  // namespace
}  // namespace oyin::tojmot
