#pragma once
// Togyz Kumalak position and move making (rules: ../shared/rules/togyz-kumalak.md).
// Pits are indexed 0..17: W1..W9 then B1..B9, which is also the sowing order.
#include <array>
#include <cstdint>

#include "core/move_list.h"
#include "core/outcome.h"

namespace oyin::togyz {

constexpr int kPits = 18;
constexpr int kStones = 162;
constexpr int kWinKazan = 82;  // more than 81 wins at once
constexpr int kNoTuzdyk = -1;

struct Move {
  std::uint8_t pit = 0;  // 0..8, the mover's pit number minus one
  friend bool operator==(Move, Move) = default;
};
using MoveList = oyin::MoveList<Move, 9>;

struct Position {
  std::array<std::uint8_t, kPits> pits{};
  std::array<std::uint8_t, 2> kazan{};
  // tuzdyk[s]: global index of the pit owned by side s (it lies on the opponent's row), or -1.
  std::array<std::int8_t, 2> tuzdyk{kNoTuzdyk, kNoTuzdyk};
  std::uint8_t side = 0;  // 0 = White (south), 1 = Black (north)
  std::uint16_t move_number = 1;
  std::uint64_t key = 0;

  friend bool operator==(const Position&, const Position&) = default;

  Side side_to_move() const { return static_cast<Side>(side); }
  // Who owns pit i when it is a tuzdyk: 0/1, or -1 when it is not one.
  int tuzdyk_owner(int i) const { return tuzdyk[0] == i ? 0 : tuzdyk[1] == i ? 1 : -1; }
  int landing(Move m) const;  // global index of the last stone's pit
};

Position start_position();
std::uint64_t compute_hash(const Position& p);

// A non-empty own pit is the only kind of move; a finished game still has these moves and
// status() is what says it is over.
inline void generate_moves(const Position& p, MoveList& list) {
  const int base = p.side * 9;
  for (int i = 0; i < 9; ++i)
    if (p.pits[base + i]) list.push(Move{static_cast<std::uint8_t>(i)});
}

struct MoveEffect {
  int landing = 0;       // global pit index of the last stone
  int captured = 0;      // stones taken from the landing pit (even capture)
  bool tuzdyk = false;   // the move created the mover's tuzdyk
};

// Plays m for the side to move. With UpdateHash=false the key is left stale (perft only).
template <bool UpdateHash = true>
MoveEffect make_move(Position& p, Move m);

GameStatus status(const Position& p);

// Children count of p for perft: 0 when the game is over.
int count_moves(const Position& p);
// Children count of the position after m, computed without playing m.
int count_replies(const Position& p, Move m);
// perft(p, 2): count_replies summed over every move of p, sharing the work between moves.
std::uint64_t count_grandchildren(const Position& p);
// status(p).over() without building a GameStatus.
bool game_over(const Position& p);

}  // namespace oyin::togyz
