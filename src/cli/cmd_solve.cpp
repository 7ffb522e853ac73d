// oyin solve capgo --rules ... : the exact result of a capture Go position (search/capgo/solver.h).
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <iostream>

#include "cli/common.h"
#include "search/capgo/solver.h"

namespace oyin::cli {

namespace {

// Ctrl-C (or SIGTERM) ends a long solve with its figures so far instead of killing it.
std::atomic<bool> g_stop_solving{false};
extern "C" void stop_solving(int) { g_stop_solving = true; }

struct SolveOpts {
  std::string game, rules = "size=4,target=1,pass=0", position, method = "auto", proof, table;
  double time_s = 0, memory_gb = 0.5;
  std::uint64_t nodes = 0;
  bool quiet = false, no_symmetry = false, no_simulation = false;
  std::vector<std::string> known_proofs;
};

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

int run_solve(const SolveOpts& o) {
  if (!game_or_fail(o.game).has_exact_solver()) {
    std::string solvable;
    for (const GameEntry* g : all_games())
      if (g->has_exact_solver()) solvable += (solvable.empty() ? "" : ", ") + g->name();
    throw UsageError("oyin solve has an exact solver for " + solvable + " only, not '" + o.game + "'");
  }
  if (o.memory_gb <= 0 || o.memory_gb > 64) throw UsageError("--memory must be between 0 and 64 GB");
  // The table is reserved at its full size and backed as it fills, so a size beyond the machine
  // would only fail hours later, when the kernel kills the solve.
  const double machine_gb = static_cast<double>(sysconf(_SC_PHYS_PAGES)) * static_cast<double>(sysconf(_SC_PAGE_SIZE)) /
                            (1024.0 * 1024.0 * 1024.0);
  if (machine_gb > 0 && o.memory_gb > machine_gb) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "--memory %g GB is more than this machine's memory (%.1f GB)", o.memory_gb, machine_gb);
    throw UsageError(buf);
  }
  if (o.time_s < 0) throw UsageError("--time must not be negative");
  capgo::SolverOptions so;
  so.rules_text = o.rules;
  so.position = o.position;
  so.time_s = o.time_s;
  so.memory_gb = o.memory_gb;
  so.max_nodes = o.nodes;
  so.symmetry = !o.no_symmetry;
  so.simulation = !o.no_simulation;
  so.stop = &g_stop_solving;
  so.make_proof = !o.proof.empty();
  so.table_file = o.table;
  for (const auto& file : o.known_proofs) {
    auto c = capgo::proof::read_certificate(file);
    if (!c) throw UsageError(c.error());
    so.known_proofs.push_back(std::make_shared<const capgo::proof::Certificate>(std::move(*c)));
  }
  struct sigaction sa {};
  sa.sa_handler = stop_solving;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  if (o.method == "auto") so.method = capgo::SolverMethod::Auto;
  else if (o.method == "alphabeta") so.method = capgo::SolverMethod::AlphaBeta;
  else if (o.method == "pn") so.method = capgo::SolverMethod::ProofNumber;
  else throw UsageError("--method must be auto, alphabeta or pn, not '" + o.method + "'");
  if (!o.quiet)
    so.on_progress = [](const capgo::SolverProgress& p) {
      std::cout << "progress: " << p.nodes << " nodes, " << fixed(p.seconds, 1) << " s, "
                << fixed(p.nodes / std::max(p.seconds, 1e-9) / 1000.0, 0) << " knodes/s, table " << p.tt_used
                << " entries, ";
      if (p.proving) std::cout << "proof " << p.proof_positions << " positions, " << p.proof_records << " records" << std::endl;
      else if (p.root_moves) std::cout << "root move " << p.root_index << "/" << p.root_moves << " " << p.root_move << std::endl;
      else std::cout << "root proof " << p.proof << " disproof " << p.disproof << ", most proving move " << p.root_move << std::endl;
    };
  std::cout << "Solving capture Go " << o.rules << (o.position.empty() ? "" : " from " + o.position) << std::endl;
  const std::clock_t cpu0 = std::clock();
  auto r = capgo::solve(so);
  const double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
  if (!r) throw UsageError(r.error());
  if (r->table_refused) throw UsageError(r->table_error);
  std::cout << "Method: " << (r->method == capgo::SolverMethod::ProofNumber ? "proof-number search (df-pn)" : "alpha-beta")
            << "\n"
            << "Nodes: " << r->nodes << "\n"
            << "Time: " << fixed(r->seconds, 3) << " s wall, " << fixed(cpu, 3) << " s CPU\n"
            << "Table: " << r->tt_used << " entries used of " << r->tt_entries << " (" << fixed(r->tt_bytes / 1048576.0, 0)
            << " MB)\n";
  if (r->method == capgo::SolverMethod::ProofNumber && so.simulation)
    std::cout << "Simulation: " << r->simulated << " new children proved by a sibling's proof, of " << r->simulations << " tried\n";
  if (!o.table.empty()) {
    if (r->table_read)
      std::cout << "Table file: " << o.table << " read, " << r->table_read_entries << " entries, "
                << r->table_earlier_nodes << " nodes in the earlier runs\n";
    if (r->table_written)
      std::cout << "Table file: " << o.table << " written, " << r->table_file_bytes << " bytes in "
                << fixed(r->table_write_seconds, 1) << " s\n";
    else
      std::cout << "Table file: not written (" << r->table_error << ")\n";
  }
  if (!r->solved) {
    std::cout << "Result: unknown (" << r->stopped << ")" << std::endl;
    return 1;
  }
  bool proof_failed = false;
  if (so.make_proof) {
    proof_failed = true;
    if (!r->has_proof) {
      std::cout << "Proof: not written (" << r->proof_error << ")\n";
    } else if (auto w = capgo::proof::write_certificate(o.proof, r->proof); !w) {
      std::cout << "Proof: not written (" << w.error() << ")\n";
    } else {
      std::cout << "Proof: " << o.proof << ", " << r->proof.records.size() << " records, "
                << r->proof_positions << " positions, made in " << fixed(r->proof_seconds, 1) << " s ("
                << r->proof_nodes << " nodes re-searched)\n";
      proof_failed = false;
    }
  }
  std::cout << "Value for the side to move: " << (r->value > 0 ? "win" : r->value < 0 ? "loss" : "draw") << "\n"
            << "First move: " << (r->best_move.empty() ? "none" : r->best_move)
            << (r->value > 0 ? " (wins)" : r->value == 0 ? " (holds the draw)" : " (every move loses)") << "\n"
            << "Result: " << capgo::winner_text(r->winner) << std::endl;
  return proof_failed || (!o.table.empty() && !r->table_written) ? 1 : 0;
}

}  // namespace

