// Togyz Kumalak puzzles: forced wins in 1 to 4 moves (a kazan over 81 or atsyrau) from
// self-play endgames of the alpha-beta engine (record files add more: oyin puzzles --records).
#include <memory>

#include "registry/alphabeta_declaration.h"
#include "games/togyz/game.h"
#include "search/alphabeta_engine.h"

namespace oyin {

std::unique_ptr<GameAdapter> make_togyz_adapter();

namespace {

using G = togyz::Togyz;

std::vector<std::string> themes(const std::string&, const std::string& position,
                                const std::vector<std::string>& solution) {
  std::vector<std::string> out;
  auto pos = G::parse_position(position, {});
  if (!pos) return out;
  bool capture = false, big = false, tuzdyk = false, sacrifice = false, quiet_key = false;
  for (std::size_t i = 0; i < solution.size(); ++i) {
    auto m = G::parse_move(*pos, solution[i]);
    if (!m) return out;
    const togyz::MoveEffect e = togyz::make_move<true>(*pos, *m);
    const bool attacker = i % 2 == 0;
    if (i == 0 && e.captured == 0 && !e.tuzdyk) quiet_key = true;
    if (attacker && e.captured) capture = true;
    if (attacker && e.captured >= 10) big = true;
    if (attacker && e.tuzdyk) tuzdyk = true;
    if (!attacker && (e.captured || e.tuzdyk)) sacrifice = true;
  }
  const GameStatus st = G::status(*pos);
  if (st.code == "atsyrau") out.push_back("atsyrau");
  else if (st.code == "kazan") out.push_back("kazan-over-81");
  if (quiet_key) out.push_back("quiet-move");
  if (capture) out.push_back("capture");
  if (big) out.push_back("big-capture");
  if (tuzdyk) out.push_back("tuzdyk");
  if (sacrifice) out.push_back("sacrifice");
  return out;
}

}  // namespace

std::shared_ptr<const PuzzleSupport> togyz_puzzles() {
  auto s = std::make_shared<PuzzleSupport>();
  s->goal = "win";
  s->max_moves = 4;
  s->depth_share = {0.25, 0.35, 0.25, 0.15};
  s->generate_nodes = 2'000'000;
  s->verify_nodes = 50'000'000;
  set_puzzle_proofs<G>(*s);
  s->themes = themes;
  SelfplaySource src;
  src.name = "selfplay";
  src.options.opening_plies = 6;
  src.options.max_plies = 400;
  src.options.limits.level = 6;
  src.options.limits.nodes = 20000;
  src.max_moves = 4;
  src.max_games = 3000;
  alphabeta_selfplay_candidates<G>(*s, make_togyz_adapter, std::move(src));
  return s;
}

}  // namespace oyin
