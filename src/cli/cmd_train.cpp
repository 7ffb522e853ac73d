// oyin train: fits a game's learned evaluation to `oyin selfplay-data` files (float training
// with Adam, integer export) and writes its weights file.
#include <iostream>
#include <optional>
#include <streambuf>

#include "cli/common.h"
#include "cli/progress.h"

namespace oyin::cli {

namespace {

struct TrainCmdOpts {
  std::string game;
  TrainOptions t;
  bool quiet = false;
};

// The trainer's log to stdout, wiping the progress bar's line first when both are on a terminal.
class ClearingBuf : public std::streambuf {
 public:
  ClearingBuf(std::streambuf* to, std::optional<Progress>& bar) : to_(to), bar_(bar) {}

 protected:
  int overflow(int c) override {
    if (bar_) bar_->clear();
    return c == traits_type::eof() ? 0 : to_->sputc(static_cast<char>(c));
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    if (bar_) bar_->clear();
    return to_->sputn(s, n);
  }
  int sync() override { return to_->pubsync(); }

 private:
  std::streambuf* to_;
  std::optional<Progress>& bar_;
};

int run_train(TrainCmdOpts& o) {
  const GameEntry& g = game_or_fail(o.game);
  if (!g.has_trainer()) throw UsageError(g.title() + " has no learned evaluation to train");
  std::optional<Progress> bar;  // made at the first batch: reading the data is not training time
  o.t.progress = [&](const TrainProgress& p) {
    if (!bar) bar.emplace("train", o.quiet);
    const double total = static_cast<double>(p.epochs) * static_cast<double>(p.batches);
    const double done = static_cast<double>(p.epoch - 1) * static_cast<double>(p.batches) + static_cast<double>(p.batch);
    char detail[160];
    std::snprintf(detail, sizeof detail, "epoch %d/%d, batch %zu/%zu, loss %.6f", p.epoch, p.epochs, p.batch, p.batches, p.loss);
    bar->update(done, total, detail, p.epoch == p.epochs && p.batch == p.batches);
  };
  ClearingBuf buf(std::cout.rdbuf(), bar);
  std::ostream log(&buf);
  auto r = g.train(o.t, log);
  log.flush();
  if (!r) throw UsageError(r.error());
  return 0;
}

}  // namespace

void add_train_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<TrainCmdOpts>();
  auto* cmd = app.add_subcommand("train", "Train a learned evaluation from selfplay-data files");
  const auto trainable = games_where([](const GameEntry& g) { return g.has_trainer(); });
  cmd->add_option("game", o->game, "Game (one with a learned evaluation: " + joined(trainable, &GameEntry::name, ", ") + ")")
      ->required();
  cmd->add_option("--data", o->t.data, "selfplay-data files (the shards of a run in any order train as the joined file)")
      ->required()
      ->expected(1, -1);
  cmd->add_option("--out", o->t.out, "The weights file to write")->required();
  cmd->add_option("--epochs", o->t.epochs, "Passes over the training positions (default 10)")->check(whole_number(0, 100000));
  cmd->add_option("--seed", o->t.seed, "Seed of the initial weights, the split and the shuffles (default 1)")->check(any_seed());
  cmd->add_option("--lr", o->t.learning_rate, "Adam step size (default 0.001)")->check(real_number(1e-7, 1));
  cmd->add_option("--batch", o->t.batch, "Positions a step (default 256)")->check(whole_number(1, 1000000));
  cmd->add_option("--lambda", o->t.lambda, "Weight of the search score against the game result in the target (default 0.75)")
      ->check(real_number(0, 1));
  cmd->add_option("--validation", o->t.validation, "Share of the games held out (default 0.1)")->check(real_number(0.001, 0.9));
  cmd->add_flag("--quiet", o->quiet, "No progress bar (the epoch lines stay)");
  cmd->callback([o, &exit_code] { exit_code = run_train(*o); });
}

}  // namespace oyin::cli
