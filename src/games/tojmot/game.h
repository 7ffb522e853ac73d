#pragma once
// The Tojmot module seen through the generic game surface (core/game.h).
#include <algorithm>
#include <string>
#include <string_view>

#include "core/game.h"
#include "games/tojmot/eval.h"
#include "games/tojmot/movegen.h"
#include "games/tojmot/notation.h"
#include "games/tojmot/position.h"

namespace oyin::tojmot {

struct Tojmot {
  using Position = tojmot::Position;
  using Move = tojmot::Move;
  using MoveList = tojmot::MoveList;
  using Undo = tojmot::Undo;  // make/unmake: the position with its lists is ~300 bytes
  using Rules = tojmot::Rules;

  static constexpr std::string_view name = "tojmot";
  static constexpr std::string_view title = "Tojmot";
  static constexpr std::string_view side_names[2] = {"white", "black"};
  static constexpr std::string_view record_format = "pgn";
  // "Perft ignores all draw rules": only mate and stalemate (no moves) end the tree.
  static constexpr bool perft_ignores_status = true;

  static Position start_position(const Rules& r) { return tojmot::start_position(r); }
  static void generate_moves(const Position& p, MoveList& l) { tojmot::generate_moves(p, l); }
  static void play(Position& p, Move m, Undo& u) { tojmot::play(p, m, u); }
  static void undo(Position& p, Move m, const Undo& u) { tojmot::undo(p, m, u); }
  static GameStatus status(const Position& p) { return tojmot::status(p); }
  static std::uint64_t hash(const Position& p) { return p.key; }
  static Side side_to_move(const Position& p) { return p.side_to_move(); }
  static std::string position_to_text(const Position& p) { return to_text(p); }
  // The position text without its two counters (the quiet-move clock and the move number).
  static std::string identity_text(const Position& p) {
    std::string t = to_text(p);
    t.erase(t.rfind(' '));
    return t.substr(0, t.rfind(' '));
  }
  static Result<Position> parse_position(std::string_view t, const Rules& r) { return tojmot::parse_position(t, r); }
  static std::string move_to_text(const Position& p, Move m) { return tojmot::move_to_text(p, m); }
  static std::string record_move_text(const Position& p, Move m) { return tojmot::record_move_text(p, m); }
  static Result<Move> parse_move(const Position& p, std::string_view t) { return tojmot::parse_move(p, t); }
  static Result<Rules> parse_rules(std::string_view text) { return tojmot::parse_rules(text); }
  static std::string rules_to_text(const Rules& r) { return tojmot::rules_to_text(r); }
  static int count_moves(const Position& p) { return tojmot::count_moves(p); }
  static std::string render(const Position& p, const Move* last, bool color) { return tojmot::render(p, last, color); }
  static Result<std::vector<GameRecord>> read_records(std::string_view text) { return read_pgn(text); }
  static std::string write_record(const GameRecord& r, const Rules& rules, const Position& start) {
    return write_pgn(r, rules, start);
  }
  // For the search: cheap questions about a position or move.
  static bool in_check(const Position& p) { return tojmot::in_check(p); }
  static bool is_capture(const Position& p, Move m) { return tojmot::is_capture(p, m); }
  static bool is_promotion(const Position&, Move m) { return tojmot::is_promotion(m); }
  // Search hooks (search/game_hooks.h).
  using EvalParams = tojmot::EvalParams;
  static int evaluate(const Position& p, const EvalParams& e) { return tojmot::evaluate(p, e); }
  static Result<EvalParams> parse_eval_params(std::string_view t) { return tojmot::parse_eval_params(t); }
  static std::optional<Status> eval_option(EvalParams& e, std::string_view name, std::string_view value) {
    return tojmot::eval_option(e, name, value);
  }
  static void carry_eval_options(const EvalParams& from, EvalParams& to) { tojmot::carry_eval_options(from, to); }
  static std::optional<std::string> eval_option_default(std::string_view name) { return tojmot::eval_option_default(name); }
  static int move_gain(const Position& p, Move m) { return tojmot::move_gain(p, m); }
  static void generate_noisy(const Position& p, MoveList& l, bool checks = true) { tojmot::generate_noisy(p, l, checks); }
  static bool exact_endgame(const Position& p) { return tojmot::exact_endgame(p); }
  // Without the 100-ply rule the clock still bounds the repetition look-back, never reaching 100.
  static int halfmove_clock(const Position& p) { return p.rules.fifty_move ? p.clock : std::min<int>(p.clock, 99); }
  static constexpr bool kNullMove = true;  // exact_endgame() turns it off where zugzwang is real
  static void play_null(Position& p, Undo& u) { tojmot::play_null(p, u); }
  static void undo_null(Position& p, const Undo& u) { tojmot::undo_null(p, u); }
};

static_assert(GameTraits<Tojmot>);

}  // namespace oyin::tojmot
