// oyin win-chance FILE...: fits the logistic curve from engine scores to results (WinChance::scale,
// registry/win_chance.h) on `oyin selfplay-data` files (position TAB score TAB result TAB game),
// and shows how well it is calibrated.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/common.h"
#include "review/win_chance_fit.h"

namespace oyin::cli {

namespace {

std::vector<review::ScoredResult> read_data(const std::vector<std::string>& files) {
  std::vector<review::ScoredResult> out;
  for (const std::string& f : files) {
    std::ifstream in(f);
    if (!in) throw UsageError("cannot read '" + f + "'");
    std::string line;
    std::size_t n = 0;
    while (std::getline(in, line)) {
      ++n;
      std::istringstream cols(line);
      std::string position, score, result;
      if (!std::getline(cols, position, '\t') || !std::getline(cols, score, '\t') || !std::getline(cols, result, '\t'))
        throw UsageError(f + ":" + std::to_string(n) + ": not a selfplay-data line (position, score, result, game)");
      try {
        out.push_back({std::stoi(score), std::stod(result)});
      } catch (const std::exception&) {
        throw UsageError(f + ":" + std::to_string(n) + ": the score or the result is not a number");
      }
    }
  }
  return out;
}

int run_win_chance(const std::vector<std::string>& files) {
  const auto fit = review::fit_win_chance(read_data(files));
  if (fit.samples == 0) throw UsageError("no scored positions in the data");
  std::printf("positions: %zu\nscale: %.0f (win chance = 1 / (1 + exp(-score / %.0f)))\n", fit.samples, fit.scale, fit.scale);
  std::printf("log loss: %.4f (50 %% everywhere: %.4f)\n\n", fit.log_loss, fit.base_log_loss);
  std::printf("%8s %8s %9s %10s %9s\n", "from", "to", "positions", "predicted", "observed");
  for (const auto& b : fit.bands)
    std::printf("%8d %8d %9zu %9.1f%% %8.1f%%\n", b.from, b.to, b.count, 100 * b.predicted, 100 * b.observed);
  return 0;
}

}  // namespace

void add_win_chance_command(CLI::App& app, int& exit_code) {
  auto files = std::make_shared<std::vector<std::string>>();
  auto* cmd = app.add_subcommand("win-chance", "Fit the curve from engine scores to win chances on selfplay-data files");
  cmd->add_option("files", *files, "Files written by oyin selfplay-data")->required()->check(CLI::ExistingFile);
  cmd->footer("Example: oyin selfplay-data GAME --games 300 --nodes 5000 --out scores.tsv && oyin win-chance scores.tsv");
  cmd->callback([files, &exit_code] { exit_code = run_win_chance(*files); });
}

}  // namespace oyin::cli
