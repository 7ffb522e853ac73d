#include "registry/bench.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "core/text.h"
#include "registry/registry.h"

namespace oyin {

BenchTotals run_bench(int depth, int hash_mb, const std::function<void(const BenchLine&)>& each) {
  register_builtin_games();
  BenchTotals totals;
  const auto start = std::chrono::steady_clock::now();
  for (const GameEntry* g : all_games()) {
    for (const BenchPosition& bp : g->bench()) {
      auto st = g->new_game(bp.rules, bp.position);
      if (!st) throw std::logic_error("bench position: " + st.error());
      std::unique_ptr<GameState> state = std::move(*st);
      for (std::string_view mv : split_ws(bp.moves))
        if (!state->play(mv)) throw std::logic_error("bench moves do not play: " + bp.moves);
      auto engine = g->make_engine();
      (void)engine->set_option("Hash", std::to_string(hash_mb));
      SearchLimits lim;
      lim.threads = 1;
      if (bp.playouts) {
        lim.nodes = bp.playouts;
        lim.seed = 1;
      } else {
        lim.depth = std::max(1, depth - bp.depth_cut);
      }
      const SearchResult r = engine->search(*state, lim, {}, nullptr);
      const std::uint64_t n = r.info.bench_count ? r.info.bench_count : r.info.nodes;
      totals.nodes += n;
      ++totals.positions;
      if (each) each({g->name(), state->position_text(), r.best_move, n});
    }
  }
  totals.time_ms = static_cast<int>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());
  return totals;
}

}  // namespace oyin
