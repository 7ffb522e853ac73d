#pragma once
// Capture Go position and move making (rules: ../shared/rules/capture-go.md).
//
// Board: a padded array of stride N+1 (one border column shared by neighbouring rows, a border
// row below and above), so the four neighbours of a point are p±1 and p±stride.
// Chains are kept incrementally: every stone knows its chain's head and the next stone of the
// chain (a circular list, so merging two chains is one swap); each head holds the chain's
// pseudo-liberties (one per stone/empty-neighbour adjacency) as count, sum and sum of squares:
// a chain is in atari exactly when all its pseudo-liberties are the same point, i.e. when
// count * sum_sq == sum * sum. Legality of a move is then four neighbour look-ups.
//
// Superko: `history` holds the stones-only Zobrist key of every position of the game so far
// (the current one last; a pass adds none, as a pass creates no new position). It is the game's
// past, not the position: operator== and the position text leave it out, and a position parsed
// from text starts a fresh history. A move can only repeat an earlier position when stones have
// been captured since then, so the scan is skipped until the first capture (see check_point),
// and a bucket count of all history keys (`seen`) answers most of the rest without a scan.
#include <array>
#include <cstdint>
#include <vector>

#include "core/move_list.h"
#include "core/outcome.h"
#include "games/capgo/rules.h"

namespace oyin::capgo {

constexpr int kMaxPoints = (kMaxSize + 2) * (kMaxSize + 1);
enum Color : std::uint8_t { kEmpty = 0, kBlack = 1, kWhite = 2, kBorder = 3 };

// point: a board index; two border indices stand for the non-placing moves.
struct Move {
  std::uint16_t point = 0;
  friend bool operator==(Move, Move) = default;
};
constexpr Move kPass{0};
constexpr Move kResign{1};
using MoveList = oyin::MoveList<Move, kMaxSize * kMaxSize + 1>;

struct Chain {
  std::uint16_t libs;     // pseudo-liberties
  std::uint16_t stones;
  std::uint32_t lib_sum;  // sum of the pseudo-liberty indices
  std::uint32_t lib_sq;   // sum of their squares
  std::uint64_t key;      // xor of the stones' Zobrist keys: what a capture removes from the hash
};

// One pseudo-liberty more or less for a chain (the rules core and the playout board share these).
inline void add_lib(Chain& c, int p) {
  c.libs += 1;
  c.lib_sum += static_cast<std::uint32_t>(p);
  c.lib_sq += static_cast<std::uint32_t>(p * p);
}
inline void remove_lib(Chain& c, int p) {
  c.libs -= 1;
  c.lib_sum -= static_cast<std::uint32_t>(p);
  c.lib_sq -= static_cast<std::uint32_t>(p * p);
}

struct Position {
  // Settings that shape play (the rest of Rules, the setup, only builds the start position).
  std::uint8_t size = 9;
  std::uint8_t stride = 10;
  std::uint16_t npoints = 110;
  std::array<std::uint16_t, 2> target{1, 1};
  bool pass_allowed = true;

  std::uint8_t to_move = 0;        // 0 black, 1 white
  std::array<std::uint16_t, 2> captures{};  // stones captured by black, by white
  std::uint8_t passes = 0;         // consecutive passes just played
  std::int8_t resigned = -1;       // side that resigned, or -1
  std::uint32_t last_capture = 0;  // history index of the position the last capture made
  std::uint64_t stones_key = 0;    // Zobrist key of the stones only (superko)

  std::array<std::uint8_t, kMaxPoints> color{};
  std::array<std::uint16_t, kMaxPoints> head{};
  std::array<std::uint16_t, kMaxPoints> next{};
  std::array<Chain, kMaxPoints> chain{};
  std::vector<std::uint64_t> history;
  // How many history keys fall in each bucket (top bits of the key): most superko questions are
  // answered "never seen" here without scanning the history.
  std::array<std::uint16_t, 2048> seen{};
  static int bucket(std::uint64_t key) { return static_cast<int>(key >> 53); }
  void remember(std::uint64_t key) {
    history.push_back(key);
    ++seen[static_cast<std::size_t>(bucket(key))];
  }
  void forget_last() {
    --seen[static_cast<std::size_t>(bucket(history.back()))];
    history.pop_back();
  }

