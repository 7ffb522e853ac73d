// oyin uci: the UCI engine on standard input/output (protocol/uci.cpp).
#include <iostream>

#include "cli/common.h"
#include "protocol/uci.h"

namespace oyin::cli {

void add_uci_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("uci", "Speak UCI on stdin/stdout (Togyz Kumalak, Tojmot via UCI_Variant)");
  cmd->callback([&exit_code] { exit_code = protocol::run_uci(std::cin, std::cout); });
}

}  // namespace oyin::cli
