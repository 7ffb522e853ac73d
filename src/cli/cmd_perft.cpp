// oyin perft <game> --depth N [--fen F] [--rules R] [--divide] [--threads T]
#include <chrono>
#include <iostream>

#include "cli/common.h"

namespace oyin::cli {

void add_perft_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::string game, fen, rules, moves;
    int depth = 1, threads = 1;
    bool divide = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("perft", "Count legal move sequences of a given length (move-generator check)");
  cmd->add_option("game", o->game, "Game: " + game_names())->required();
  cmd->add_option("-d,--depth", o->depth, "Number of plies")->required()->check(whole_number(0, 64));
  cmd->add_option("--fen,--position", o->fen, "Start from this position instead of the initial one");
  cmd->add_option("--rules", o->rules, "Rule options as key=value,key=value");
  cmd->add_option("--moves", o->moves, "Play these moves (space-separated) from the position first");
  cmd->add_option("-t,--threads", o->threads, "Split the root moves over this many threads")->check(whole_number(1, 256));
  cmd->add_flag("--divide", o->divide, "Print the count below each root move first");
  cmd->callback([o, &exit_code] {
    const GameAdapter& g = game_or_fail(o->game);
    if (!o->moves.empty()) o->fen = position_after_moves(g, o->rules, o->fen, o->moves);
    const auto t0 = std::chrono::steady_clock::now();
    PerftOptions opt{o->depth, o->threads, o->divide};
    auto nodes = g.perft(o->rules, o->fen, opt, [](const std::string& move, std::uint64_t n) {
      std::cout << move << ": " << n << "\n";
    });
    if (!nodes) throw UsageError(nodes.error());
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cerr << "time " << static_cast<long long>(secs * 1000) << " ms, "
              << static_cast<long long>(secs > 0 ? static_cast<double>(*nodes) / secs : 0) << " nodes/s\n";
    if (o->divide) std::cout << "\n";
    std::cout << "Nodes searched: " << *nodes << std::endl;
    exit_code = 0;
  });
}

}  // namespace oyin::cli
