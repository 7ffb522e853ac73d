// oyin selfplay: the old name of `oyin match`, kept as a thin alias. Its options map onto the
// match's (--a/--b → --engine1/--engine2, --sgf → --records) and its old player forms still work
// (level=N,playouts=P,... → builtin:level=N,...; gtp=COMMAND → gtp:COMMAND; gnugo). It prints
// the equivalent `oyin match` command on stderr, then plays exactly that match.
#include <iostream>

#include "cli/cmd_match.h"
#include "cli/common.h"
#include "core/text.h"

namespace oyin::cli {

namespace {

struct SelfplayOpts {
  std::string game, a = "level=" + std::to_string(kMaxLevel), b = "level=3", rules, sgf;
  int games = 10, max_plies = 0;
  std::uint64_t seed = 1;
  bool quiet = false;
};

// An old player form in the match's syntax; the new forms pass unchanged.
std::string engine_form(const std::string& player) {
  const std::string t(trim(player));
  if (t.rfind("gtp=", 0) == 0) return "gtp:" + t.substr(4);
  for (const char* prefix : {"builtin", "uci:", "gtp:", "gnugo"})
    if (starts_with_ci(t, prefix)) return t;
  return "builtin:" + t;
}

std::string shell_quoted(const std::string& s) {
  if (s.find_first_of(" '\"$;|&<>()*?") == std::string::npos) return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

void add_selfplay_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SelfplayOpts>();
  auto* cmd = app.add_subcommand("selfplay", "Old name of 'oyin match' (maps --a/--b/--sgf onto it)");
  cmd->add_option("game", o->game, "Game: " + game_names())->required();
  cmd->add_option("--a", o->a, "Engine 1: level=N[,playouts=P,movetime=MS,threads=T], gnugo, gtp=COMMAND, or any oyin match form");
  cmd->add_option("--b", o->b, "Engine 2 (same forms as --a; default level=3)");
  cmd->add_option("--rules", o->rules, "Rules as key=value (default: the game's)");
  cmd->add_option("--games", o->games, "Number of games (rounded up to pairs, colours swapped)")->check(whole_number(1, 100000));
  cmd->add_option("--seed", o->seed, "Seed")->check(any_seed());
  cmd->add_option("--max-plies", o->max_plies, "The referee declares a draw after this many plies (0 = the match default, 1000)")
      ->check(whole_number(0, 100000));
  cmd->add_option("--sgf", o->sgf, "Write every game to this file (the game's record format)");
  cmd->add_flag("--quiet", o->quiet, "Only the final table");
  cmd->callback([o, &exit_code] {
    MatchArgs m;
    m.game = o->game;
    m.e1 = engine_form(o->a);
    m.e2 = engine_form(o->b);
    m.records = o->sgf;
    m.quiet = o->quiet;
    m.o.rules = o->rules;
    m.o.games = o->games;
    m.o.seed = o->seed;
    if (o->max_plies) m.o.max_plies = o->max_plies;
    std::string line = "oyin match " + o->game + " --engine1 " + shell_quoted(m.e1) + " --engine2 " + shell_quoted(m.e2) +
                       " --games " + std::to_string(o->games) + " --seed " + std::to_string(o->seed);
    if (!o->rules.empty()) line += " --rules " + shell_quoted(o->rules);
    if (o->max_plies) line += " --max-plies " + std::to_string(o->max_plies);
    if (!o->sgf.empty()) line += " --records " + shell_quoted(o->sgf);
    if (o->quiet) line += " --quiet";
    // Bad input is one line, as everywhere: check it before saying what the alias runs.
    game_or_fail(o->game);
    for (const std::string& e : {m.e1, m.e2})
      if (auto spec = match::parse_player_spec(e); !spec) throw UsageError(spec.error());
    std::cerr << "oyin selfplay is now: " << line << std::endl;
    exit_code = run_match_command(m);
  });
}

}  // namespace oyin::cli
