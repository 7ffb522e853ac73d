// The fallback engine for games that have no search yet: a random legal move.
#include "core/random.h"
#include "search/engine.h"

namespace oyin {

namespace {

class RandomEngine final : public Engine {
 public:
  std::string name() const override { return "oyin (random mover, no AI yet)"; }
  SearchResult search(const GameState& state, const SearchLimits& limits,
                      const std::function<void(const SearchInfo&)>&, const std::atomic<bool>*) override {
    Rng rng(limits.seed ? limits.seed : 0x0D1CEULL + state.hash());
    SearchResult r;
    r.best_move = state.random_move(rng);
    if (!r.best_move.empty()) r.info.pv = {r.best_move};
    return r;
  }
};

}  // namespace

std::unique_ptr<Engine> make_random_engine() { return std::make_unique<RandomEngine>(); }

}  // namespace oyin
