#include "registry/puzzle_support.h"

#include <utility>

#include "core/random.h"
#include "games/game_adapter.h"
#include "registry/registry.h"

namespace oyin {

const PuzzleSupport* find_puzzles(std::string_view game) {
  const GameEntry* g = find_game(game);
  return g ? g->puzzles() : nullptr;
}

const PuzzleSupport* find_puzzles(std::string_view game, std::string_view goal) {
  const PuzzleSupport* s = find_puzzles(game);
  if (!s || goal.empty() || goal == s->goal) return s;
  const auto it = s->goals.find(std::string(goal));
  return it == s->goals.end() ? nullptr : it->second.get();
}

std::string puzzle_goal_names(const PuzzleSupport& s) {
  std::string out = s.goal;
  for (const auto& [name, g] : s.goals) out += ", " + name;
  return out;
}

Result<std::pair<std::vector<SelfplayPly>, int>> selfplay_game(const GameAdapter& game, Engine& engine,
                                                               const SelfplayOptions& opt, std::uint64_t seed) {
  auto st = game.new_game(opt.rules, opt.start);
  if (!st) return make_error(st.error());
  std::unique_ptr<GameState> state = std::move(*st);
  Rng rng(seed);
  engine.new_game();
  if (!opt.eval.empty())
    if (auto ok = engine.set_option("EvalParams", opt.eval); !ok) return make_error(ok.error());
  std::vector<SelfplayPly> plies;
  const int weaker_side = static_cast<int>(rng.below(2));
  for (int ply = 0; ply < opt.max_plies; ++ply) {
    const GameStatus status = state->status();
    if (status.over()) return std::pair{std::move(plies), status.outcome == Outcome::Win ? index(status.winner) : -1};
    std::string move;
    SelfplayPly p{state->position_text(), state->side_to_move(), {}};
    if (ply < opt.opening_plies) {
      move = state->random_move(rng);
    } else {
      SearchLimits lim = opt.limits;
      lim.seed = seed + static_cast<std::uint64_t>(ply);
      if (opt.weaker_level >= 0 && index(state->side_to_move()) == weaker_side) lim.level = opt.weaker_level;
      p.result = engine.search(*state, lim, {}, nullptr);
      move = p.result.best_move;
    }
    if (move.empty()) break;
    plies.push_back(std::move(p));
    if (auto r = state->play(move); !r) return make_error("self-play move " + move + ": " + r.error());
  }
  const GameStatus status = state->status();
  return std::pair{std::move(plies), status.outcome == Outcome::Win ? index(status.winner) : -1};
}

void selfplay_candidates(const GameAdapter& game, Engine& engine, const SelfplaySource& source, std::uint64_t seed,
                         const std::function<bool(const PuzzleCandidate&)>& take,
                         const std::function<void(const std::string&)>& progress) {
  auto probe = game.new_game(source.options.rules, "");
  if (!probe) return;
  const std::string rules = (*probe)->rules_text();
  Rng seeds(seed);
  for (int g = 0; g < source.max_games; ++g) {
    auto played = selfplay_game(game, engine, source.options, seeds.next());
    if (!played) return;
    const auto& [plies, winner] = *played;
    if (progress)
      progress(source.name + " game " + std::to_string(g + 1) + ": " + std::to_string(plies.size()) + " plies, " +
               (winner < 0 ? std::string("no winner") : game.side_name(static_cast<Side>(winner)) + " won"));
    for (std::size_t i = 0; i < plies.size(); ++i) {
      const SelfplayPly& p = plies[i];
      const bool engine_saw_win = p.result.info.is_mate && p.result.info.mate_in > 0 &&
                                  p.result.info.mate_in <= source.max_moves;
      const bool winner_near_end = winner >= 0 && index(p.to_move) == winner &&
                                   plies.size() - i <= static_cast<std::size_t>(2 * source.max_moves);
      if (source.pick ? !source.pick(p) : !engine_saw_win && !winner_near_end) continue;
      if (source.accept && !source.accept(p.position)) continue;
      std::string name = source.name + "#" + std::to_string(g + 1);
      if (source.stretch_plies > 0) {
        name += '@';
        name += std::to_string(i / static_cast<std::size_t>(source.stretch_plies));
      }
      if (!take({rules, p.position, name})) return;
    }
  }
}

}  // namespace oyin
