// oyin: one binary, one subcommand per file in this folder.
#include <CLI/CLI.hpp>
#include <iostream>
#include <new>

#include "cli/common.h"
#include "registry/registry.h"

namespace oyin::cli {
void add_puzzles_command(CLI::App& app, int& exit_code);  // cmd_puzzles.cpp
void add_backup_commands(CLI::App& app, int& exit_code);  // cmd_backup.cpp: backup and restore
}

int main(int argc, char** argv) {
  oyin::register_builtin_games();
  const std::string about = "oyin — engine and playing system for " + oyin::cli::games_in_text();
  CLI::App app{about};
  app.set_version_flag("--version", std::string("oyin ") + OYIN_VERSION);
  app.require_subcommand(0, 1);
  int exit_code = 0;
  auto* help = app.add_subcommand("help", "List the subcommands");
  help->callback([&] {
    std::cout << about << "\n\n"
                 "Usage: oyin <subcommand> [options]    (oyin <subcommand> --help for details)\n\n"
                 "Subcommands:\n";
    for (const auto* sub : app.get_subcommands([](const CLI::App*) { return true; }))
      std::cout << "  " << sub->get_name() << std::string(12 - std::min<std::size_t>(11, sub->get_name().size()), ' ')
                << sub->get_description() << "\n";
    std::cout << "\nGames:";
    const char* sep = " ";
    for (const oyin::GameEntry* g : oyin::all_games()) {
      std::cout << sep << g->name() << " (" << g->title() << ")";
      sep = ", ";
    }
    std::cout << "\n";
  });
  oyin::cli::add_play_command(app, exit_code);
  oyin::cli::add_move_command(app, exit_code);
  oyin::cli::add_perft_command(app, exit_code);
  oyin::cli::add_replay_command(app, exit_code);
  oyin::cli::add_solve_command(app, exit_code);
  oyin::cli::add_verify_proof_command(app, exit_code);
  oyin::cli::add_selfplay_command(app, exit_code);
  oyin::cli::add_gtp_command(app, exit_code);
  oyin::cli::add_serve_command(app, exit_code);
  oyin::cli::add_admin_command(app, exit_code);
  oyin::cli::add_backup_commands(app, exit_code);
  oyin::cli::add_uci_command(app, exit_code);
  oyin::cli::add_bench_command(app, exit_code);
  oyin::cli::add_analyze_command(app, exit_code);
  oyin::cli::add_match_command(app, exit_code);
  oyin::cli::add_import_command(app, exit_code);
  oyin::cli::add_explore_command(app, exit_code);
  oyin::cli::add_puzzles_command(app, exit_code);
  oyin::cli::add_selfplay_data_command(app, exit_code);
  oyin::cli::add_train_command(app, exit_code);
  oyin::cli::add_win_chance_command(app, exit_code);
  oyin::cli::add_convert_command(app, exit_code);
  oyin::cli::add_review_command(app, exit_code);
  oyin::cli::add_worker_command(app, exit_code);
  oyin::cli::add_book_command(app, exit_code, argc, argv);
  try {
    app.parse(argc, argv);
    if (argc == 1) std::cout << app.help();
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "oyin: " << e.what() << " (see 'oyin help')\n";
    return 2;
  } catch (const oyin::cli::UsageError& e) {
    std::cerr << "oyin: " << e.what() << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "oyin: out of memory\n";
    return 1;
  }
  return exit_code;
}
