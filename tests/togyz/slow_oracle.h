#pragma once
// An independent, deliberately plain Togyz Kumalak rules implementation for the consistency test:
// stones are sown one at a time exactly as the rules text describes, nothing is shared with
// src/games/togyz except the Position struct it reads.
#include <set>
#include <string>

#include "games/togyz/board.h"

namespace oyin::testing {

struct SlowTogyz {
  struct State {
    int pits[18];
    int kazan[2];
    int tuz[2];
    int side;
  };
  static State from(const togyz::Position& p) {
    State s{};
    for (int i = 0; i < 18; ++i) s.pits[i] = p.pits[i];
    for (int k = 0; k < 2; ++k) {
      s.kazan[k] = p.kazan[k];
      s.tuz[k] = p.tuzdyk[k];
    }
    s.side = p.side;
    return s;
  }
  // Plays from-pit `pit` (0..8) and returns the move text "<from><landing>[x]".
  static std::string play(State& s, int pit) {
    const int me = s.side, opp = 1 - me;
    int i = me * 9 + pit;
    int n = s.pits[i];
    s.pits[i] = 0;
    int last;
    auto drop = [&](int j) {
      if (s.tuz[0] == j) s.kazan[0]++;
      else if (s.tuz[1] == j) s.kazan[1]++;
      else s.pits[j]++;
    };
    if (n == 1) {
      last = (i + 1) % 18;
      drop(last);
    } else {
      int j = i;
      drop(j);  // the first stone goes back into the start pit
      for (int k = 1; k < n; ++k) {
        j = (j + 1) % 18;
        drop(j);
      }
      last = j;
    }
    bool made = false;
    const bool on_opp_side = (last >= opp * 9 && last < opp * 9 + 9);
    if (on_opp_side && s.tuz[0] != last && s.tuz[1] != last) {
      const int c = s.pits[last];
      const int number = last - opp * 9 + 1;  // 1..9 in the owner's numbering
      const int opp_tuz_number = s.tuz[opp] < 0 ? 0 : s.tuz[opp] - me * 9 + 1;
      if (c % 2 == 0) {
        s.kazan[me] += c;
        s.pits[last] = 0;
      } else if (c == 3 && s.tuz[me] < 0 && number != 9 && number != opp_tuz_number) {
        s.tuz[me] = last;
        s.kazan[me] += 3;
        s.pits[last] = 0;
        made = true;
      }
    }
    s.side = opp;
    return std::to_string(pit + 1) + std::to_string(last % 9 + 1) + (made ? "x" : "");
  }
  std::set<std::string> legal_moves(const togyz::Position& p) const {
    std::set<std::string> out;
    for (int pit = 0; pit < 9; ++pit) {
      State s = from(p);
      if (s.pits[s.side * 9 + pit] == 0) continue;
      out.insert(play(s, pit));
    }
    return out;
  }
  GameStatus status(const togyz::Position& p) const {
    const State s = from(p);
    if (s.kazan[0] > 81) return GameStatus::win(Side::First, "kazan");
    if (s.kazan[1] > 81) return GameStatus::win(Side::Second, "kazan");
    int mine = 0, theirs = 0;
    for (int k = 0; k < 9; ++k) {
      mine += s.pits[s.side * 9 + k];
      theirs += s.pits[(1 - s.side) * 9 + k];
    }
    if (mine > 0) return GameStatus::ongoing();
    int w = s.kazan[0] + (s.side == 1 ? theirs : 0);
    int b = s.kazan[1] + (s.side == 0 ? theirs : 0);
    if (w == b) return GameStatus::draw("atsyrau");
    return GameStatus::win(w > b ? Side::First : Side::Second, "atsyrau");
  }
};

}  // namespace oyin::testing
