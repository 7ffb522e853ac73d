// oyin move <game> [--position P] [--moves M] [--level L] [--nodes N] [--seed S]: the move the
// computer player (registry/computer_move.h) makes here, the one line a script needs; the browser
// engine's tests compare theirs with it.
#include <iostream>

#include "cli/common.h"
#include "core/text.h"
#include "registry/computer_move.h"

namespace oyin::cli {

namespace {

struct MoveOpts {
  std::string game, fen, rules, moves;
  int level = kMaxLevel;
  std::uint64_t nodes = 0, seed = 0;
};

int run_move(const MoveOpts& o) {
  const GameEntry& g = game_or_fail(o.game);
  auto created = g.new_game(o.rules, o.fen);
  if (!created) throw UsageError(created.error());
  std::unique_ptr<GameState> st = std::move(*created);
  for (const auto& m : split_ws(o.moves)) {
    auto r = st->play(m);
    if (!r) throw UsageError("move '" + std::string(m) + "': " + r.error());
  }
  if (st->status().over()) throw UsageError("the game is over: no move to make");
  const auto engine = make_computer_engine(g);
  const SearchResult r = engine->search(*st, computer_limits(g, o.level, o.seed, o.nodes), {}, nullptr);
  if (r.best_move.empty()) throw UsageError("the engine found no move");
  std::cout << r.best_move << (r.book ? " (book)" : "") << "\n";
  const auto ms = static_cast<std::uint64_t>(r.info.time_ms);
  std::cerr << "nodes " << r.info.nodes << ", time " << ms << " ms"
            << (ms ? ", " + std::to_string(r.info.nodes * 1000 / ms) + " nodes/s" : std::string()) << "\n";
  return 0;
}

}  // namespace

void add_move_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<MoveOpts>();
  auto* cmd = app.add_subcommand("move", "The computer player's move in a position, at a level (as on the server)");
  cmd->add_option("game", o->game, "Game: " + game_names())->required();
  cmd->add_option("--fen,--position", o->fen, "The position (default: the start position)");
  cmd->add_option("--moves", o->moves, "Moves to play from that position first, space-separated");
  cmd->add_option("--rules", o->rules, "Rule options as key=value,key=value");
  cmd->add_option("--level", o->level, "Computer strength " + levels_text() + " (default the strongest)")
      ->check(whole_number(kMinLevel, kMaxLevel));
  cmd->add_option("--nodes", o->nodes, "Search this many nodes (Monte-Carlo search: playouts) instead of the level's time")
      ->check(whole_number(1, kMaxNodes));
  cmd->add_option("--seed", o->seed, "Random seed of the level's choice")->check(any_seed());
  cmd->callback([o, &exit_code] { exit_code = run_move(*o); });
}

}  // namespace oyin::cli
