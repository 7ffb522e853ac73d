#pragma once
// The beginner of the level ladder (docs/engines.md "Levels"): a player who takes a win in one,
// else every free capture, and otherwise plays any legal move. It is the anchor that ties the computer levels to
// people's ratings, so it must play like a beginner on purpose: no look-ahead beyond "can my
// capture be taken straight back". What counts as a capture, how much it takes and whether it
// can be taken back are the game's (GreedyRules, filled in by its registry declaration); the
// choice among equals and the random move are seeded, so a match replays exactly.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/outcome.h"
#include "core/random.h"
#include "games/adapter_impl.h"
#include "search/engine.h"

namespace oyin::search {

template <GameTraits G>
struct GreedyRules {
  using Position = typename G::Position;
  using Move = typename G::Move;
  // The material the move takes, in the game's units; 0 when it takes nothing.
  std::function<int(const Position&, Move)> gain;
  // After `move` was played (`after`), whether the opponent can take the capturing piece back at
  // once; empty: every capture counts as free.
  std::function<bool(const Position& after, Move move)> taken_back;
  // Moves played at random only when no other move is legal (capture Go's pass); may be empty.
  std::function<bool(Move)> last_resort;
};

template <GameTraits G>
class GreedyEngine final : public Engine {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  explicit GreedyEngine(GreedyRules<G> rules) : rules_(std::move(rules)) {}

  std::string name() const override { return "oyin greedy (" + std::string(G::name) + ")"; }

  SearchResult search(const GameState& state, const SearchLimits& limits, const std::function<void(const SearchInfo&)>&,
                      const std::atomic<bool>*) override {
    SearchResult out;
    const auto* typed = dynamic_cast<const TypedState<G>*>(&state);
    if (!typed || G::status(typed->position()).over()) return out;
    Position p = typed->position();
    const Move m = choose(p, limits.seed ? limits.seed : G::hash(p));
    out.best_move = G::move_to_text(p, m);
    out.info.pv = {out.best_move};
    return out;
  }

  // The move played in `p` (which has a legal move) with this seed: a move that wins at once
  // (as even level 0 never misses one: without it a Tojmot beginner could never end a game),
  // else the largest free capture, ties broken by the seed; else a random move that is not a
  // last resort.
  Move choose(Position& p, std::uint64_t seed) const {
    typename G::MoveList all;
    G::generate_moves(p, all);
    std::vector<Move> wins, best, plain;
    int best_gain = 0;
    for (const Move& m : all) {
      if (wins_at_once(p, m)) wins.push_back(m);
      const int g = rules_.gain(p, m);
      if (g > 0 && g >= best_gain && free(p, m)) {
        if (g > best_gain) best.clear();
        best_gain = g;
        best.push_back(m);
      }
      if (!rules_.last_resort || !rules_.last_resort(m)) plain.push_back(m);
    }
    Rng rng(seed);
    const std::vector<Move>& from = !wins.empty()   ? wins
                                    : !best.empty()  ? best
                                    : !plain.empty() ? plain
                                                     : std::vector<Move>(all.begin(), all.end());
    return from[rng.below(static_cast<std::uint32_t>(from.size()))];
  }

 private:
  static bool wins_at_once(Position& p, Move m) {
    const Side me = G::side_to_move(p);
    typename G::Undo u;
    G::play(p, m, u);
    const GameStatus st = G::status(p);
    G::undo(p, m, u);
    return st.outcome == Outcome::Win && st.winner == me;
  }

  bool free(Position& p, Move m) const {
    if (!rules_.taken_back) return true;
    typename G::Undo u;
    G::play(p, m, u);
    const bool back = rules_.taken_back(p, m);
    G::undo(p, m, u);
    return !back;
  }

  GreedyRules<G> rules_;
};

template <GameTraits G>
std::unique_ptr<Engine> make_greedy_engine(GreedyRules<G> rules) {
  return std::make_unique<GreedyEngine<G>>(std::move(rules));
}

}  // namespace oyin::search
