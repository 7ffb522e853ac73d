// oyin solve GAME --rules ... : the exact result of a position, by the game's exact solver (the
// registry's hook, registry/game_tools.h); the options and the limits of the machine are read here.
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>

#include "cli/common.h"

namespace oyin::cli {

namespace {

// Ctrl-C (or SIGTERM) ends a long solve with its figures so far instead of killing it.
std::atomic<bool> g_stop_solving{false};
extern "C" void stop_solving(int) { g_stop_solving = true; }

struct SolveOpts {
  std::string game;
  SolveRequest request;
  bool quiet = false, no_symmetry = false, no_simulation = false;
  const CLI::Option* rules = nullptr;  // given or not: when not, the solver's default rules
};

std::vector<const GameEntry*> solvable() {
  return games_where([](const GameEntry& g) { return g.has_exact_solver(); });
}

int run_solve(const SolveOpts& o) {
  const GameEntry& g = game_or_fail(o.game);
  if (!g.has_exact_solver())
    throw UsageError("oyin solve has an exact solver for " + joined(solvable(), &GameEntry::name, ", ") + " only, not '" +
                     o.game + "'");
  const double memory_gb = o.request.memory_gb;
  if (memory_gb <= 0 || memory_gb > 64) throw UsageError("--memory must be between 0 and 64 GB");
  // The table is reserved at its full size and backed as it fills, so a size beyond the machine
  // would only fail hours later, when the kernel kills the solve.
  const double machine_gb = static_cast<double>(sysconf(_SC_PHYS_PAGES)) * static_cast<double>(sysconf(_SC_PAGE_SIZE)) /
                            (1024.0 * 1024.0 * 1024.0);
  if (machine_gb > 0 && memory_gb > machine_gb) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "--memory %g GB is more than this machine's memory (%.1f GB)", memory_gb, machine_gb);
    throw UsageError(buf);
  }
  if (o.request.time_s < 0) throw UsageError("--time must not be negative");
  SolveRequest q = o.request;
  if (o.rules->count() == 0) q.rules = g.solver().default_rules;
  q.progress = !o.quiet;
  q.symmetry = !o.no_symmetry;
  q.simulation = !o.no_simulation;
  q.stop = &g_stop_solving;
  struct sigaction sa {};
  sa.sa_handler = stop_solving;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  auto r = g.solver().solve(q, std::cout);
  if (!r) throw UsageError(r.error());
  return *r;
}

}  // namespace

void add_solve_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SolveOpts>();
  // The texts of the (first) game with an exact solver.
  const std::vector<const GameEntry*> games = solvable();
  const ExactSolver none;
  const ExactSolver& s = games.empty() ? none : games.front()->solver();
  SolveRequest& q = o->request;
  auto* cmd = app.add_subcommand("solve", s.solve_help);
  cmd->add_option("game", o->game, "Game: " + joined(games, &GameEntry::name, ", "))->required();
  o->rules = cmd->add_option("--rules", q.rules, s.rules_help);
  cmd->add_option("--position", q.position, "Start from this position text instead of the rules' start");
  cmd->add_option("--time", q.time_s, "Give up after this many seconds (0 = no limit)")->check(real_number(0, 1e9));
  cmd->add_option("--memory", q.memory_gb, "Transposition table size in GB (default 0.5)")->check(real_number(0, 64));
  cmd->add_option("--nodes", q.nodes, "Give up after this many nodes (0 = no limit)")->check(whole_number(0, kMaxNodes));
  cmd->add_option("--method", q.method, s.method_help);
  cmd->add_option("--proof", q.proof_file,
                  "Write a proof certificate to this file (proof-number search; check it with oyin verify-proof)");
  cmd->add_option("--known-proof", q.known_proofs,
                  "A certificate of another position (repeatable): its positions count as proved and --proof "
                  "copies its moves (a big proof made in parts)");
  cmd->add_option("--table", q.table_file,
                  "Keep the proof-number search's table in this file: read before the search if it exists, "
                  "written when it ends (also on --time, --nodes or Ctrl-C), so a long solve goes on over several "
                  "runs (the same rules, position and --no-symmetry; --memory at least the table's size)");
  cmd->add_flag("--no-symmetry", o->no_symmetry, "Do not merge positions that are mirror images");
  cmd->add_flag("--no-simulation", o->no_simulation,
                "Proof-number search: do not try a lost sibling's proof on a new child first (for comparisons)");
  cmd->add_flag("--quiet", o->quiet, "No progress lines");
  cmd->callback([o, &exit_code] { exit_code = run_solve(*o); });
}

}  // namespace oyin::cli
