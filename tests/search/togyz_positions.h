#pragma once
// Random Togyz Kumalak positions for the search tests: a few stones left on the board, the
// rest in the kazans, tuzdyks sometimes, either side to move.
#include "core/random.h"
#include "games/togyz/game.h"

namespace oyin::testing {

inline togyz::Position random_endgame(Rng& rng, int board_stones) {
  while (true) {
    togyz::Position p;
    p.pits.fill(0);
    for (int i = 0; i < board_stones; ++i) ++p.pits[rng.below(18)];
    if (rng.below(2)) {
      const int t = rng.below(8);  // a white tuzdyk on Black's pit t+1
      p.tuzdyk[0] = static_cast<std::int8_t>(9 + t);
    }
    if (rng.below(2)) {
      const int t = rng.below(8);
      p.tuzdyk[1] = static_cast<std::int8_t>(t);
    }
    for (int s = 0; s < 2; ++s)
      if (p.tuzdyk[s] >= 0) {
        // the stones of a tuzdyk pit go elsewhere (to the same side's pit 9)
        const int i = p.tuzdyk[s];
        p.pits[(i / 9) * 9 + 8] = static_cast<std::uint8_t>(p.pits[(i / 9) * 9 + 8] + p.pits[i]);
        p.pits[i] = 0;
      }
    const int rest = togyz::kStones - board_stones;
    // Kazans close to 81 each, so that every stone matters.
    const int w = rest / 2 + static_cast<int>(rng.below(7)) - 3;
    p.kazan = {static_cast<std::uint8_t>(w), static_cast<std::uint8_t>(rest - w)};
    p.side = static_cast<std::uint8_t>(rng.below(2));
    p.move_number = 60;
    auto v = togyz::validate(p);
    if (v && !togyz::status(*v).over()) return *v;
  }
}

}  // namespace oyin::testing
