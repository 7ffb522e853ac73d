// oyin gtp [--rules R] [--seed S]: a GTP v2 engine for capture Go on standard input/output.
#include <iostream>

#include "cli/common.h"
#include "protocol/gtp.h"

namespace oyin::cli {

void add_gtp_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::string rules;
    std::uint64_t seed = 1;
    int level = kMaxLevel, threads = 1;
    std::uint64_t playouts = 0;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("gtp", "Speak GTP v2 (Go Text Protocol) for capture Go, e.g. for GoGui");
  cmd->add_option("--rules", o->rules, "Capture Go settings: size=9,target=1,pass=1,setup=BC4+WD4");
  cmd->add_option("--seed", o->seed, "Random seed behind genmove (the MCTS is deterministic for a seed with one thread)")
      ->check(any_seed());
  cmd->add_option("--level", o->level,
                  "genmove by oyin's MCTS at this level " + levels_text() + " (default " + std::to_string(kMaxLevel) +
                      "; -1: a random legal move)")
      ->check(whole_number(-1, kMaxLevel));
  cmd->add_option("--playouts", o->playouts, "MCTS playouts per move (default: the level's budget)")
      ->check(whole_number(0, kMaxNodes));
  cmd->add_option("--threads", o->threads, "MCTS threads")->check(whole_number(1, 64));
  cmd->callback([o, &exit_code] {
    auto engine = protocol::GtpEngine::create({o->rules, o->seed, OYIN_VERSION, o->level, o->playouts, o->threads});
    if (!engine) throw UsageError(engine.error());
    std::ios::sync_with_stdio(false);
    engine->run(std::cin, std::cout);
    exit_code = 0;
  });
}

}  // namespace oyin::cli
