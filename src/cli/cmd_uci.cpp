// oyin uci: the UCI engine on standard input/output (protocol/uci.cpp).
#include <iostream>

#include "cli/common.h"
#include "protocol/uci.h"

namespace oyin::cli {

void add_uci_command(CLI::App& app, int& exit_code) {
  const auto uci_games = games_where([](const GameEntry& g) { return g.protocol() == Protocol::Uci; });
  auto* cmd = app.add_subcommand(
      "uci", "Speak UCI on stdin/stdout (" + joined(uci_games, &GameEntry::title, ", ") + " via UCI_Variant)");
  cmd->callback([&exit_code] { exit_code = protocol::run_uci(std::cin, std::cout); });
}

}  // namespace oyin::cli
