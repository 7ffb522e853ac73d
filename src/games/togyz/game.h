#pragma once
// The Togyz Kumalak module seen through the generic game surface (core/game.h).
#include <string>
#include <string_view>

#include "core/game.h"
#include "games/togyz/board.h"
#include "games/togyz/eval.h"
#include "games/togyz/notation.h"

namespace oyin::togyz {

struct Rules {  // Togyz Kumalak has no rule options
  friend bool operator==(const Rules&, const Rules&) = default;
};

std::string render(const Position& p, const Move* last, bool color);

struct Togyz {
  using Position = togyz::Position;
  using Move = togyz::Move;
  using MoveList = togyz::MoveList;
  using Undo = togyz::Position;  // copy-make: the position is 32 bytes
  using Rules = togyz::Rules;

  static constexpr std::string_view name = "togyz";
  static constexpr std::string_view title = "Togyz Kumalak";
  static constexpr std::string_view side_names[2] = {"white", "black"};
  static constexpr std::string_view record_format = "pgn";

  static Position start_position(const Rules&) { return togyz::start_position(); }
  static void generate_moves(const Position& p, MoveList& l) { togyz::generate_moves(p, l); }
  static void play(Position& p, Move m, Undo& u) {
    u = p;
    make_move<true>(p, m);
  }
  static Position child(const Position& p, Move m) {
    Position c = p;
    make_move<false>(c, m);
    return c;
  }
  static void undo(Position& p, Move, const Undo& u) { p = u; }
  static GameStatus status(const Position& p) { return togyz::status(p); }
  static std::uint64_t hash(const Position& p) { return p.key; }
  static Side side_to_move(const Position& p) { return p.side_to_move(); }
  static std::string position_to_text(const Position& p) { return to_fen(p); }
  // The FEN without its move number.
  static std::string identity_text(const Position& p) {
    std::string t = to_fen(p);
    return t.substr(0, t.rfind(' '));
  }
  static Result<Position> parse_position(std::string_view t, const Rules&) { return parse_fen(t); }
  static std::string move_to_text(const Position& p, Move m) { return togyz::move_to_text(p, m); }
  static std::string record_move_text(const Position& p, Move m) { return togyz::record_move_text(p, m); }
  static Result<Move> parse_move(const Position& p, std::string_view t) { return togyz::parse_move(p, t); }
  static Result<Rules> parse_rules(std::string_view text);
  static std::string rules_to_text(const Rules&) { return ""; }
  static int count_moves(const Position& p) { return togyz::count_moves(p); }
  static int count_replies(const Position& p, Move m) { return togyz::count_replies(p, m); }
  static std::uint64_t count_grandchildren(const Position& p) { return togyz::count_grandchildren(p); }
  static bool game_over(const Position& p) { return togyz::game_over(p); }
  static std::string render(const Position& p, const Move* last, bool color) {
    return togyz::render(p, last, color);
  }
  // Search hooks (search/game_hooks.h).
  using EvalParams = togyz::EvalParams;
  static int evaluate(const Position& p, const EvalParams& e) { return togyz::evaluate(p, e); }
  static Result<EvalParams> parse_eval_params(std::string_view t) { return togyz::parse_eval_params(t); }
  static std::optional<Status> eval_option(EvalParams& e, std::string_view name, std::string_view value) {
    return togyz::eval_option(e, name, value);
  }
  static void carry_eval_options(const EvalParams& from, EvalParams& to) { togyz::carry_eval_options(from, to); }
  static std::optional<std::string> eval_option_default(std::string_view name) { return togyz::eval_option_default(name); }
  static std::optional<togyz::Margins> search_margins(const EvalParams& e) { return togyz::search_margins(e); }
  static int move_gain(const Position& p, Move m) { return togyz::move_gain(p, m); }
  static void generate_noisy(const Position& p, MoveList& l) { togyz::generate_noisy(p, l); }
  static void result_bounds(const Position& p, int& lo, int& hi) { togyz::result_bounds(p, lo, hi); }
  static bool exact_endgame(const Position& p) { return togyz::exact_endgame(p); }
  static Result<std::vector<GameRecord>> read_records(std::string_view text) { return read_pgn(text); }
  static std::string write_record(const GameRecord& r, const Rules&, const Position& start) {
    return write_pgn(r, start);
  }
};

static_assert(GameTraits<Togyz>);

}  // namespace oyin::togyz
