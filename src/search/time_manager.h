#pragma once
// The one time manager of every engine kind: how much of a clock one move may use. The engine
// says how many moves it expects to still make (alpha-beta: a fixed horizon; MCTS in capture Go:
// about half the empty points); the soft limit is that share plus most of the increment, the
// hard limit lets one iteration overrun, never more than a quarter of the clock.
#include <algorithm>

namespace oyin::search {

struct TimeBudget {
  int soft_ms = 0;  // stop starting new iterations after this
  int hard_ms = 0;  // never think longer than this
};

inline TimeBudget allot_time(int left_ms, int inc_ms, int moves_to_go) {
  const int reserve = std::min(100, left_ms / 3);  // process and pipe latency on a busy machine
  const int usable = std::max(1, left_ms - reserve);
  TimeBudget t;
  t.soft_ms = std::max(1, std::min(usable, usable / std::max(1, moves_to_go) + inc_ms * 3 / 4));
  t.hard_ms = std::max(1, std::min(usable / 4 + inc_ms / 2, t.soft_ms * 4));
  t.hard_ms = std::max(t.hard_ms, t.soft_ms);
  return t;
}

}  // namespace oyin::search
