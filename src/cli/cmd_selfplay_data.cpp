// oyin selfplay-data: training positions for a learned evaluation. The game's own engine plays
// itself at a node limit after a few random opening plies; every searched position is written
// with the search's score and the game's result, both for the side to move:
//   <position text> TAB <score, centi-units> TAB <1 | 0.5 | 0> TAB <game number>
// One thread and a node limit: the same seed gives the same file.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "cli/common.h"
#include "core/random.h"

namespace oyin::cli {

namespace {

struct SelfplayDataOpts {
  std::string game, out, rules, evalfile;
  int games = 100, random_plies = 8, max_plies = 1000;
  std::uint64_t nodes = 1000, seed = 1;
  bool quiet = false;
};

constexpr int kMaxScore = 10000;  // proven results and runaway scores alike

const char* result_text(const GameStatus& st, Side s) {
  if (st.outcome != Outcome::Win) return "0.5";
  return st.winner == s ? "1" : "0";
}

int run_selfplay_data(const SelfplayDataOpts& o) {
  using Clock = std::chrono::steady_clock;
  const GameEntry& g = game_or_fail(o.game);
  if (auto probe = g.new_game(o.rules, ""); !probe) throw UsageError(probe.error());
  std::unique_ptr<Engine> engine = g.make_engine();
  if (!o.evalfile.empty()) {
    if (auto r = engine->set_option("EvalFile", o.evalfile); !r) throw UsageError(r.error());
    if (o.evalfile != "<empty>")
      if (auto r = engine->set_option("UseNNUE", "true"); !r) throw UsageError(r.error());
  }
  std::ofstream out(o.out, std::ios::trunc);
  if (!out) throw UsageError("cannot write '" + o.out + "'");

  SearchLimits lim;
  lim.nodes = o.nodes;
  lim.threads = 1;
  const auto t0 = Clock::now();
  std::uint64_t positions = 0;
  int wins[2] = {0, 0}, draws = 0;
  const int step = std::max(1, o.games / 20);
  struct Row {
    std::string position;
    int score;
    Side side;
  };
  std::vector<Row> rows;
  for (int game = 0; game < o.games; ++game) {
    std::uint64_t s = o.seed ^ (0x5E1F'DA7AULL * static_cast<std::uint64_t>(game + 1));
    Rng rng(splitmix64(s));
    auto created = g.new_game(o.rules, "");
    std::unique_ptr<GameState> st = std::move(*created);
    engine->new_game();
    rows.clear();
    for (int ply = 0; ply < o.max_plies && !st->status().over(); ++ply) {
      std::string move;
      if (ply < o.random_plies) {
        move = st->random_move(rng);
      } else {
        lim.seed = rng.next();
        const SearchResult r = engine->search(*st, lim, {}, nullptr);
        if (r.best_move.empty()) break;
        rows.push_back({st->position_text(), std::clamp(r.info.score_cp, -kMaxScore, kMaxScore), st->side_to_move()});
        move = r.best_move;
      }
      if (auto played = st->play(move); !played) throw UsageError("engine move '" + move + "': " + played.error());
    }
    const GameStatus end = st->status();  // not over after max_plies: a draw
    if (end.outcome == Outcome::Win) ++wins[index(end.winner)];
    else ++draws;
    for (const Row& r : rows)
      out << r.position << '\t' << r.score << '\t' << result_text(end, r.side) << '\t' << game << '\n';
    positions += rows.size();
    if (!o.quiet && ((game + 1) % step == 0 || game + 1 == o.games)) {
      const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
      std::fprintf(stderr, "selfplay-data: %d/%d games, %llu positions, %.1f s\n", game + 1, o.games,
                   static_cast<unsigned long long>(positions), secs);
    }
  }
  out.close();
  if (!out) throw UsageError("cannot write '" + o.out + "': write failed");
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  std::printf("wrote %llu positions from %d games to %s (%s wins %d, %s wins %d, draws %d) in %.1f s\n",
              static_cast<unsigned long long>(positions), o.games, o.out.c_str(), g.side_name(Side::First).c_str(), wins[0],
              g.side_name(Side::Second).c_str(), wins[1], draws, secs);
  return 0;
}

}  // namespace

void add_selfplay_data_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SelfplayDataOpts>();
  auto* cmd = app.add_subcommand("selfplay-data", "Write training positions (position, search score, result) from self-play");
  cmd->add_option("game", o->game, "Game: " + game_names())->required();
  cmd->add_option("--games", o->games, "Number of games (default 100)")->check(whole_number(1, 10000000));
  cmd->add_option("--seed", o->seed, "Seed of the random opening plies (default 1)")->check(any_seed());
  cmd->add_option("--nodes", o->nodes, "Search nodes a move (default 1000)")->check(whole_number(1, kMaxNodes));
  cmd->add_option("--out", o->out, "The data file to write")->required();
  cmd->add_option("--random-plies", o->random_plies, "Uniformly random plies that open each game (default 8)")
      ->check(whole_number(0, 1000));
  cmd->add_option("--max-plies", o->max_plies, "A game still going after this many plies is a draw (default 1000)")
      ->check(whole_number(1, 100000));
  cmd->add_option("--rules", o->rules, "Rule options as key=value,key=value");
  cmd->add_option("--evalfile", o->evalfile, "Play with this learned evaluation (a weights file; <builtin>: the default net; <empty>: the hand-made evaluation)");
  cmd->add_flag("--quiet", o->quiet, "No progress lines");
  cmd->callback([o, &exit_code] { exit_code = run_selfplay_data(*o); });
}

}  // namespace oyin::cli
