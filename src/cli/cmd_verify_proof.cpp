// oyin verify-proof FILE: checks a capture Go proof certificate (games/capgo/proof.h) with the
// rules core alone: no search, no tactics, no table.
#include <cstdio>
#include <ctime>
#include <iostream>

#include "cli/common.h"
#include "games/capgo/proof.h"

namespace oyin::cli {

namespace {

struct VerifyOpts {
  std::string file;
  bool quiet = false;
};

std::string fixed1(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

int run_verify(const VerifyOpts& o) {
  const std::clock_t cpu0 = std::clock();
  auto cert = capgo::proof::read_certificate(o.file);
  if (!cert) throw UsageError(cert.error());
  std::cout << "Checking " << o.file << ": " << capgo::rules_to_text(cert->rules) << ", position " << cert->position
            << ", " << (cert->winner == 0 ? "black" : "white") << " wins, " << cert->records.size() << " records"
            << std::endl;
  std::function<void(const capgo::proof::VerifyProgress&)> progress;
  if (!o.quiet)
    progress = [](const capgo::proof::VerifyProgress& p) {
      std::cout << "progress: " << p.positions << " positions proved, " << p.moves << " moves played, "
                << fixed1(p.seconds) << " s" << std::endl;
    };
  const auto r = capgo::proof::verify(*cert, progress);
  const double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
  std::cout << "Positions: " << r.positions << " proved (" << r.winner_positions << " with the winner to move), "
            << r.records_used << " of " << cert->records.size() << " records used, " << r.moves << " moves played\n"
            << "Time: " << fixed1(r.seconds) << " s wall, " << fixed1(cpu) << " s CPU; memory " << fixed1(static_cast<double>(r.memory_bytes) / 1048576.0)
            << " MB (proved positions and records)\n";
  if (!r.proved) {
    std::cout << "Failed: " << r.failure << "\nResult: not proved" << std::endl;
    return 1;
  }
  std::cout << "Result: proved (" << (cert->winner == 0 ? "B" : "W") << " wins)" << std::endl;
  return 0;
}

}  // namespace

void add_verify_proof_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<VerifyOpts>();
  auto* cmd = app.add_subcommand("verify-proof",
                                 "Check a capture Go proof certificate (from oyin solve --proof) with the rules alone");
  cmd->add_option("file", o->file, "The certificate file")->required();
  cmd->add_flag("--quiet", o->quiet, "No progress lines");
  cmd->callback([o, &exit_code] { exit_code = run_verify(*o); });
}

}  // namespace oyin::cli
