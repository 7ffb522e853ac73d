#pragma once
// Tojmot position: a cell-indexed board plus per-side piece lists, side to move, half-move clock,
// repetition history and an incrementally kept Zobrist key (rules: ../shared/rules/tojmot.md).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/move_list.h"
#include "core/outcome.h"
#include "games/tojmot/geometry.h"
#include "games/tojmot/pieces.h"

namespace oyin::tojmot {

constexpr int kMaxPieces = 18;  // per side
constexpr int kWhite = 0, kBlack = 1;

// The rule options (rules: the named options and their defaults).
struct Rules {
  bool own_pieces_in_zone = true;  // own pieces other than the 1 may enter their own zone
  bool piece6_both = false;        // the 6 also leaps (+-4,+-2)
  bool threefold = true;           // threefold repetition is a draw
  bool fifty_move = true;          // 100 plies without a capture or a Roman/X move is a draw
  friend bool operator==(const Rules&, const Rules&) = default;
};

struct Move {
  std::uint8_t from = 0, to = 0;
  std::uint8_t promo = 0;  // the Arabic kind 2..9 a Roman/X becomes, 0 when it is no promotion
  friend bool operator==(Move, Move) = default;
};
// No position has more: 17 pieces times the longest reach of any kind (a 7 in the middle, 34
// cells), the 1's 8 steps and the X's extra promotion choices (checked in geometry_test).
constexpr int kMaxMoves = 640;
using MoveList = oyin::MoveList<Move, kMaxMoves>;

// Everything about a position but its past: what a check test or a legality probe copies.
struct PositionState {
  std::array<Piece, kCells> board{};
  // Cells of each side's pieces; slot[c] is the index of the piece on c in its side's list.
  std::array<std::array<std::uint8_t, kMaxPieces>, 2> list{};
  std::array<std::uint8_t, kCells> slot{};
  std::array<std::uint8_t, 2> count{};
  std::array<std::array<std::uint8_t, kKinds>, 2> kinds{};  // how many of each kind a side has
  std::array<std::uint8_t, 2> one{};                         // the cell of each side's 1
  std::uint8_t side = kWhite;
  std::uint32_t clock = 0;        // plies since the last capture or Roman/X move
  std::uint32_t move_number = 1;  // incremented after Black's move
  std::uint64_t key = 0;
  Rules rules;
};

struct Position : PositionState {
  // Keys of the positions before each move played on this object (not part of the position
  // string, so not part of equality: two positions are equal when the same game state is on
  // the board, whatever path led there). Repetitions are looked for in the last `clock` entries.
  // It grows with the game: code that plays a move only to look at the result (check and mate
  // marks) copies the PositionState alone, so a long game's replay stays linear.
  std::vector<std::uint64_t> history;

  Position() = default;
  // The state alone, with an empty history (a probe copy: repetitions are not looked at).
  explicit Position(const PositionState& s) : PositionState(s) {}

  friend bool operator==(const Position& a, const Position& b) {
    return a.board == b.board && a.side == b.side && a.clock == b.clock &&
           a.move_number == b.move_number && a.key == b.key && a.rules == b.rules;
  }
  Side side_to_move() const { return static_cast<Side>(side); }
  void put(int cell, Piece p);  // for building positions; keeps lists, counts and key in step
};

// What play() needs to take a move back.
struct Undo {
  Piece moved = kEmpty, captured = kEmpty;
  std::uint8_t captured_slot = 0;
  std::uint32_t clock = 0;
  std::uint64_t key = 0;
};

Position empty_position(const Rules& rules);
Position start_position(const Rules& rules = {});
std::uint64_t compute_hash(const Position& p);

void play(Position& p, Move m, Undo& u);
void undo(Position& p, Move m, const Undo& u);
// The search's null move: the other side is to move, nothing else changes; the clock restarts
// so no repetition is looked for across it.
void play_null(Position& p, Undo& u);
void undo_null(Position& p, const Undo& u);

}  // namespace oyin::tojmot
