#pragma once
// Perfect play in the three-piece endings: a 1 and one piece (2..9) against a bare 1, under the
// default rule options. Built by retrograde analysis on first use (89^3 * 2 positions, about
// 0.2 s and 1.4 MB a kind), so nothing is shipped: for each position, the plies to mate with best play on both sides,
// or none when the side with the piece cannot force mate (the bare 1 takes the piece, stalemate,
// or it runs for ever). The 100-ply rule is not looked at: a mate further off than the clock
// allows is still a mate here.
//
// The evaluation uses it twice (games/tojmot/eval.cpp): with three pieces left a position without
// a forced mate is a draw, and while a big army hunts a nearly bare 1 the plies to mate of its 1
// and its best mating piece alone guide it (the army walks toward the mate the piece would give).
#include <cstdint>
#include <vector>

#include "games/tojmot/position.h"

namespace oyin::tojmot {

class MatingTable {
 public:
  static constexpr int kNone = 255;  // no forced mate

  // The table of kind (2..9), built on first use; safe from several threads.
  static const MatingTable& of(int kind);

  // The side with the piece is White here (Black's positions are looked up mirrored, rows
  // 1..17 turned over). strong_one, piece, lone_one: cells; strong_to_move: whose move.
  // Plies to mate from there (odd when the strong side moves, even when the bare 1 moves; 0: the
  // bare 1 is mated), or kNone. Positions that cannot occur (cells shared, 1s touching, the
  // side not to move in check, a piece in a zone it may not enter) give kNone.
  int plies(int strong_one, int piece, int lone_one, bool strong_to_move) const {
    return dtm_[index(strong_one, piece, lone_one, strong_to_move)];
  }
  int kind() const { return kind_; }
  std::size_t wins() const { return wins_; }   // positions, either side to move, with a forced mate
  int longest() const { return longest_; }     // the most plies to mate of any position

  // The cell turned over (rows 1..17 reversed): where Black's position is White's.
  static int mirror(int cell);

 private:
  explicit MatingTable(int kind);
  static std::size_t index(int a, int b, int c, bool strong_to_move) {
    return ((static_cast<std::size_t>(a) * kCells + static_cast<std::size_t>(b)) * kCells + static_cast<std::size_t>(c)) * 2 +
           (strong_to_move ? 0 : 1);
  }
  int kind_;
  std::vector<std::uint8_t> dtm_;
  std::size_t wins_ = 0;
  int longest_ = 0;
};

// What the table says of a position: found when it has exactly a 1 and one piece (2..9) against
// a bare 1 under the default rule options; then mate (a forced mate, `plies` away, that the side
// to move gives when win, suffers otherwise) or none (no mate can be forced).
struct TableResult {
  bool found = false;
  bool mate = false;
  bool win = false;
  int plies = 0;
};
TableResult probe_mating_table(const Position& p);

}  // namespace oyin::tojmot
