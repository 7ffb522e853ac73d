// oyin verify-proof FILE: checks a proof certificate from `oyin solve --proof` by the proof checker
// of the game whose solver writes them (the registry's hook, registry/game_tools.h).
#include <iostream>

#include "cli/common.h"

namespace oyin::cli {

namespace {

struct VerifyOpts {
  std::string file;
  bool quiet = false;
};

const GameEntry* proof_checker() {
  const auto games = games_where([](const GameEntry& g) { return g.has_proof_checker(); });
  return games.empty() ? nullptr : games.front();
}

int run_verify(const VerifyOpts& o) {
  const GameEntry* g = proof_checker();
  if (!g) throw UsageError("no game has a proof checker");
  auto r = g->solver().verify_proof(o.file, !o.quiet, std::cout);
  if (!r) throw UsageError(r.error());
  return *r;
}

}  // namespace

void add_verify_proof_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<VerifyOpts>();
  const GameEntry* g = proof_checker();
  auto* cmd = app.add_subcommand("verify-proof", g ? g->solver().verify_help : "Check a proof certificate");
  cmd->add_option("file", o->file, "The certificate file")->required();
  cmd->add_flag("--quiet", o->quiet, "No progress lines");
  cmd->callback([o, &exit_code] { exit_code = run_verify(*o); });
}

}  // namespace oyin::cli
