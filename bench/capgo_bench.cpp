// Capture Go move generation and make/unmake speed: perft on the rules file's positions and
// random playouts on 9x9 and 19x19 (ordinary Go, so the games are long and capture often).
#include <benchmark/benchmark.h>

#include "core/perft.h"
#include "core/random.h"
#include "games/capgo/game.h"

namespace {

using oyin::capgo::CaptureGo;

void BM_CapgoPerft(benchmark::State& state, const char* rules, int depth) {
  auto pos = CaptureGo::start_position(*CaptureGo::parse_rules(rules));
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += oyin::perft<CaptureGo>(pos, depth);
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_CapgoPerft, 4x4_target1_pass_d6, "size=4,target=1,pass=1", 6)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CapgoPerft, 4x4_target2_nopass_d6, "size=4,target=2,pass=0", 6)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CapgoPerft, 6x6_crosscut_d4, "size=6,target=1,pass=0,setup=BC4+BD3+WC3+WD4", 4)
    ->Unit(benchmark::kMillisecond);

// Random legal moves (no passes) until no point is legal or 3*N*N moves: generate + play.
void BM_CapgoPlayout(benchmark::State& state, const char* rules) {
  const auto start = CaptureGo::start_position(*CaptureGo::parse_rules(rules));
  oyin::Rng rng(1);
  std::uint64_t moves = 0;
  CaptureGo::MoveList list;
  CaptureGo::Undo undo;
  for (auto _ : state) {
    auto pos = start;
    const int limit = 3 * pos.size * pos.size;
    for (int i = 0; i < limit; ++i) {
      list.clear();
      CaptureGo::generate_moves(pos, list);
      if (list.size() <= 1) break;  // only the pass is left
      CaptureGo::play(pos, list[rng.below(static_cast<std::uint32_t>(list.size() - 1))], undo);
      ++moves;
    }
  }
  state.counters["moves/s"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_CapgoPlayout, 9x9, "size=9,target=0")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CapgoPlayout, 19x19, "size=19,target=0")->Unit(benchmark::kMicrosecond);

}  // namespace
