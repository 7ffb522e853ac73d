#pragma once
// A learned evaluation for Tojmot: the network of core/nnue.h on Tojmot's own inputs, trained as
// a correction to the hand-made evaluation (games/tojmot/eval.h): the engine's score is the
// hand-made one plus the net's, and training fits the sum to the search's scores. A net of the
// whole score alone (the same inputs, material as its starting point) lost to the hand-made
// evaluation at equal nodes (docs/research/tojmot-nnue.md): piece-square inputs do not see the
// mobility, the 1's shelter and the mop-up terms that the hand-made one counts.
//
// Inputs, from one side's point of view (the side to move when evaluating), 3,026 in all, one
// for each piece on the board (at most 36 on): its owner (own, then the other side's), its kind
// (1..9, the seven Romans, X: 17) and its cell (89). Black sees the board turned upside down
// (the cell at x, 18 - y, a symmetry of the board that swaps the zones and the promotion rows),
// so "own" pieces always move up: the zone, the promotion cells and the Romans' rows are cells,
// learned as such.
#include <array>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "core/nnue.h"
#include "core/result.h"
#include "games/tojmot/position.h"

namespace oyin::tojmot::nnue {

constexpr int kPieceKinds = kKinds - 1;                  // 1..17, no empty
constexpr int kInputs = 2 * kPieceKinds * kCells;        // 3026
constexpr int kMaxActive = 2 * kMaxPieces;               // 36
constexpr int kScoreScale = 600;                         // centi-units per output unit (the win-chance scale, 618, rounded)
constexpr float kMaxInputWeight = 4.0f;                  // 37 * 4 * 127 stays inside int16
constexpr std::string_view kTag = "tojmot-3026x32x32-res-v1";  // "res": a correction to the hand-made eval

// The input of a piece of kind k (1..17) on cell c, owned by the viewer or not, from `view`'s side.
int feature(int view, bool own, int kind, int cell);
// The active inputs of p from side `view`'s point of view; returns how many (at most kMaxActive).
int active_features(const Position& p, int view, std::array<std::uint16_t, kMaxActive>& out);

struct Arch {
  using Position = tojmot::Position;
  static constexpr int kInputs = nnue::kInputs, kMaxActive = nnue::kMaxActive, kScoreScale = nnue::kScoreScale;
  static constexpr float kMaxInputWeight = nnue::kMaxInputWeight;
  static constexpr std::string_view kTag = nnue::kTag;
  static int active_features(const Position& p, int view, std::array<std::uint16_t, kMaxActive>& out) {
    return nnue::active_features(p, view, out);
  }
  static Result<Position> parse_position(std::string_view text);  // with the default rules
  static void initial_psqt(std::vector<float>& psqt);              // zero: the material is in base()
  static int base(const Position& p);                              // the hand-made evaluation, default weights
  // In check, a promotion to play, or a capture that wins material at once (a piece taken by one
  // worth no more, or one nothing guards): not trained on.
  static bool noisy(const Position& p);
};

using Network = oyin::nnue::Network<Arch>;

}  // namespace oyin::tojmot::nnue
