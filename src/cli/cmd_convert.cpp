// oyin convert: does the engine turn a won position into a win, and how fast? Positions the
// engine scores as won come from its own games against a weaker level; each is then played out
// by the engine on both sides (match/conversion.h). Deterministic for a seed, whatever --jobs.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>

#include "cli/common.h"
#include "match/conversion.h"

namespace oyin::cli {

namespace {

struct ConvertOpts {
  std::string game, save, from, games_out;
  match::ConversionOptions o;
  bool quiet = false;
};

std::string moves_text(int m, int limit) { return m < 0 ? "over " + std::to_string(limit) : std::to_string(m); }

void print_report(const ConvertOpts& c, const match::ConversionReport& r, int games) {
  const match::ConversionOptions& o = c.o;
  const int n = static_cast<int>(r.results.size());
  std::printf("Positions: %d (%s), scored %d or more for the side to move%s\n", n,
              games ? ("from " + std::to_string(games) + " games of level " + std::to_string(o.level) + " against level " +
                       std::to_string(o.weak_level)).c_str()
                    : ("from " + c.from).c_str(),
              o.min_score, games && !o.judge_eval.empty() ? (" under " + o.judge_eval).c_str() : "");
  std::printf("Play-out: level %d on both sides, %llu nodes a move, up to %d moves of the side ahead\n", o.level,
              static_cast<unsigned long long>(o.nodes), o.max_moves);
  std::printf("Mated within %d moves: %d/%d (%.1f%%)\n", o.within, r.within, n, n ? 100.0 * r.within / n : 0.0);
  std::printf("Moves to mate: median %s, p95 %s\n", moves_text(r.median, o.max_moves).c_str(),
              moves_text(r.p95, o.max_moves).c_str());
  std::map<std::string, int> ends;
  int late = 0;
  for (const match::PlayOut& p : r.results) {
    if (!p.mated) ++ends[p.end];
    else if (p.moves > o.within) ++late;
  }
  std::string fails = "Not mated within " + std::to_string(o.within) + ": " + std::to_string(late) + " mated later";
  for (const auto& [end, count] : ends) fails += ", " + std::to_string(count) + " " + end;
  std::printf("%s\n", fails.c_str());
  for (std::size_t i = 0; i < r.results.size(); ++i) {
    const match::PlayOut& p = r.results[i];
    if (p.mated && p.moves <= o.within) continue;
    std::printf("  %s after %d moves (game %d ply %d, score %d): %s\n", p.mated ? "mate" : p.end.c_str(), p.moves,
                r.positions[i].game, r.positions[i].ply, r.positions[i].score, r.positions[i].text.c_str());
  }
}

int run_convert(const ConvertOpts& c) {
  using Clock = std::chrono::steady_clock;
  const GameEntry& g = game_or_fail(c.game);
  if (g.engine_kind() != EngineKind::AlphaBeta)
    throw UsageError(g.title() + "'s engine gives no score in material units to start from");
  const auto t0 = Clock::now();
  auto progress = [&](const std::string& stage, int done, int total, const std::string& what) {
    if (c.quiet) return;
    const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
    std::fprintf(stderr, "convert: %s %d/%d, %.1f s%s%s\n", stage.c_str(), done, total, secs, what.empty() ? "" : ": ",
                 what.c_str());
  };
  std::vector<match::WonPosition> positions;
  int games = 0;
  if (!c.from.empty()) {
    auto read = match::won_positions_from_text(read_file_or_fail(c.from));
    if (!read) throw UsageError(read.error());
    positions = std::move(*read);
    if (static_cast<int>(positions.size()) > c.o.positions) positions.resize(static_cast<std::size_t>(c.o.positions));
  } else {
    auto got = match::collect_won_positions(g, c.o, progress, &games);
    if (!got) throw UsageError(got.error());
    positions = std::move(*got);
  }
  if (!c.save.empty()) {
    std::ofstream f(c.save, std::ios::trunc);
    f << match::won_positions_to_text(positions);
    if (!f) throw UsageError("cannot write '" + c.save + "'");
  }
  auto rep = match::play_out_positions(g, c.o, std::move(positions), progress);
  if (!rep) throw UsageError(rep.error());
  print_report(c, *rep, games);
  if (!c.games_out.empty()) {
    std::ofstream f(c.games_out, std::ios::trunc);
    f << match::play_outs_to_text(*rep);
    if (!f) throw UsageError("cannot write '" + c.games_out + "'");
  }
  return 0;
}

}  // namespace

void add_convert_command(CLI::App& app, int& exit_code) {
  auto c = std::make_shared<ConvertOpts>();
  match::ConversionOptions& o = c->o;
  auto* cmd = app.add_subcommand("convert", "Play out positions the engine scores as won: how often, how fast it mates");
  cmd->add_option("game", c->game, "Game: " + game_names())->required();
  cmd->add_option("--positions", o.positions, "Won positions to collect and play out (default 200)")->check(whole_number(1, 100000));
  cmd->add_option("--nodes", o.nodes, "Search nodes a move, both stages (default 20000)")->check(whole_number(1, kMaxNodes));
  cmd->add_option("--level", o.level, "The engine's level, ahead and defending (default 10)")->check(whole_number(kMinLevel, kMaxLevel));
  cmd->add_option("--weak-level", o.weak_level, "Its opponent's level while positions are collected (default 3)")
      ->check(whole_number(kMinLevel, kMaxLevel));
  cmd->add_option("--min-score", o.min_score, "A position is won from this score for the side to move, centi-units (default 500)")
      ->check(whole_number(1, 100000));
  cmd->add_option("--within", o.within, "The goal: mate within this many moves of the side ahead (default 60)")
      ->check(whole_number(1, 10000));
  cmd->add_option("--max-moves", o.max_moves, "A play-out stops after this many moves of the side ahead (default 150)")
      ->check(whole_number(1, 10000));
  cmd->add_option("--seed", o.seed, "Seed of the collecting games (default 1)")->check(any_seed());
  cmd->add_option("--jobs", o.jobs, "Games played at once, one thread each (default 1)")->check(whole_number(1, 256));
  cmd->add_option("--rules", o.rules, "Rule options as key=value,key=value");
  cmd->add_option("--eval", o.eval, "The engine's evaluation weights as name=value,name=value (default: its own)");
  cmd->add_option("--judge-eval", o.judge_eval,
                  "Collecting: the score that picks a position is a second search under these weights (name=value,...; from "
                  "the defaults), e.g. mop_up=0: a score without the steering credits toward a mate");
  cmd->add_option("--evalfile", o.evalfile,
                  "Both sides play with this learned evaluation (a weights file; <empty>: the hand-made one)");
  cmd->add_option("--save", c->save, "Write the collected positions to this file");
  cmd->add_option("--from", c->from, "Play out the positions of this file (written by --save) instead of collecting");
  cmd->add_option("--games", c->games_out, "Write each play-out (its moves and the position it ended in) to this file");
  cmd->add_flag("--quiet", c->quiet, "No progress lines");
  cmd->callback([c, &exit_code] {
    if (c->o.within > c->o.max_moves) throw UsageError("--within must not exceed --max-moves");
    exit_code = run_convert(*c);
  });
}

}  // namespace oyin::cli
