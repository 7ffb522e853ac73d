#pragma once
// The training run of core/nnue_train.h: the data files split into training and validation
// games, epochs of Adam, the best epoch's network quantised and written.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <numeric>
#include <ostream>
#include <unordered_set>

#include "core/nnue_train.h"

namespace oyin::nnue {

namespace detail {

// Reads the data files into the training and validation sets. Whole games go to one side of the
// split (positions of a game are alike), chosen by the seed and the game number alone: the
// shards of one run (`selfplay-data --shard`, global game numbers) split as the joined file
// does, and both sets are kept in game order, so the shards in any order train as the joined
// file. Files are read in the order of their first game number: then the positions need no
// sorting (a copy of them).
template <class Arch>
Status load_split(const TrainOptions& opt, std::vector<Sample<Arch>>& train_set, std::vector<Sample<Arch>>& val_set,
                  std::ostream& log) {
  std::vector<std::pair<std::uint32_t, std::string>> files;
  for (const std::string& path : opt.data) files.emplace_back(first_game_of(path), path);
  std::stable_sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::uint64_t games = 0, shared = 0;
  std::unordered_set<std::uint32_t> seen;  // game numbers of the files before
  for (const auto& [first, path] : files) {
    auto s = read_samples<Arch>(path);
    if (!s) return make_error(s.error());
    std::unordered_set<std::uint32_t> here;
    std::uint32_t last = 0xFFFFFFFF;
    for (const Sample<Arch>& x : *s) {
      if (x.game != last) {
        ++games, last = x.game;
        if (here.insert(x.game).second && seen.count(x.game)) ++shared;
      }
      (held_out(opt.seed, x.game, opt.validation) ? val_set : train_set).push_back(x);
    }
    seen.insert(here.begin(), here.end());
  }
  for (auto* set : {&train_set, &val_set}) {
    auto by_game = [](const Sample<Arch>& a, const Sample<Arch>& b) { return a.game < b.game; };
    if (!std::is_sorted(set->begin(), set->end(), by_game)) std::stable_sort(set->begin(), set->end(), by_game);
  }
  if (train_set.empty()) return make_error("no training positions in the data files");
  if (val_set.empty()) return make_error("no validation positions: give more games or a larger --validation share");
  log << "positions: " << train_set.size() << " training, " << val_set.size() << " validation (" << games << " games)\n";
  if (shared > 0)
    log << "note: " << shared << " game numbers appear in more than one file (a shard given twice, or runs "
        << "without --first-game apart: such games fall on the same side of the split)\n";
  return Ok{};
}

}  // namespace detail

// `oyin train GAME`: reads opt.data, trains opt.epochs epochs (progress and validation loss on
// `log`), writes the quantised network to opt.out.
template <class Arch>
Result<TrainReport> train(const TrainOptions& opt, std::ostream& log) {
  using Clock = std::chrono::steady_clock;
  if (opt.data.empty()) return make_error("no data files (--data FILE...)");
  std::vector<Sample<Arch>> train_set, val_set;
  if (auto st = detail::load_split<Arch>(opt, train_set, val_set, log); !st) return make_error(st.error());

  FloatNetwork<Arch> net = initial_network<Arch>(opt.seed);
  TrainReport rep;
  rep.train_positions = train_set.size();
  rep.validation_positions = val_set.size();
  rep.initial_validation_loss = mean_loss(net, val_set, opt.lambda);
  rep.initial_training_loss = mean_loss(net, train_set, opt.lambda);
  char buf[200];
  std::snprintf(buf, sizeof buf, "epoch 0: training loss %.6f, validation loss %.6f\n", rep.initial_training_loss,
                rep.initial_validation_loss);
  log << buf << std::flush;

  FloatNetwork<Arch> best = net;
  int best_epoch = 0;
  rep.final_validation_loss = rep.initial_validation_loss;
  rep.final_training_loss = rep.initial_training_loss;
  detail::Adam<Arch> adam;
  detail::zero(adam.m);
  detail::zero(adam.v);
  FloatNetwork<Arch> grad = adam.m;
  std::vector<std::uint32_t> order(train_set.size());
  std::iota(order.begin(), order.end(), 0u);
  Rng rng(opt.seed * 0x9E3779B97F4A7C15ULL + 7);
  const std::size_t batch = static_cast<std::size_t>(std::max(1, opt.batch));
  for (int epoch = 1; epoch <= opt.epochs; ++epoch) {
    const auto t0 = Clock::now();
    std::shuffle(order.begin(), order.end(), rng);
    TrainProgress at{epoch, opt.epochs, 0, (order.size() + batch - 1) / batch, 0};
    double loss_sum = 0;
    for (std::size_t b = 0; b < order.size(); b += batch) {
      const std::size_t e = std::min(order.size(), b + batch);
      detail::zero(grad);
      const float scale = 1.0f / static_cast<float>(e - b);
      for (std::size_t i = b; i < e; ++i) loss_sum += detail::backward(net, train_set[order[i]], opt.lambda, scale, grad);
      detail::adam_step(net, grad, adam, opt.learning_rate);
      if (opt.progress) {
        ++at.batch;
        at.loss = loss_sum / static_cast<double>(e);
        opt.progress(at);
      }
    }
    // The network as it stands after the epoch, on both sets.
    const double tl = mean_loss(net, train_set, opt.lambda), val = mean_loss(net, val_set, opt.lambda);
    const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
    std::snprintf(buf, sizeof buf, "epoch %d/%d: training loss %.6f, validation loss %.6f (%.1f s, %.0f positions/s)\n",
                  epoch, opt.epochs, tl, val, secs, static_cast<double>(order.size()) / std::max(secs, 1e-9));
    log << buf << std::flush;
    if (val < rep.final_validation_loss) {
      best = net;
      best_epoch = epoch;
      rep.final_validation_loss = val;
      rep.final_training_loss = tl;
    }
  }
  // Small data sets overfit within a few epochs: the network written is the best one on the
  // held-out games, not the last.
  if (best_epoch != opt.epochs) {
    std::snprintf(buf, sizeof buf, "keeping epoch %d (the lowest validation loss)\n", best_epoch);
    log << buf;
  }
  const auto q = std::make_unique<Network<Arch>>(quantise(best));
  rep.quantised_validation_loss = mean_loss(*q, val_set, opt.lambda);
  std::snprintf(buf, sizeof buf, "quantised network: validation loss %.6f\n", rep.quantised_validation_loss);
  log << buf;
  if (!opt.out.empty()) {
    if (auto st = save(*q, opt.out); !st) return make_error(st.error());
    log << "wrote " << opt.out << "\n";
  }
  return rep;
}

}  // namespace oyin::nnue
