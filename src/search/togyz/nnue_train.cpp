#include "search/togyz/nnue_train.h"

#include "games/togyz/notation.h"

namespace oyin::togyz::nnue {

namespace {

// A bucket's typical stone count, for the material prior.
float bucket_stones(int b) { return b < 24 ? static_cast<float>(b) : b == 24 ? 27.0f : b == 25 ? 35.0f : 45.0f; }

}  // namespace

Result<Position> Arch::parse_position(std::string_view text) { return parse_fen(text); }

void Arch::initial_psqt(std::vector<float>& psqt) {
  const float unit = 1.0f / kScoreScale;
  for (int r = 0; r < 2; ++r)
    for (int i = 0; i < 9; ++i)
      for (int b = 0; b < kCountBuckets; ++b)
        psqt[(r * 9 + i) * kCountBuckets + b] = (r == 0 ? 10 : -10) * bucket_stones(b) * unit;
  for (int k = 0; k < 9; ++k) {
    psqt[kTuzdykBase + k] = 500 * unit;
    psqt[kTuzdykBase + 9 + k] = -500 * unit;
  }
  for (int k = 0; k < 82; ++k) {
    psqt[kKazanBase + k] = 100 * k * unit;
    psqt[kKazanBase + 82 + k] = -100 * k * unit;
  }
}

Result<TrainReport> train(const TrainOptions& opt, std::ostream& log) { return oyin::nnue::train<Arch>(opt, log); }

}  // namespace oyin::togyz::nnue
