// oyin bench: the whole-engine signature; every commit that changes search behaviour records
// the "Nodes searched" figure in its message as "Bench: <N>".
#include <iostream>

#include "cli/common.h"
#include "registry/bench.h"

namespace oyin::cli {

void add_bench_command(CLI::App& app, int& exit_code) {
  auto depth = std::make_shared<int>(kBenchDepth);
  auto verbose = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand("bench", "Search a fixed list of positions to a fixed depth; print the node signature");
  cmd->add_option("--depth", *depth, "Search depth for every position")->check(whole_number(1, 60));
  cmd->add_flag("--verbose,-v", *verbose, "One line per position");
  cmd->callback([depth, verbose, &exit_code] {
    const auto t = run_bench(*depth, 16, [&](const BenchLine& l) {
      if (*verbose) std::cout << l.game << "  " << l.position << "  bestmove " << l.best_move << "  nodes " << l.nodes << "\n";
    });
    std::cout << "Positions: " << t.positions << ", depth " << *depth << " (playout positions: fixed playouts), 1 thread\n"
              << "Nodes searched: " << t.nodes << "\n"
              << "Time (ms): " << t.time_ms << "\n"
              << "Nodes/second: " << (t.time_ms > 0 ? t.nodes * 1000 / static_cast<std::uint64_t>(t.time_ms) : t.nodes)
              << "\n";
    exit_code = 0;
  });
}

}  // namespace oyin::cli
