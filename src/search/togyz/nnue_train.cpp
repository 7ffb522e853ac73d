#include "search/togyz/nnue_train.h"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <ostream>
#include <unordered_set>

#include "core/random.h"
#include "core/text.h"
#include "games/togyz/notation.h"

namespace oyin::togyz::nnue {

namespace {

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

float uniform(Rng& rng, float a) { return static_cast<float>((rng.uniform() * 2 - 1) * a); }

// A bucket's typical stone count, for the material prior.
float bucket_stones(int b) { return b < 24 ? static_cast<float>(b) : b == 24 ? 27.0f : b == 25 ? 35.0f : 45.0f; }

// The activations of one forward pass, kept for the backward one.
struct Trace {
  float acc[kHidden], a[kHidden], z[kL2], h[kL2];
  float y;
};

void forward_trace(const FloatNetwork& net, const std::uint16_t* f, int n, Trace& t) {
  std::copy(net.ft_bias.begin(), net.ft_bias.end(), t.acc);
  float lin = net.out_bias;
  for (int k = 0; k < n; ++k) {
    const float* w = &net.ft_weights[static_cast<std::size_t>(f[k]) * kHidden];
    for (int i = 0; i < kHidden; ++i) t.acc[i] += w[i];
    lin += net.psqt[f[k]];
  }
  for (int i = 0; i < kHidden; ++i) t.a[i] = std::clamp(t.acc[i], 0.0f, 1.0f);
  for (int j = 0; j < kL2; ++j) {
    float s = net.l2_bias[j];
    const float* w = &net.l2_weights[static_cast<std::size_t>(j) * kHidden];
    for (int i = 0; i < kHidden; ++i) s += w[i] * t.a[i];
    t.z[j] = s;
    t.h[j] = std::clamp(s, 0.0f, 1.0f);
    lin += net.out_weights[j] * t.h[j];
  }
  t.y = lin;
}

float target(const Sample& s, double lambda) {
  return static_cast<float>(lambda * sigmoid(s.score / kScoreScale) + (1 - lambda) * s.result);
}

// Gradients and Adam moments share the network's shape.
struct Adam {
  FloatNetwork m, v;
  long step = 0;
};

template <class F>
void each_param(FloatNetwork& a, FloatNetwork& b, FloatNetwork& c, FloatNetwork& d, F&& f) {
  auto vec = [&](auto member) {
    auto& va = a.*member;
    for (std::size_t i = 0; i < va.size(); ++i) f((a.*member)[i], (b.*member)[i], (c.*member)[i], (d.*member)[i]);
  };
  vec(&FloatNetwork::ft_weights);
  vec(&FloatNetwork::ft_bias);
  vec(&FloatNetwork::psqt);
  vec(&FloatNetwork::l2_weights);
  vec(&FloatNetwork::l2_bias);
  vec(&FloatNetwork::out_weights);
  f(a.out_bias, b.out_bias, c.out_bias, d.out_bias);
}

void zero(FloatNetwork& g) {
  for (auto* v : {&g.ft_weights, &g.ft_bias, &g.psqt, &g.l2_weights, &g.l2_bias, &g.out_weights})
    std::fill(v->begin(), v->end(), 0.0f);
  g.out_bias = 0;
}

// d(loss)/d(params) of one sample, added into g; returns the sample's loss.
float backward(const FloatNetwork& net, const Sample& s, double lambda, float scale, FloatNetwork& g) {
  Trace t;
  forward_trace(net, s.features.data(), s.count, t);
  const float p = sigmoid(t.y), diff = p - target(s, lambda);
  const float dy = scale * 2 * diff * p * (1 - p);
  g.out_bias += dy;
  float da[kHidden] = {};
  for (int j = 0; j < kL2; ++j) {
    g.out_weights[j] += dy * t.h[j];
    if (t.z[j] <= 0 || t.z[j] >= 1) continue;
    const float dz = dy * net.out_weights[j];
    g.l2_bias[j] += dz;
    float* gw = &g.l2_weights[static_cast<std::size_t>(j) * kHidden];
    const float* w = &net.l2_weights[static_cast<std::size_t>(j) * kHidden];
    for (int i = 0; i < kHidden; ++i) {
      gw[i] += dz * t.a[i];
      da[i] += dz * w[i];
    }
  }
  for (int i = 0; i < kHidden; ++i)
    if (t.acc[i] <= 0 || t.acc[i] >= 1) da[i] = 0;
  for (int i = 0; i < kHidden; ++i) g.ft_bias[i] += da[i];
  for (int k = 0; k < s.count; ++k) {
    float* gw = &g.ft_weights[static_cast<std::size_t>(s.features[k]) * kHidden];
    for (int i = 0; i < kHidden; ++i) gw[i] += da[i];
    g.psqt[s.features[k]] += dy;
  }
  return diff * diff;
}

void adam_step(FloatNetwork& net, FloatNetwork& g, Adam& opt, double lr) {
  constexpr double b1 = 0.9, b2 = 0.999, eps = 1e-8;
  ++opt.step;
  const double c1 = 1 - std::pow(b1, static_cast<double>(opt.step)), c2 = 1 - std::pow(b2, static_cast<double>(opt.step));
  each_param(net, g, opt.m, opt.v, [&](float& w, float& grad, float& m, float& v) {
    m = static_cast<float>(b1 * m + (1 - b1) * grad);
    v = static_cast<float>(b2 * v + (1 - b2) * grad * grad);
    w -= static_cast<float>(lr * (m / c1) / (std::sqrt(v / c2) + eps));
  });
  // The integer ranges: int16 accumulator without overflow, int8 layer-2 weights.
  for (float* v : {net.ft_weights.data(), net.ft_bias.data()}) {
    const std::size_t n = v == net.ft_bias.data() ? net.ft_bias.size() : net.ft_weights.size();
    for (std::size_t i = 0; i < n; ++i) v[i] = std::clamp(v[i], -kMaxInputWeight, kMaxInputWeight);
  }
  for (float& w : net.l2_weights) w = std::clamp(w, -kMaxL2Weight, kMaxL2Weight);
}

bool is_regular_file(const std::string& path, std::string& why) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return why = "cannot read '" + path + "': no such file", false;
  if (!S_ISREG(st.st_mode)) return why = "'" + path + "' is not a regular file", false;
  return true;
}

}  // namespace

