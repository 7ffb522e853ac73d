#pragma once
// Tojmot move generation (rules: "Pieces", "The Toj's zone", "Check, mate, draws", "Promotion").
// Pseudo-legal targets follow the piece table; legality (own 1 never left attacked, 1s never
// adjacent) is decided from the checkers and pinned pieces of the position, so the opponent's
// moves are never generated to test a check.
#include "games/tojmot/position.h"

namespace oyin::tojmot {

// Is `cell` attacked by side `by`? Attacks follow the move patterns and pass through empty zone
// cells; the zone only forbids moving there. `ignore` is treated as empty (the 1 stepping away).
bool attacked(const Position& p, int cell, int by, int ignore = kNoCell);
// The side to move's 1 is attacked.
bool in_check(const Position& p);

// Every legal move of the side to move (empty on mate and stalemate; draw rules are not looked at).
void generate_moves(const Position& p, MoveList& list);
// The moves of the piece on `cell` by its pattern and the zone rules, ignoring check (for tests
// and for telling the user why a move is illegal).
void generate_piece_moves(const Position& p, int cell, MoveList& list);
int count_moves(const Position& p);
bool has_moves(const Position& p);  // count_moves(p) > 0, stopping at the first move

inline bool is_capture(const Position& p, Move m) { return p.board[m.to] != kEmpty; }
inline bool is_promotion(Move m) { return m.promo != 0; }
// The move resets the 100-ply count: a capture or a Roman/X move.
inline bool is_irreversible(const Position& p, Move m) {
  return is_capture(p, m) || is_roman(kind_of(p.board[m.from]));
}

// How often the current position (same side to move) has occurred since the last irreversible
// move, counting this occurrence; positions before a parsed position string are unknown.
int repetitions(const Position& p);
bool bare_ones(const Position& p);  // each side has only its 1

GameStatus status(const Position& p);

}  // namespace oyin::tojmot
