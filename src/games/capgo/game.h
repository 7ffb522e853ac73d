#pragma once
// The capture Go module seen through the generic game surface (core/game.h).
#include <string>
#include <string_view>

#include "core/game.h"
#include "games/capgo/board.h"
#include "games/capgo/notation.h"
#include "games/capgo/sgf.h"

namespace oyin::capgo {

// Board drawing with GTP coordinates, capture counters and targets; `last` is highlighted.
std::string render(const Position& p, const Move* last, bool color);

struct CaptureGo {
  using Position = capgo::Position;
  using Move = capgo::Move;
  using MoveList = capgo::MoveList;
  using Undo = capgo::Undo;
  using Rules = capgo::Rules;

  static constexpr std::string_view name = "capgo";
  static constexpr std::string_view title = "Capture Go";
  static constexpr std::string_view side_names[2] = {"black", "white"};
  static constexpr std::string_view record_format = "sgf";

  // parse_rules has already checked that the setup is playable, so this cannot fail.
  static Position start_position(const Rules& r) { return make_start(r).value(); }
  static void generate_moves(const Position& p, MoveList& l) { capgo::generate_moves(p, l); }
  static void play(Position& p, Move m, Undo& u) { capgo::play(p, m, u); }
  static void undo(Position& p, Move m, const Undo& u) { capgo::undo(p, m, u); }
  static GameStatus status(const Position& p) { return capgo::status(p); }
  static std::uint64_t hash(const Position& p) { return position_hash(p); }
  static Side side_to_move(const Position& p) { return p.side_to_move(); }
  static std::string position_to_text(const Position& p) { return to_text(p); }
  static std::string identity_text(const Position& p) { return symmetric_identity(p); }
  static Result<Position> parse_position(std::string_view t, const Rules& r) { return capgo::parse_position(t, r); }
  static std::string move_to_text(const Position& p, Move m) { return capgo::move_to_text(p, m); }
  static std::string record_move_text(const Position& p, Move m) { return capgo::move_to_text(p, m); }
  static Result<Move> parse_move(const Position& p, std::string_view t) { return capgo::parse_move(p, t); }
  static Result<Rules> parse_rules(std::string_view text) {
    auto r = capgo::parse_rules(text);
    if (!r) return r;
    if (auto start = make_start(*r); !start) return make_error(start.error());
    return r;
  }
  static std::string rules_to_text(const Rules& r) { return capgo::rules_to_text(r); }
  static int count_moves(const Position& p) { return capgo::count_moves(p); }
  static bool game_over(const Position& p) { return is_over(p); }  // status() without the reason text
  static std::string render(const Position& p, const Move* last, bool color) { return capgo::render(p, last, color); }
  static Result<std::vector<GameRecord>> read_records(std::string_view text) { return read_sgf(text); }
  static std::string check_recorded_result(const Position& end, const GameRecord& r) {
    return capgo::check_recorded_result(end, r);
  }
  static std::string write_record(const GameRecord& r, const Rules& rules, const Position& start) {
    return write_sgf(r, rules, start);
  }
};

static_assert(GameTraits<CaptureGo>);

}  // namespace oyin::capgo