FloatNetwork initial_network(std::uint64_t seed) {
  FloatNetwork n;
  Rng rng(seed);
  for (float& w : n.ft_weights) w = uniform(rng, 0.1f);
  for (float& w : n.ft_bias) w = 0.25f;
  for (float& w : n.l2_weights) w = uniform(rng, 0.18f);
  for (float& w : n.l2_bias) w = 0.1f;
  for (float& w : n.out_weights) w = uniform(rng, 0.05f);
  const float unit = 1.0f / kScoreScale;
  for (int r = 0; r < 2; ++r)
    for (int i = 0; i < 9; ++i)
      for (int b = 0; b < kCountBuckets; ++b)
        n.psqt[(r * 9 + i) * kCountBuckets + b] = (r == 0 ? 10 : -10) * bucket_stones(b) * unit;
  for (int k = 0; k < 9; ++k) {
    n.psqt[kTuzdykBase + k] = 500 * unit;
    n.psqt[kTuzdykBase + 9 + k] = -500 * unit;
  }
  for (int k = 0; k < 82; ++k) {
    n.psqt[kKazanBase + k] = 100 * k * unit;
    n.psqt[kKazanBase + 82 + k] = -100 * k * unit;
  }
  return n;
}

float forward(const FloatNetwork& net, const std::uint16_t* features, int n) {
  Trace t;
  forward_trace(net, features, n, t);
  return t.y;
}

float forward(const FloatNetwork& net, const Position& p) {
  std::array<std::uint16_t, kMaxActive> f;
  const int n = active_features(p, p.side, f);
  return forward(net, f.data(), n);
}

