// The hooks Togyz does not use (repetition and the 100-ply rule, null move, check) exercised on
// a toy game, so a game that needs them (Tojmot) plugs into a search already tested with them.
//
// The toy: a token on cells 0..4; the side to move shifts it one cell left or right. The first
// player wins when it reaches 4, the second when it reaches 0. From the middle neither side can
// force anything: best play repeats for ever, which only a repetition rule calls a draw.
#include <gtest/gtest.h>

#include "core/move_list.h"
#include "search/alphabeta.h"

namespace oyin::toy {
namespace {

struct Position {
  int token = 2;
  int side = 0;
  int clock = 0;  // plies since the last irreversible move (all moves are reversible here)
};
struct Move {
  std::int8_t step = 1;
  friend bool operator==(Move, Move) = default;
};
struct Rules {};
struct Params {};

struct Toy {
  using Position = toy::Position;
  using Move = toy::Move;
  using MoveList = oyin::MoveList<Move, 2>;
  using Undo = toy::Position;
  using Rules = toy::Rules;
  using EvalParams = Params;
  static constexpr std::string_view name = "toy";
  static Position start_position(const Rules&) { return {}; }
  static void generate_moves(const Position&, MoveList& l) {
    l.push(Move{1});
    l.push(Move{-1});
  }
  static void play(Position& p, Move m, Undo& u) {
    u = p;
    p.token += m.step;
    p.side ^= 1;
    ++p.clock;
  }
  static void undo(Position& p, Move, const Undo& u) { p = u; }
  static GameStatus status(const Position& p) {
    if (p.token >= 4) return GameStatus::win(Side::First, "right end");
    if (p.token <= 0) return GameStatus::win(Side::Second, "left end");
    return GameStatus::ongoing();
  }
  static std::uint64_t hash(const Position& p) { return static_cast<std::uint64_t>(p.token * 2 + p.side) * 0x9E3779B97F4A7C15ULL; }
  static Side side_to_move(const Position& p) { return static_cast<Side>(p.side); }
  static std::string position_to_text(const Position& p) { return std::to_string(p.token); }
  static Result<Position> parse_position(std::string_view, const Rules&) { return Position{}; }
  static std::string move_to_text(const Position&, Move m) { return m.step > 0 ? "R" : "L"; }
  static Result<Move> parse_move(const Position&, std::string_view t) { return Move{static_cast<std::int8_t>(t == "R" ? 1 : -1)}; }
  static Result<Rules> parse_rules(std::string_view) { return Rules{}; }
  static std::string rules_to_text(const Rules&) { return ""; }

  // Search hooks: a positional score that grows every other ply, so that without the repetition
  // rule the search scores the middle by the parity of its depth, never as a draw.
  static int evaluate(const Position& p, const Params&) { return (p.side == 0 ? 1 : -1) * (p.token - 2) * 100 + 10; }
  static Result<Params> parse_eval_params(std::string_view) { return Params{}; }
  static int halfmove_clock(const Position& p) { return p.clock; }
  static bool in_check(const Position& p) { return p.token == 1 || p.token == 3; }
  static constexpr bool kNullMove = true;
  static void play_null(Position& p, Undo& u) {
    u = p;
    p.side ^= 1;
  }
  static void undo_null(Position& p, const Undo& u) { p = u; }
};
static_assert(search::SearchableGame<Toy>);
static_assert(search::HasHalfmoveClock<Toy> && search::HasInCheck<Toy> && search::HasNullMove<Toy>);

search::SearchOutput<Move> run(const Position& p, int depth, const std::vector<std::uint64_t>& history = {}) {
  search::TranspositionTable tt(1);
  search::AlphaBeta<Toy> ab(tt, Params{});
  search::Config cfg;
  cfg.max_depth = depth;
  return ab.run(p, history, cfg, {});
}

TEST(ToyGame, RepetitionMakesTheMiddleADraw) {
  for (int depth : {5, 8, 9, 12}) {
    const auto out = run(Position{}, depth);
    ASSERT_FALSE(out.lines.empty());
    EXPECT_EQ(out.lines[0].score, 0) << "depth " << depth;
    EXPECT_EQ(out.lines[0].move, Move{1}) << "moving left lets the second player win";
  }
}

TEST(ToyGame, AForcedWinIsFoundWithItsDistance) {
  Position p;
  p.token = 3;  // the first player steps onto 4
  const auto out = run(p, 4);
  EXPECT_EQ(out.lines[0].score, search::kWinScore - 1);
  EXPECT_EQ(out.lines[0].move, Move{1});
  p.side = 1;  // the second player must step back to 2 (onto 4 loses at once)
  const auto back = run(p, 6);
  EXPECT_EQ(back.lines[0].move, Move{-1});
  EXPECT_EQ(back.lines[0].score, 0);
}

TEST(ToyGame, HundredPlyRuleAndGameHistory) {
  // Second player on cell 3: stepping back to 2 is the only sane move; there the first player
  // has the 10-point tempo, so the plain score is -10.
  Position p{3, 1, 0};
  EXPECT_EQ(run(p, 1).lines[0].score, -10);
  p.clock = 99;  // the reply is the 100th reversible ply: a draw, whatever the evaluation says
  EXPECT_EQ(run(p, 1).lines[0].score, 0);
  // The game went start -> R; stepping back repeats the start position: a draw by repetition.
  p.clock = 1;
  EXPECT_EQ(run(p, 1, {Toy::hash(Position{})}).lines[0].score, 0);
}

}  // namespace
}  // namespace oyin::toy
