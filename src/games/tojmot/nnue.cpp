#include "games/tojmot/nnue.h"

#include <algorithm>

#include "games/tojmot/eval.h"
#include "games/tojmot/geometry.h"
#include "games/tojmot/notation.h"

namespace oyin::tojmot::nnue {

namespace {

// The cell as Black sees it: the board upside down.
const std::array<std::uint8_t, kCells>& flipped() {
  static const std::array<std::uint8_t, kCells> t = [] {
    std::array<std::uint8_t, kCells> r{};
    const Geometry& g = geometry();
    for (int c = 0; c < kCells; ++c) r[c] = static_cast<std::uint8_t>(cell_at(g.x[c], kHeight + 1 - g.y[c]));
    return r;
  }();
  return t;
}

}  // namespace

int feature(int view, bool own, int kind, int cell) {
  const int c = view == kWhite ? cell : flipped()[cell];
  return ((own ? 0 : kPieceKinds) + kind - 1) * kCells + c;
}

int active_features(const Position& p, int view, std::array<std::uint16_t, kMaxActive>& out) {
  int n = 0;
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < p.count[s]; ++i) {
      const int c = p.list[s][i];
      out[n++] = static_cast<std::uint16_t>(feature(view, s == view, kind_of(p.board[c]), c));
    }
  return n;
}

Result<Position> Arch::parse_position(std::string_view text) { return tojmot::parse_position(text, Rules{}); }

void Arch::initial_psqt(std::vector<float>& psqt) { std::fill(psqt.begin(), psqt.end(), 0.0f); }

int Arch::base(const Position& p) {
  static const EvalParams hand;  // no net: use_net is off
  return evaluate(p, hand);
}

bool Arch::noisy(const Position& p) {
  if (in_check(p)) return true;
  MoveList l;
  generate_noisy(p, l, false);
  for (const Move& m : l) {
    if (m.promo) return true;
    // What the capture takes, and what the capturing piece is worth (a capture of it).
    const int gain = move_gain(p, m), risk = move_gain(p, Move{m.to, m.from});
    if (gain >= risk || !attacked(p, m.to, p.side ^ 1, m.from)) return true;
  }
  return false;
}

}  // namespace oyin::tojmot::nnue