Network quantise(const FloatNetwork& f) {
  Network n{};
  auto q = [](float v, float scale, long lo, long hi) { return std::clamp<long>(std::lround(v * scale), lo, hi); };
  for (std::size_t i = 0; i < n.ft_weights.size(); ++i)
    n.ft_weights[i] = static_cast<std::int16_t>(q(f.ft_weights[i], kQA, -508, 508));
  for (std::size_t i = 0; i < n.ft_bias.size(); ++i) n.ft_bias[i] = static_cast<std::int16_t>(q(f.ft_bias[i], kQA, -508, 508));
  constexpr float kOut = static_cast<float>(kQA) * kQB;
  for (std::size_t i = 0; i < n.psqt.size(); ++i) n.psqt[i] = static_cast<std::int32_t>(q(f.psqt[i], kOut, -(1L << 30), 1L << 30));
  for (std::size_t i = 0; i < n.l2_weights.size(); ++i)
    n.l2_weights[i] = static_cast<std::int8_t>(q(f.l2_weights[i], kQB, -127, 127));
  // + kQB / 2: the engine shifts the layer-2 sums down by 6 bits, and this makes it round.
  for (std::size_t i = 0; i < n.l2_bias.size(); ++i)
    n.l2_bias[i] = static_cast<std::int32_t>(q(f.l2_bias[i], kOut, -(1L << 24), 1L << 24) + kQB / 2);
  for (std::size_t i = 0; i < n.out_weights.size(); ++i)
    n.out_weights[i] = static_cast<std::int32_t>(q(f.out_weights[i], kQOut, -(1L << 19), 1L << 19));
  n.out_bias = static_cast<std::int32_t>(q(f.out_bias, kOut, -(1L << 30), 1L << 30));
  return n;
}

Result<Sample> parse_sample(std::string_view line) {
  std::string_view cols[4];
  int n = 0;
  while (n < 4) {
    const std::size_t tab = line.find('\t');
    cols[n++] = line.substr(0, tab);
    if (tab == std::string_view::npos) break;
    line.remove_prefix(tab + 1);
  }
  if (n != 4 || cols[3].find('\t') != std::string_view::npos)
    return make_error("expected 4 tab-separated columns: position, score, result, game");
  auto pos = parse_fen(cols[0]);
  if (!pos) return make_error(pos.error());
  const auto score = parse_int(cols[1]);
  if (!score || *score < -100000 || *score > 100000) return make_error("bad score '" + std::string(cols[1]) + "'");
  Sample s;
  if (cols[2] == "1") s.result = 1;
  else if (cols[2] == "0.5") s.result = 0.5f;
  else if (cols[2] == "0") s.result = 0;
  else return make_error("bad result '" + std::string(cols[2]) + "' (1, 0.5 or 0 for the side to move)");
  const auto game = parse_int(cols[3]);
  if (!game || *game < 0 || *game > 0xFFFFFFFFLL) return make_error("bad game number '" + std::string(cols[3]) + "'");
  s.count = static_cast<std::uint8_t>(active_features(*pos, pos->side, s.features));
  s.score = static_cast<float>(*score);
  s.game = static_cast<std::uint32_t>(*game);
  return s;
}

Result<std::vector<Sample>> read_samples(const std::string& path) {
  std::string why;
  if (!is_regular_file(path, why)) return make_error(why);
  std::ifstream in(path);
  if (!in) return make_error("cannot read '" + path + "'");
  std::vector<Sample> out;
  std::string line;
  for (std::size_t no = 1; std::getline(in, line); ++no) {
    if (line.empty()) continue;
    auto s = parse_sample(line);
    if (!s) return make_error(path + ":" + std::to_string(no) + ": " + s.error());
    out.push_back(*s);
  }
  return out;
}

double mean_loss(const FloatNetwork& net, const std::vector<Sample>& s, double lambda) {
  double sum = 0;
  for (const Sample& x : s) {
    const float d = sigmoid(forward(net, x.features.data(), x.count)) - target(x, lambda);
    sum += d * d;
  }
  return s.empty() ? 0 : sum / static_cast<double>(s.size());
}

double mean_loss(const Network& net, const std::vector<Sample>& s, double lambda) {
  double sum = 0;
  for (const Sample& x : s) {
    Accumulator acc;  // the engine's integer path, from the sample's inputs
    acc.v = net.ft_bias;
    acc.psqt = 0;
    for (int k = 0; k < x.count; ++k) {
      for (int i = 0; i < kHidden; ++i) acc.v[i] = static_cast<std::int16_t>(acc.v[i] + net.ft_weights[x.features[k] * kHidden + i]);
      acc.psqt += net.psqt[x.features[k]];
    }
    const float y = static_cast<float>(propagate(net, acc)) / (kQA * kQB);
    const float d = sigmoid(y) - target(x, lambda);
    sum += d * d;
  }
  return s.empty() ? 0 : sum / static_cast<double>(s.size());
}

