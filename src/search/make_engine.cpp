// make_engine(): the alpha-beta engine for the games that have search hooks, MCTS for capture Go,
// a random mover for the others. A new game adds one line here once its traits offer search/game_hooks.h.
#include "games/togyz/game.h"
#include "games/tojmot/game.h"
#include "search/alphabeta_engine.h"
#include "search/mcts_engine.h"

namespace oyin {

std::unique_ptr<Engine> make_random_engine();
std::string random_engine_name();

std::unique_ptr<Engine> make_engine(std::string_view game) {
  if (game == togyz::Togyz::name) return std::make_unique<search::AlphaBetaEngine<togyz::Togyz>>();
  if (game == "capgo") return make_capgo_engine();  // Monte-Carlo tree search (search/mcts_capgo.cpp)
  if (game == tojmot::Tojmot::name) return std::make_unique<search::AlphaBetaEngine<tojmot::Tojmot>>();
  return make_random_engine();
}

// The same choice as make_engine, without building an engine (GET /api/meta asks for names).
std::string engine_name(std::string_view game) {
  if (game == togyz::Togyz::name) return search::AlphaBetaEngine<togyz::Togyz>::engine_name();
  if (game == "capgo") return capgo_engine_name();
  if (game == tojmot::Tojmot::name) return search::AlphaBetaEngine<tojmot::Tojmot>::engine_name();
  return random_engine_name();
}

}  // namespace oyin
