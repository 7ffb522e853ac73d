#pragma once
// Shared pieces of the command-line front end: one-line errors with exit code 2, game lookup,
// reading files.
#include <CLI/CLI.hpp>
#include <stdexcept>
#include <string>

#include "registry/registry.h"

namespace oyin::cli {

// Thrown for bad user input; main() prints "oyin: <message>" and exits with code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Checks for numeric options, used on every one (CLI11 alone reads "-5" into an unsigned as
// 2^64-5, "010" as octal, and lets "nan" through a range): the text must be a plain decimal
// number in [lo, hi], else a one-line error and exit code 2.
CLI::Validator whole_number(std::int64_t lo, std::int64_t hi);
constexpr std::int64_t kMaxNodes = 1'000'000'000'000'000;  // node and playout budgets
CLI::Validator any_seed();                      // a whole number 0..2^64-1
CLI::Validator real_number(double lo, double hi);  // finite; "nan" and "inf" are refused

const GameEntry& game_or_fail(const std::string& name);
std::string levels_text();  // the playing levels for a help text: "0..10"
std::string read_file_or_fail(const std::string& path);
std::string game_names();  // the registered games' names, comma-separated
// "the games" of the program's description: every game's title, as within a sentence, "a, b and c".
std::string games_in_text();
// The record files each format holds, for a help text: ".pgn: A or B, .sgf: C".
std::string games_by_record_format();
// The position text after playing `moves` (space-separated) from `position`; UsageError if a
// move is illegal.
std::string position_after_moves(const GameAdapter& g, const std::string& rules,
                                 const std::string& position, const std::string& moves);

// Each subcommand registers itself on the app; `exit_code` receives its result.
void add_perft_command(CLI::App& app, int& exit_code);
void add_worker_command(CLI::App& app, int& exit_code);
void add_win_chance_command(CLI::App& app, int& exit_code);
void add_review_command(CLI::App& app, int& exit_code);
void add_replay_command(CLI::App& app, int& exit_code);
void add_play_command(CLI::App& app, int& exit_code);
void add_move_command(CLI::App& app, int& exit_code);
void add_solve_command(CLI::App& app, int& exit_code);
void add_verify_proof_command(CLI::App& app, int& exit_code);
void add_selfplay_command(CLI::App& app, int& exit_code);
void add_gtp_command(CLI::App& app, int& exit_code);
void add_serve_command(CLI::App& app, int& exit_code);
void add_admin_command(CLI::App& app, int& exit_code);
void add_uci_command(CLI::App& app, int& exit_code);
void add_bench_command(CLI::App& app, int& exit_code);
void add_analyze_command(CLI::App& app, int& exit_code);
void add_match_command(CLI::App& app, int& exit_code);
void add_import_command(CLI::App& app, int& exit_code);
void add_explore_command(CLI::App& app, int& exit_code);
void add_selfplay_data_command(CLI::App& app, int& exit_code);
void add_train_command(CLI::App& app, int& exit_code);
void add_convert_command(CLI::App& app, int& exit_code);
void add_book_command(CLI::App& app, int& exit_code, int argc, char** argv);  // argv: the command line a book records

}  // namespace oyin::cli