  Side side_to_move() const { return static_cast<Side>(to_move); }
  int index(int x, int y) const { return (y + 1) * stride + x + 1; }
  int x_of(int p) const { return p % stride - 1; }
  int y_of(int p) const { return p / stride - 1; }
  bool on_board(int p) const { return p > stride && p < npoints - stride && p % stride != 0; }
  bool in_atari(int h) const {
    const Chain& c = chain[h];
    return std::uint64_t{c.libs} * c.lib_sq == std::uint64_t{c.lib_sum} * c.lib_sum;
  }
  // Equal stones, side, counters and settings; the history is the game's, not the position's.
  friend bool operator==(const Position& a, const Position& b);
};

// What play() overwrites, copied for the used part of the board only (copy-make is cheaper
// than undoing chain merges). Deliberately left uninitialised: perft creates one per node.
struct Undo {
  std::uint8_t to_move, passes;
  std::int8_t resigned;
  std::array<std::uint16_t, 2> captures;
  std::uint32_t last_capture;
  std::uint64_t stones_key;
  std::uint32_t history_size;
  std::array<std::uint8_t, kMaxPoints> color;
  std::array<std::uint16_t, kMaxPoints> head;
  std::array<std::uint16_t, kMaxPoints> next;
  std::array<Chain, kMaxPoints> chain;
};

// What play_quiet() changes: the chains next to the stone (merged into its chain or one
// liberty short), so taking it back restores a few entries instead of the whole board.
struct QuietUndo {
  std::uint8_t to_move, passes;
  std::uint16_t point;
  std::uint64_t stones_key;
  std::uint32_t history_size;
  int n;                         // saved entries: the point itself, then the neighbouring heads
  std::uint16_t at[5];
  std::uint16_t head[5], next[5];
  Chain chain[5];
};

// Board of the rules' size with its setup stones, Black to move. Fails when a setup chain has
// no liberty.
Result<Position> make_start(const Rules& rules);
// A position of the rules' size and settings from stones given as colours per point.
Result<Position> from_stones(const Rules& rules, const std::vector<std::uint8_t>& stones_xy, int to_move,
                             int captures_black, int captures_white, int passes);

std::uint64_t stone_key(int color, int point);
std::uint64_t position_hash(const Position& p);  // from stones_key and the counters
std::uint64_t compute_hash(const Position& p);   // the same from scratch (tests)

enum class Illegal { None, Occupied, Suicide, Superko, PassForbidden, GameOver, OffBoard };
// Full legality of placing a stone of the side to move at board index p (game not over).
Illegal check_point(const Position& pos, int p);
inline bool is_legal(const Position& pos, int p) { return check_point(pos, p) == Illegal::None; }

void generate_moves(const Position& pos, MoveList& list);
int count_moves(const Position& pos);  // children for perft: 0 when the game is over
bool has_legal_move(const Position& pos);

// Plays a legal move; returns the number of stones it captured.
int play(Position& pos, Move m, Undo& u);
void undo(Position& pos, Move m, const Undo& u);
// play() of a legal stone at p that captures nothing, with a small undo record (for searches
// that make many such moves). Returns false, and changes nothing, if the stone would capture.
bool play_quiet(Position& pos, int p, QuietUndo& u);
void undo_quiet(Position& pos, const QuietUndo& u);

// What `f()` returns with a legal stone of the side to move on p, taken back after: quietly
// where it captures nothing (the rule in searches), else by play() and its full copy, kept out
// of the quiet path's stack frame.
template <class F>
[[gnu::noinline]] auto with_capturing_stone(Position& pos, int p, F& f) {
  const Move m{static_cast<std::uint16_t>(p)};
  Undo u;
  play(pos, m, u);
  auto r = f();
  undo(pos, m, u);
  return r;
}
template <class F>
auto with_stone(Position& pos, int p, F&& f) {
  QuietUndo q;
  if (!play_quiet(pos, p, q)) return with_capturing_stone(pos, p, f);
  auto r = f();
  undo_quiet(pos, q);
  return r;
}

GameStatus status(const Position& pos);
bool is_over(const Position& pos);
// is_over() but for the side to move having no legal move (passing forbidden): a resignation, a
// capture target reached or two passes.
bool ended_by_play(const Position& pos);

}  // namespace oyin::capgo
