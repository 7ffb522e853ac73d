// oyin train: fits a game's learned evaluation to `oyin selfplay-data` files (float training
// with Adam, integer export) and writes its weights file.
#include <iostream>

#include "cli/common.h"

namespace oyin::cli {

namespace {

struct TrainCmdOpts {
  std::string game;
  TrainOptions t;
};

}  // namespace

void add_train_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<TrainCmdOpts>();
  auto* cmd = app.add_subcommand("train", "Train a learned evaluation from selfplay-data files");
  const auto trainable = games_where([](const GameEntry& g) { return g.has_trainer(); });
  cmd->add_option("game", o->game, "Game (one with a learned evaluation: " + joined(trainable, &GameEntry::name, ", ") + ")")
      ->required();
  cmd->add_option("--data", o->t.data, "selfplay-data files")->required()->expected(1, -1);
  cmd->add_option("--out", o->t.out, "The weights file to write")->required();
  cmd->add_option("--epochs", o->t.epochs, "Passes over the training positions (default 10)")->check(whole_number(0, 100000));
  cmd->add_option("--seed", o->t.seed, "Seed of the initial weights, the split and the shuffles (default 1)")->check(any_seed());
  cmd->add_option("--lr", o->t.learning_rate, "Adam step size (default 0.001)")->check(real_number(1e-7, 1));
  cmd->add_option("--batch", o->t.batch, "Positions a step (default 256)")->check(whole_number(1, 1000000));
  cmd->add_option("--lambda", o->t.lambda, "Weight of the search score against the game result in the target (default 0.75)")
      ->check(real_number(0, 1));
  cmd->add_option("--validation", o->t.validation, "Share of the games held out (default 0.1)")->check(real_number(0.001, 0.9));
  cmd->callback([o, &exit_code] {
    const GameEntry& g = game_or_fail(o->game);
    if (!g.has_trainer()) throw UsageError(g.title() + " has no learned evaluation to train");
    auto r = g.train(o->t, std::cout);
    if (!r) throw UsageError(r.error());
    exit_code = 0;
  });
}

}  // namespace oyin::cli
