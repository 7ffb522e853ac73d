// Capture Go: the rules module games/capgo, GTP, the Monte-Carlo tree search, the exact solver.
#include "games/capgo/game.h"
#include "games/registry/registry.h"
#include "search/mcts_engine.h"

namespace oyin {

std::unique_ptr<GameAdapter> make_capgo_adapter();

GameDeclaration declare_capgo() {
  GameDeclaration d;
  d.rules = make_capgo_adapter();
  d.protocol = Protocol::Gtp;
  d.engine_kind = EngineKind::Mcts;
  d.engine_name = capgo_engine_name();
  d.make_engine = [] { return make_capgo_engine(); };
  d.levels = mcts_levels();
  d.exact_solver = true;
  // The empty 9x9 board and a fight on 9x9 with target 5, one thread and a fixed seed, so
  // a change to the tree search or the playouts shows in the bench signature.
  d.bench = {
      bench_playouts("size=9,target=1", "", 3000),
      bench_playouts("size=9,target=5", "E5 E4 D4 D5 F5 C5 D3 F4 G4 E3", 3000),
  };
  return d;
}

}  // namespace oyin
