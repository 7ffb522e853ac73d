// oyin gtp [--rules R] [--seed S]: a GTP v2 engine for capture Go on standard input/output.
#include <iostream>

#include "cli/common.h"
#include "protocol/gtp.h"

namespace oyin::cli {

void add_gtp_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::string rules;
    std::uint64_t seed = 1;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("gtp", "Speak GTP v2 (Go Text Protocol) for capture Go, e.g. for GoGui");
  cmd->add_option("--rules", o->rules, "Capture Go settings: size=9,target=1,pass=1,setup=BC4+WD4");
  cmd->add_option("--seed", o->seed, "Random seed of the random mover behind genmove");
  cmd->callback([o, &exit_code] {
    auto engine = protocol::GtpEngine::create({o->rules, o->seed, OYIN_VERSION});
    if (!engine) throw UsageError(engine.error());
    std::ios::sync_with_stdio(false);
    engine->run(std::cin, std::cout);
    exit_code = 0;
  });
}

}  // namespace oyin::cli
