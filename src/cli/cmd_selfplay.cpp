// oyin selfplay capgo --a level=10 --b level=3 --games 100 --rules size=7,target=1
// A capture Go match with our own referee; player B may be a GTP engine (--b gnugo).
#include <cstdio>
#include <fstream>
#include <iostream>

#include "cli/common.h"
#include "match/capgo_match.h"

namespace oyin::cli {

namespace {

struct SelfplayOpts {
  std::string game, a = "level=10", b = "level=3", rules = "size=9,target=1", sgf;
  int games = 10, max_plies = 0;
  std::uint64_t seed = 1;
  bool quiet = false;
};

int run_selfplay(const SelfplayOpts& o) {
  if (game_or_fail(o.game).name() != "capgo")
    throw UsageError("oyin selfplay knows capture Go only (game 'capgo'), not '" + o.game + "'");
  match::CapgoMatchOptions m;
  m.rules = o.rules;
  m.games = o.games;
  m.seed = o.seed;
  m.max_plies = o.max_plies;
  auto a = match::parse_player(o.a);
  if (!a) throw UsageError("--a: " + a.error());
  auto b = match::parse_player(o.b);
  if (!b) throw UsageError("--b: " + b.error());
  m.a = *a;
  m.b = *b;
  std::ofstream sgf;
  if (!o.sgf.empty()) {
    sgf.open(o.sgf);
    if (!sgf) throw UsageError("cannot write '" + o.sgf + "'");
  }
  std::cout << "A: " << m.a.label() << "\nB: " << m.b.label() << "\nRules: " << o.rules << ", " << o.games
            << " games, colours alternate (A Black first)" << std::endl;
  int a_wins = 0, b_wins = 0, draws = 0;
  m.on_game = [&](int i, const match::CapgoGame& g) {
    if (g.winner == 2) ++draws;
    else (g.winner == g.a_color ? a_wins : b_wins) += 1;
    if (!o.quiet)
      std::cout << "game " << i + 1 << ": A " << (g.a_color == 0 ? "black" : "white") << ", "
                << (g.winner == 2 ? "draw" : g.winner == g.a_color ? "A wins" : "B wins") << " (" << g.reason << ", "
                << g.plies << " plies)  score A " << a_wins << " B " << b_wins << " draws " << draws << std::endl;
    if (sgf) sgf << g.sgf << "\n";
  };
  auto r = match::run_capgo_match(m);
  if (!r) throw UsageError(r.error());
  double margin = 0;
  const double elo = r->elo_a(&margin);
  char line[160];
  std::snprintf(line, sizeof line, "Elo A-B: %+.0f +/- %.0f (95%%), score %.3f", elo, margin, r->score_a());
  std::cout << "Result: A " << r->a_wins << " B " << r->b_wins << " draws " << r->draws << " (black won "
            << r->black_wins << ", white won " << r->white_wins << ")\n"
            << line << std::endl;
  return 0;
}

}  // namespace

void add_selfplay_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SelfplayOpts>();
  auto* cmd = app.add_subcommand("selfplay", "Play a capture Go match between two players (oyin levels or a GTP engine)");
  cmd->add_option("game", o->game, "Game: capgo")->required();
  cmd->add_option("--a", o->a, "Player A: level=N[,playouts=P,movetime=MS,threads=T], gnugo, or gtp=COMMAND");
  cmd->add_option("--b", o->b, "Player B (same forms as --a)");
  cmd->add_option("--rules", o->rules, "Rules as key=value (default size=9,target=1)");
  cmd->add_option("--games", o->games, "Number of games (colours alternate)")->check(whole_number(1, 100000));
  cmd->add_option("--seed", o->seed, "Seed for the engines' randomness")->check(any_seed());
  cmd->add_option("--max-plies", o->max_plies, "Stop a game after this many plies and count (0 = 4 x points)")
      ->check(whole_number(0, 1000000));
  cmd->add_option("--sgf", o->sgf, "Write every game to this SGF file");
  cmd->add_flag("--quiet", o->quiet, "Only the final result");
  cmd->callback([o, &exit_code] { exit_code = run_selfplay(*o); });
}

}  // namespace oyin::cli
