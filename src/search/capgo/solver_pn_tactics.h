#pragma once
// What proof-number search reads at a node before it searches it: the value the tactics alone
// decide (settle()), and the numbers a new child starts with (how many replies a quiet move
// leaves, whether the opponent can answer it with an atari). Shared by the search (solver_pn.h)
// and the simulations (solver_simulation.h).
#include <algorithm>
#include <cstdint>

#include "games/capgo/board.h"
#include "search/capgo/solver_entries.h"
#include "search/capgo/solver_moves.h"
#include "search/capgo/solver_run.h"

namespace oyin::capgo::solver {

// The side to move's chains with two liberties or fewer, for leaves_atari(): on boards of up to
// 64 points the points that are a liberty of every one of them (where a stone joins them all),
// else their heads.
struct Shorts {
  bool masks = false;
  std::uint64_t common = 0;
  int heads[8];
  int n = 0;
};

class PnTactics {
 public:
  PnTactics(SolverRun& run, ThreatReader& tr) : run_(run), tr_(tr) {}

  // Where proof-number search applies: every capture ends the game (both sides one capture from
  // the target, passing forbidden), so there are no draws, no capture inside the tree and no
  // repetition, and every position is a table entry.
  static bool applies(const Position& pos) {
    return !pos.pass_allowed && pos.last_capture == 0 && pos.target[0] && pos.target[1] &&
           pos.target[0] == pos.captures[0] + 1 && pos.target[1] == pos.captures[1] + 1;
  }

  // The value of a node decided by the tactics alone (+1 win, -1 loss for the side to move, 0
  // not decided); when not decided, `zone` may be narrowed to the moves that can matter.
  int settle(Position& pos, Threats& threats, Zone& zone, bool& zoned, bool open = false, bool unzoned = false) {
    zoned = false;
    tr_.compute_libs(pos);
    // is_over(), without its look for a legal move where a stone next to an empty point is one
    // (before the first capture nothing can repeat).
    if (!open && (tr_.free_point() && pos.last_capture == 0 ? ended_by_play(pos) : is_over(pos)))
      return SolverRun::terminal_value(pos);
    // Every capture ends the game here (applies()) and none can be illegal (no capture has
    // been made, so no position can repeat): a chain of the opponent's in atari is a win.
    if (!open && tr_.any_chain_in_atari(pos, 2 - pos.to_move)) return 1;
    tr_.find_threats_here(pos, threats);
    if (!run_.opt.threat_pruning) return 0;
    if (!open) {
      // No chain of the opponent's is in atari (above): no capture to look for.
      if (threats.n) return tr_.no_defence(pos, threats, /*captures=*/false) ? (++run_.threat_cuts, -1) : 0;
      if (tr_.win_in_two(pos, pos.to_move, nullptr) >= 0) return ++run_.threat_cuts, 1;
      if (tr_.ladder_win(pos) >= 0) return ++run_.threat_cuts, 1;
    } else if (threats.n || unzoned) {
      return 0;
    }
    zone.fill();
    zoned = tr_.win_in_two(pos, pos.to_move ^ 1, &zone) > 0;
    return 0;
  }

  // The disproof number a new child after a quiet move starts with: about how many replies the
  // opponent will have there (the empty points less a few that are self-atari or pruned), as its
  // first expansion would find. With 1 + 4i alone (the rank step then) every quiet move was
  // expanded once just to learn that it leaves some 20 replies (a third of all node visits).
  // The contact replies to C3 (C4, B5, D6, B4) took 33 % fewer nodes.
  std::uint32_t quiet_reply_estimate(const Position& pos) const {
    return static_cast<std::uint32_t>(std::max(1, tr_.empty_points(pos) - kQuietUnreplied));
  }
  // The proof number a new child after a quiet move starts with where its side to move (the
  // opponent) cannot put a chain in atari (leaves_atari() false): it has no forcing move, so it
  // cannot win soon, yet a quarter of its number of moves, not all of them, does best (a proof
  // there needs only one move to work). With 1 the search took such a child for as easy to win
  // as any and dug into it before the children with ataris: the contact replies to C3 (C4, B5,
  // D6, B4) took 28 % fewer nodes with a quarter (12 % with an eighth, 21 % with a third, and
  // the full number searched more than 1 on other parts).
  std::uint32_t quiet_proof_estimate(const Position& pos) const {
    return static_cast<std::uint32_t>(std::max(1, (tr_.empty_points(pos) - 1 - kQuietUnreplied) / kQuietProofShare));
  }

  // The side to move's short chains, as the reader's liberties of this node give them.
  Shorts shorts(const Position& pos) const {
    Shorts s;
    s.masks = tr_.common_short_liberties(pos, pos.to_move + 1, s.common);
    if (!s.masks) s.n = tr_.short_chains(pos, pos.to_move + 1, s.heads, 8);
    return s;
  }

  // A new child's proof number (the numbers of its side to move), as mid() starts it.
  std::uint32_t fresh_pn(const Position& pos, const Cand& c, std::uint32_t quiet_pn, const Shorts& s) const {
    return MoveOrder::forcing(c) || leaves_atari(pos, c, s) ? 1 : quiet_pn;
  }

 private:
  static constexpr int kQuietUnreplied = 4;
  static constexpr int kQuietProofShare = 4;

  SolverRun& run_;
  ThreatReader& tr_;

  // Whether, after the side to move plays the quiet move `cand`, the opponent can put one of its
  // chains in atari: a chain of the mover's with two liberties or fewer that the move does not
  // join, or the chain the move makes has two or fewer (cand.libs).
  static bool leaves_atari(const Position& pos, const Cand& cand, const Shorts& s) {
    const int p = cand.point, c = pos.to_move + 1;
    if (cand.libs <= 2) return true;
    if (s.masks) return !((s.common >> p) & 1);
    for (int i = 0; i < s.n; ++i) {
      bool joins = false;
      for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride}) joins |= pos.color[q] == c && pos.head[q] == s.heads[i];
      if (!joins) return true;
    }
    return false;
  }
};

}  // namespace oyin::capgo::solver