namespace {

// Reads the data files into the training and validation sets. Whole games go to one side of the
// split (positions of a game are alike), chosen by the seed and the game number alone: the
// shards of one run (`selfplay-data --shard`, global game numbers) split as the joined file
// does, and both sets are kept in game order, so the shards in any order train as the joined file.
// The game number on a file's first line (0 if it has none), to read the parts of a run in game
// order whatever order they were named in: then the positions need no sorting (a copy of them).
std::uint32_t first_game_of(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto n = parse_int(std::string_view(line).substr(line.rfind('\t') + 1));
    return n && *n >= 0 && *n <= 0xFFFFFFFFLL ? static_cast<std::uint32_t>(*n) : 0;
  }
  return 0;
}

Status load_split(const TrainOptions& opt, std::vector<Sample>& train_set, std::vector<Sample>& val_set, std::ostream& log) {
  std::vector<std::pair<std::uint32_t, std::string>> files;
  for (const std::string& path : opt.data) files.emplace_back(first_game_of(path), path);
  std::stable_sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::uint64_t games = 0, shared = 0;
  std::unordered_set<std::uint32_t> seen;  // game numbers of the files before
  for (const auto& [first, path] : files) {
    auto s = read_samples(path);
    if (!s) return make_error(s.error());
    std::unordered_set<std::uint32_t> here;
    std::uint32_t last = 0xFFFFFFFF;
    for (const Sample& x : *s) {
      if (x.game != last) {
        ++games, last = x.game;
        if (here.insert(x.game).second && seen.count(x.game)) ++shared;
      }
      std::uint64_t h = opt.seed ^ x.game;
      const double u = static_cast<double>(splitmix64(h) >> 11) * 0x1.0p-53;
      (u < opt.validation ? val_set : train_set).push_back(x);
    }
    seen.insert(here.begin(), here.end());
  }
  for (auto* set : {&train_set, &val_set}) {
    auto by_game = [](const Sample& a, const Sample& b) { return a.game < b.game; };
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

}  // namespace

Result<TrainReport> train(const TrainOptions& opt, std::ostream& log) {
  using Clock = std::chrono::steady_clock;
  if (opt.data.empty()) return make_error("no data files (--data FILE...)");
  std::vector<Sample> train_set, val_set;
  if (auto st = load_split(opt, train_set, val_set, log); !st) return make_error(st.error());

  FloatNetwork net = initial_network(opt.seed);
  TrainReport rep;
  rep.train_positions = train_set.size();
  rep.validation_positions = val_set.size();
  rep.initial_validation_loss = mean_loss(net, val_set, opt.lambda);
  rep.initial_training_loss = mean_loss(net, train_set, opt.lambda);
  char buf[200];
  std::snprintf(buf, sizeof buf, "epoch 0: training loss %.6f, validation loss %.6f\n", rep.initial_training_loss,
                rep.initial_validation_loss);
  log << buf << std::flush;

  FloatNetwork best = net;
  int best_epoch = 0;
  rep.final_validation_loss = rep.initial_validation_loss;
  rep.final_training_loss = rep.initial_training_loss;
  Adam adam{initial_network(0), initial_network(0)};
  zero(adam.m);
  zero(adam.v);
  FloatNetwork grad = adam.m;
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
      zero(grad);
      const float scale = 1.0f / static_cast<float>(e - b);
      for (std::size_t i = b; i < e; ++i) loss_sum += backward(net, train_set[order[i]], opt.lambda, scale, grad);
      adam_step(net, grad, adam, opt.learning_rate);
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
                  epoch, opt.epochs, tl, val, secs,
                  static_cast<double>(order.size()) / std::max(secs, 1e-9));
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
  const auto q = std::make_unique<Network>(quantise(best));
  rep.quantised_validation_loss = mean_loss(*q, val_set, opt.lambda);
  std::snprintf(buf, sizeof buf, "quantised network: validation loss %.6f\n", rep.quantised_validation_loss);
  log << buf;
  if (!opt.out.empty()) {
    if (auto st = save(*q, opt.out); !st) return make_error(st.error());
    log << "wrote " << opt.out << "\n";
  }
  return rep;
}

}  // namespace oyin::togyz::nnue