void add_solve_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SolveOpts>();
  auto* cmd = app.add_subcommand("solve", "Solve a capture Go position exactly (who wins with perfect play)");
  cmd->add_option("game", o->game, "Game: capgo")->required();
  cmd->add_option("--rules", o->rules, "Rules as key=value: size=N,target=T,pass=0|1[,setup=BC4+WD4...]");
  cmd->add_option("--position", o->position, "Start from this position text instead of the rules' start");
  cmd->add_option("--time", o->time_s, "Give up after this many seconds (0 = no limit)")->check(real_number(0, 1e9));
  cmd->add_option("--memory", o->memory_gb, "Transposition table size in GB (default 0.5)")->check(real_number(0, 64));
  cmd->add_option("--nodes", o->nodes, "Give up after this many nodes (0 = no limit)")->check(whole_number(0, kMaxNodes));
  cmd->add_option("--method", o->method,
                  "auto (proof-number search where every capture ends the game: target 1, pass=0; else "
                  "alpha-beta), alphabeta or pn");
  cmd->add_option("--proof", o->proof,
                  "Write a proof certificate to this file (proof-number search; check it with oyin verify-proof)");
  cmd->add_option("--known-proof", o->known_proofs,
                  "A certificate of another position (repeatable): its positions count as proved and --proof "
                  "copies its moves (a big proof made in parts)");
  cmd->add_option("--table", o->table,
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
