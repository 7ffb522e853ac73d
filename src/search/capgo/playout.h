#pragma once
// Monte-Carlo playouts for capture Go on a light copy of the position.
//
// FastBoard keeps the rules core's chain layout (so search/capgo/tactics.h works on both) plus a list
// of empty points for O(1) random picks, a simple-ko point instead of the superko history
// (playouts only estimate; the tree and the solver use the exact rules), and a lazy list of
// chains that may be in atari, so "is there a capture / a threat" is cheap.
//
// Two policies:
//   light: uniform random legal move that does not fill an own eye;
//   full:  knows the game: takes a capture that reaches the target, saves own chains whose
//          capture would lose, takes other captures, ataris the opponent near its last move,
//          avoids self-atari; otherwise random.
// Both pass to win when the opponent has just passed and the count is in their favour.
#include <array>
#include <cstdint>

#include "core/random.h"
#include "games/capgo/board.h"

namespace oyin::capgo {

enum class Policy { Light, Full };

struct FastBoard {
  int size = 0, stride = 0, npoints = 0;
  int target[2] = {1, 1};
  int captures[2] = {0, 0};
  int to_move = 0;
  int passes = 0;
  bool pass_allowed = true;
  int ko = 0;                   // point the side to move may not play (simple ko), 0 = none
  int last = 0;                 // point of the last move, 0 after a pass
  int winner = -1;              // -1 ongoing, 0 black, 1 white, 2 draw
  int nempty = 0;
  int natari = 0;
  bool track_atari = true;      // keep `atari` (only the full policy reads it)
  std::array<std::uint8_t, kMaxPoints> color;
  std::array<std::uint16_t, kMaxPoints> head;
  std::array<std::uint16_t, kMaxPoints> next;
  std::array<Chain, kMaxPoints> chain;
  std::array<std::uint16_t, kMaxPoints> empty;     // the empty points, unordered
  std::array<std::uint16_t, kMaxPoints> empty_at;  // index of a point in `empty`
  std::array<std::uint16_t, 64> atari;             // heads that were in atari when last touched

  void init(const Position& pos);
  bool legal(int p) const;
  void play(int p);  // a legal point
  void pass();
  // The side to move has no legal move and may not pass: it loses (rules, "The game ends").
  void lose_on_no_move() { winner = to_move ^ 1; }
  // The result when a playout is cut short: the count decides, as after two passes.
  int count_winner() const { return captures[0] > captures[1] ? 0 : captures[1] > captures[0] ? 1 : 2; }

 private:
  void add_empty(int p);
  void remove_empty(int p);
  void note_atari(int h);
  int remove_chain(int h);
};

// Plays the position out; returns the winner (0 black, 1 white, 2 draw).
int playout(FastBoard& b, Policy policy, Rng& rng, int max_moves);
// The playout policy's move for the side to move: a point, 0 for pass, -1 for no move at all.
int policy_move(FastBoard& b, Policy policy, Rng& rng);

}  // namespace oyin::capgo
