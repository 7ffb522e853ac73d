#include "games/tojmot/nnue.h"

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

void Arch::initial_psqt(std::vector<float>& psqt) {
  const EvalParams e;
  const int values[kKinds] = {0,       0,       e.two,   e.three, e.four,  e.five,  e.six,   e.seven, e.eight,
                              e.nine,  e.roman, e.roman, e.roman, e.roman, e.roman, e.roman, e.roman, e.x};
  const float unit = 1.0f / kScoreScale;
  for (int k = 1; k < kKinds; ++k)
    for (int c = 0; c < kCells; ++c) {
      psqt[feature(kWhite, true, k, c)] = static_cast<float>(values[k]) * unit;
      psqt[feature(kWhite, false, k, c)] = -static_cast<float>(values[k]) * unit;
    }
}

}  // namespace oyin::tojmot::nnue
