#include "search/bench.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "core/text.h"
#include "games/registry.h"
#include "search/engine.h"

namespace oyin::search {

const std::vector<BenchPosition>& bench_positions() {
  static const std::vector<BenchPosition> list = {
      {"togyz", "", ""},
      {"togyz", "", "6 9 5 5 1 4"},
      {"togyz", "", "7 3 4 4 9 2"},
      {"togyz", "", "9 2 8 1 7 2 6 1 9"},
      {"togyz", "", "1 9 2 8 3 7 4 6 5 5 6 4 7 3"},
      {"togyz", "", "3 5 4 1 8 7 2 6 5 4 9 3 1 2 6 8"},
      {"togyz", "3S,2,t,2S,1S,1S,2/2,1S,1,t,3,2S 77 75 N 40", ""},
      {"togyz", "1S,1,2S,2,t,1S,1,1S/1S,5,2S,t,1S 79 74 N 40", ""},
      {"tojmot", "", "", 5},
      {"tojmot", "", "g5f6 i13j12 b4b6 g17f16", 5},
      {"tojmot", "w W:1G1,XE3,7G3,XI3,2B4,8F4,9H4,4L4,3N4,IIA5,VC5,VIIIF6,IXG7,VIJ6,IVK5,IIIM5,5D6,6J4 "
                 "B:IIIA13,IVC13,VIE11,IXG11,VIIII13,VK13,IIM13,3B14,4D14,6F14,9H14,8J14,5L14,2N14,XE15,7G15,XI15,1G17 0 9", "", 5},
  };
  return list;
}

BenchTotals run_bench(int depth, int hash_mb, const std::function<void(const BenchLine&)>& each) {
  register_builtin_games();
  BenchTotals totals;
  const auto start = std::chrono::steady_clock::now();
  for (const BenchPosition& bp : bench_positions()) {
    const GameAdapter* g = find_game(bp.game);
    if (!g) continue;  // a game this build does not have
    auto st = g->new_game("", bp.position);
    if (!st) throw std::logic_error("bench position: " + st.error());
    std::unique_ptr<GameState> state = std::move(*st);
    bool ok = true;
    for (std::string_view mv : split_ws(bp.moves)) ok = ok && state->play(mv).ok();
    if (!ok) throw std::logic_error(std::string("bench moves do not play: ") + bp.moves);
    auto engine = make_engine(g->name());
    (void)engine->set_option("Hash", std::to_string(hash_mb));
    SearchLimits lim;
    lim.depth = std::max(1, depth - bp.depth_cut);
    lim.threads = 1;
    const SearchResult r = engine->search(*state, lim, {}, nullptr);
    totals.nodes += r.info.nodes;
    if (each) each({g->name(), state->position_text(), r.best_move, r.info.nodes});
  }
  totals.time_ms = static_cast<int>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());
  return totals;
}

}  // namespace oyin::search
