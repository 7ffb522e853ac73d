// oyin match <game>: engine against engine under our referee, with Elo and a pentanomial SPRT;
// one runner for every game and both protocols (match/runner.h).
#include <cstdio>
#include <fstream>
#include <iostream>

#include "cli/common.h"
#include "core/text.h"
#include "cli/cmd_match.h"

namespace oyin::cli {

namespace {

void parse_tc(const std::string& tc, match::MatchOptions& o) {
  // "BASE+INC" in seconds, as the chess match tools write it: "10+0.1", "60".
  // Bounds keep the milliseconds within an int: a base up to 10^6 s, an increment up to 10^5 s.
  const auto plus = tc.find('+');
  const auto b = parse_real(std::string_view(tc).substr(0, plus));
  const auto inc = plus == std::string::npos ? std::optional<double>(0) : parse_real(std::string_view(tc).substr(plus + 1));
  if (!b || !inc || *b <= 0 || *b > 1e6 || *inc < 0 || *inc > 1e5)
    throw UsageError("--tc must look like BASE+INC in seconds (e.g. 10+0.1; base up to 1000000, increment up to "
                     "100000), not '" + tc + "'");
  o.base_ms = std::max(1, static_cast<int>(*b * 1000));
  o.inc_ms = static_cast<int>(*inc * 1000);
}

void parse_sprt(const std::string& text, match::MatchOptions& o) {
  auto kv = parse_key_values(text);
  if (!kv) throw UsageError("--sprt: " + kv.error());
  o.sprt = true;
  for (const auto& [k, v] : *kv) {
    const auto parsed = parse_real(v);
    if (!parsed || *parsed < -10000 || *parsed > 10000)
      throw UsageError("--sprt: " + k + " must be a number from -10000 to 10000, not '" + v + "'");
    const double x = *parsed;
    if (k == "elo0") o.sprt_params.elo0 = x;
    else if (k == "elo1") o.sprt_params.elo1 = x;
    else if (k == "alpha") o.sprt_params.alpha = x;
    else if (k == "beta") o.sprt_params.beta = x;
    else throw UsageError("--sprt: unknown key '" + k + "' (known: elo0, elo1, alpha, beta)");
  }
  if (o.sprt_params.elo1 <= o.sprt_params.elo0) throw UsageError("--sprt: elo1 must be above elo0");
  if (o.sprt_params.alpha <= 0 || o.sprt_params.alpha >= 0.5 || o.sprt_params.beta <= 0 || o.sprt_params.beta >= 0.5)
    throw UsageError("--sprt: alpha and beta must be in (0, 0.5)");
}

std::string summary_text(const match::MatchOptions& o, const match::MatchSummary& s) {
  char buf[512];
  const int n = s.wins + s.losses + s.draws;
  const double score = n ? (s.wins + 0.5 * s.draws) / n : 0.5;
  std::string out;
  std::snprintf(buf, sizeof buf, "Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", o.engines[0].name.c_str(),
                o.engines[1].name.c_str(), s.wins, s.losses, s.draws, score, n);
  out += buf;
  if (s.elo.valid) std::snprintf(buf, sizeof buf, "Elo difference: %.1f +/- %.1f (95%%)\n", s.elo.elo, s.elo.error95);
  else std::snprintf(buf, sizeof buf, "Elo difference: %s\n", s.penta.pairs() ? (score > 0.5 ? "+inf" : "-inf") : "n/a");
  out += buf;
  std::snprintf(buf, sizeof buf, "Pentanomial [0, 0.5, 1, 1.5, 2]: [%llu, %llu, %llu, %llu, %llu]\n",
                static_cast<unsigned long long>(s.penta.n[0]), static_cast<unsigned long long>(s.penta.n[1]),
                static_cast<unsigned long long>(s.penta.n[2]), static_cast<unsigned long long>(s.penta.n[3]),
                static_cast<unsigned long long>(s.penta.n[4]));
  out += buf;
  if (o.sprt) {
    std::snprintf(buf, sizeof buf, "SPRT (elo0=%g, elo1=%g, alpha=%g, beta=%g): LLR %.2f [%.2f, %.2f] - %s\n",
                  o.sprt_params.elo0, o.sprt_params.elo1, o.sprt_params.alpha, o.sprt_params.beta, s.sprt.llr,
                  s.sprt.lower, s.sprt.upper, match::sprt_state_text(s.sprt.state).c_str());
    out += buf;
  }
  return out;
}

}  // namespace

int run_match_command(MatchArgs& c) {
  const GameAdapter& g = game_or_fail(c.game);
  match::MatchOptions& o = c.o;
  o.game = g.name();
  for (int i = 0; i < 2; ++i) {
    auto spec = match::parse_player_spec(i == 0 ? c.e1 : c.e2);
    if (!spec) throw UsageError(spec.error());
    o.engines[i] = *spec;
  }
  o.timeout_ms = static_cast<int>(c.timeout_s * 1000);
  if (o.engines[0].name == o.engines[1].name) {
    o.engines[0].name += " #1";
    o.engines[1].name += " #2";
  }
  if (!c.tc.empty()) parse_tc(c.tc, o);
  if (!c.sprt.empty()) parse_sprt(c.sprt, o);
  if (!c.openings.empty()) {
    const std::string book = read_file_or_fail(c.openings);  // split() returns views into it
    for (std::string_view line : split(book, '\n')) {
      line = trim(line);
      if (line.empty() || line[0] == '#') continue;
      auto st = g.new_game(o.rules, line);
      if (!st) throw UsageError(c.openings + ": " + st.error());
      o.openings.emplace_back(line);
    }
    if (o.openings.empty()) throw UsageError(c.openings + ": no positions in it");
  }
  std::ofstream records;
  if (!c.records.empty()) {
    records.open(c.records);
    if (!records) throw UsageError("cannot write '" + c.records + "'");
  }
  int played = 0;
  auto r = match::run_match(o, [&](const match::GameResult& gr, const match::MatchSummary& s) {
    ++played;
    if (records) records << gr.record << "\n" << std::flush;
    if (!c.quiet) {
      std::printf("Game %d (pair %d, %s): %s %s, %d plies\n", played, gr.pair + 1,
                  gr.index == 0 ? "engine 1 first" : "engine 2 first", gr.result.c_str(), gr.reason.c_str(), gr.plies);
      if (played % 20 == 0) std::printf("%s", summary_text(o, s).c_str());
      std::fflush(stdout);
    }
  });
  if (!r) throw UsageError(r.error());
  std::printf("\n%s", summary_text(o, *r).c_str());
  std::fflush(stdout);
  if (!r->stopped.empty()) {
    std::fprintf(stderr, "oyin: match stopped after %d game%s: %s\n", played, played == 1 ? "" : "s", r->stopped.c_str());
    return 1;
  }
  return 0;
}

void add_match_command(CLI::App& app, int& exit_code) {
  auto c = std::make_shared<MatchArgs>();
  auto* cmd = app.add_subcommand("match", "Play engines against each other under our referee; Elo and SPRT");
  cmd->add_option("game", c->game, "Game: " + game_names())->required();
  cmd->add_option("--engine1", c->e1,
                  "builtin[:level=N,nodes=N,playouts=N,threads=N,movetime=MS,depth=N,hash=MB,eval=k=v+k=v,evalfile=PATH,nnue=0|1,plain=1,name=S], "
                  "greedy (takes every free capture), uci:<command>, gtp:<command> or gnugo[:level=N] (default " + c->e1 + ")");
  cmd->add_option("--engine2", c->e2, "The opponent, in the same forms (default builtin:level=5)");
  cmd->add_option("--games", c->o.games, "Number of games (rounded up to pairs)")->check(whole_number(1, 1000000));
  cmd->add_option("--tc", c->tc, "Time control BASE+INC in seconds per game, e.g. 10+0.1");
  cmd->add_option("--nodes", c->o.budget.nodes, "Nodes per move (both engines; playouts for a Monte-Carlo engine)")->check(whole_number(0, kMaxNodes));
  cmd->add_option("--depth", c->o.budget.depth, "Depth per move (both engines)")->check(whole_number(1, 100));
  cmd->add_option("--movetime", c->o.budget.movetime_ms, "Milliseconds per move (both engines)")->check(whole_number(1, 3600000));
  cmd->add_option("--openings", c->openings, "File with one start position (the game's position text) per line");
  cmd->add_option("--random-plies", c->o.random_plies, "Random plies played from each opening")->check(whole_number(0, 200));
  cmd->add_option("--concurrency", c->o.concurrency, "Games played at the same time")->check(whole_number(1, 64));
  cmd->add_option("--max-plies", c->o.max_plies, "The referee declares a draw after this many plies")->check(whole_number(1, 100000));
  cmd->add_option("--seed", c->o.seed, "Seed for openings and low-level randomness")->check(any_seed());
  cmd->add_option("--records,--pgn,--sgf", c->records, "Write every game to this file (the game's record format: PGN or SGF)");
  cmd->add_option("--timeout", c->timeout_s,
                  "Seconds an external engine may take to answer a command, beyond the thinking time of a move "
                  "(--movetime, or its clock); later loses the game (default 30)")
      ->check(real_number(0.05, 86400.0));
  cmd->add_option("--sprt", c->sprt, "Stop when decided: elo0=0,elo1=5,alpha=0.05,beta=0.05");
  cmd->add_option("--rules", c->o.rules, "Rule options as key=value,key=value");
  cmd->add_flag("--quiet", c->quiet, "Only the final table");
  cmd->callback([c, &exit_code] { exit_code = run_match_command(*c); });
}

}  // namespace oyin::cli
