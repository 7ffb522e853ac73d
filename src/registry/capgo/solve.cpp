// Capture Go's exact solver and proof checker as the registry's hooks (game_tools.h): what
// `oyin solve capgo` and `oyin verify-proof` do and print.
#include <cstdio>
#include <ctime>
#include <memory>
#include <ostream>

#include "games/capgo/proof.h"
#include "registry/game_tools.h"
#include "search/capgo/solver.h"

namespace oyin {

namespace {

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// The request as the solver's options; an error for a bad method or an unreadable known proof.
Result<capgo::SolverOptions> solver_options(const SolveRequest& q, std::ostream& out) {
  capgo::SolverOptions so;
  so.rules_text = q.rules;
  so.position = q.position;
  so.time_s = q.time_s;
  so.memory_gb = q.memory_gb;
  so.max_nodes = q.nodes;
  so.symmetry = q.symmetry;
  so.simulation = q.simulation;
  so.stop = q.stop;
  so.make_proof = !q.proof_file.empty();
  so.table_file = q.table_file;
  for (const auto& file : q.known_proofs) {
    auto c = capgo::proof::read_certificate(file);
    if (!c) return make_error(c.error());
    so.known_proofs.push_back(std::make_shared<const capgo::proof::Certificate>(std::move(*c)));
  }
  if (q.method == "auto") so.method = capgo::SolverMethod::Auto;
  else if (q.method == "alphabeta") so.method = capgo::SolverMethod::AlphaBeta;
  else if (q.method == "pn") so.method = capgo::SolverMethod::ProofNumber;
  else return make_error("--method must be auto, alphabeta or pn, not '" + q.method + "'");
  if (q.progress)
    so.on_progress = [&out](const capgo::SolverProgress& p) {
      out << "progress: " << p.nodes << " nodes, " << fixed(p.seconds, 1) << " s, "
          << fixed(p.nodes / std::max(p.seconds, 1e-9) / 1000.0, 0) << " knodes/s, table " << p.tt_used << " entries, ";
      if (p.proving) out << "proof " << p.proof_positions << " positions, " << p.proof_records << " records" << std::endl;
      else if (p.root_moves) out << "root move " << p.root_index << "/" << p.root_moves << " " << p.root_move << std::endl;
      else out << "root proof " << p.proof << " disproof " << p.disproof << ", most proving move " << p.root_move << std::endl;
    };
  return so;
}

// The search's figures: method, nodes, time, table, simulations and the table file.
void print_figures(const capgo::SolveResult& r, const SolveRequest& q, bool simulation, double cpu, std::ostream& out) {
  out << "Method: " << (r.method == capgo::SolverMethod::ProofNumber ? "proof-number search (df-pn)" : "alpha-beta") << "\n"
      << "Nodes: " << r.nodes << "\n"
      << "Time: " << fixed(r.seconds, 3) << " s wall, " << fixed(cpu, 3) << " s CPU\n"
      << "Table: " << r.tt_used << " entries used of " << r.tt_entries << " (" << fixed(r.tt_bytes / 1048576.0, 0)
      << " MB)\n";
  if (r.method == capgo::SolverMethod::ProofNumber && simulation)
    out << "Simulation: " << r.simulated << " new children proved by a sibling's proof, of " << r.simulations << " tried\n";
  if (q.table_file.empty()) return;
  if (r.table_read)
    out << "Table file: " << q.table_file << " read, " << r.table_read_entries << " entries, " << r.table_earlier_nodes
        << " nodes in the earlier runs\n";
  if (r.table_written)
    out << "Table file: " << q.table_file << " written, " << r.table_file_bytes << " bytes in "
        << fixed(r.table_write_seconds, 1) << " s\n";
  else
    out << "Table file: not written (" << r.table_error << ")\n";
}

// Writes the proof certificate the solve made; false when it could not be.
bool write_proof(const capgo::SolveResult& r, const std::string& file, std::ostream& out) {
  if (!r.has_proof) {
    out << "Proof: not written (" << r.proof_error << ")\n";
    return false;
  }
  if (auto w = capgo::proof::write_certificate(file, r.proof); !w) {
    out << "Proof: not written (" << w.error() << ")\n";
    return false;
  }
  out << "Proof: " << file << ", " << r.proof.records.size() << " records, " << r.proof_positions
      << " positions, made in " << fixed(r.proof_seconds, 1) << " s (" << r.proof_nodes << " nodes re-searched)\n";
  return true;
}

}  // namespace

Result<int> solve_capgo(const SolveRequest& q, std::ostream& out) {
  auto so = solver_options(q, out);
  if (!so) return make_error(so.error());
  out << "Solving capture Go " << q.rules << (q.position.empty() ? "" : " from " + q.position) << std::endl;
  const std::clock_t cpu0 = std::clock();
  auto r = capgo::solve(*so);
  const double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
  if (!r) return make_error(r.error());
  if (r->table_refused) return make_error(r->table_error);
  print_figures(*r, q, so->simulation, cpu, out);
  if (!r->solved) {
    out << "Result: unknown (" << r->stopped << ")" << std::endl;
    return 1;
  }
  const bool proof_failed = so->make_proof && !write_proof(*r, q.proof_file, out);
  out << "Value for the side to move: " << (r->value > 0 ? "win" : r->value < 0 ? "loss" : "draw") << "\n"
      << "First move: " << (r->best_move.empty() ? "none" : r->best_move)
      << (r->value > 0 ? " (wins)" : r->value == 0 ? " (holds the draw)" : " (every move loses)") << "\n"
      << "Result: " << capgo::winner_text(r->winner) << std::endl;
  return proof_failed || (!q.table_file.empty() && !r->table_written) ? 1 : 0;
}

// Checks a certificate (games/capgo/proof.h) with the rules core alone: no search, no tactics,
// no table.
Result<int> verify_capgo_proof(const std::string& file, bool progress, std::ostream& out) {
  const std::clock_t cpu0 = std::clock();
  auto cert = capgo::proof::read_certificate(file);
  if (!cert) return make_error(cert.error());
  out << "Checking " << file << ": " << capgo::rules_to_text(cert->rules) << ", position " << cert->position << ", "
      << (cert->winner == 0 ? "black" : "white") << " wins, " << cert->records.size() << " records" << std::endl;
  std::function<void(const capgo::proof::VerifyProgress&)> on_progress;
  if (progress)
    on_progress = [&out](const capgo::proof::VerifyProgress& p) {
      out << "progress: " << p.positions << " positions proved, " << p.moves << " moves played, " << fixed(p.seconds, 1)
          << " s" << std::endl;
    };
  const auto r = capgo::proof::verify(*cert, on_progress);
  const double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
  out << "Positions: " << r.positions << " proved (" << r.winner_positions << " with the winner to move), "
      << r.records_used << " of " << cert->records.size() << " records used, " << r.moves << " moves played\n"
      << "Time: " << fixed(r.seconds, 1) << " s wall, " << fixed(cpu, 1) << " s CPU; memory "
      << fixed(static_cast<double>(r.memory_bytes) / 1048576.0, 1) << " MB (proved positions and records)\n";
  if (!r.proved) {
    out << "Failed: " << r.failure << "\nResult: not proved" << std::endl;
    return 1;
  }
  out << "Result: proved (" << (cert->winner == 0 ? "B" : "W") << " wins)" << std::endl;
  return 0;
}

}  // namespace oyin
