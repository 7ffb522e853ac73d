#pragma once
// Training a learned evaluation (core/nnue.h) in plain C++, for any game's Arch: the float
// network the integer one is exported from, its forward and backward passes, the training
// positions of `oyin selfplay-data`, and Adam over a clipped-ReLU net with a sigmoid loss.
// Besides what core/nnue.h asks of an Arch, training needs:
//   static Result<Position> parse_position(std::string_view);   a data line's position
//   static void initial_psqt(std::vector<float>& psqt);         the linear term's start (material,
//                                                               in output units: centi-units / kScoreScale)
// and, for a net that learns a correction to a hand-made evaluation instead of the whole score:
//   static int base(const Position&);                           that evaluation, centi-units for the
//                                                               side to move (the engine adds the two)
// and, to leave out positions whose score the search's captures decide (a static evaluation
// should not learn them: the quiescence search adds them again):
//   static bool noisy(const Position&);
#include <algorithm>
#include <chrono>
#include <concepts>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <numeric>
#include <ostream>
#include <string>
#include <vector>

#include "core/nnue.h"
#include "core/random.h"
#include "core/result.h"
#include "core/training.h"

namespace oyin::nnue {

template <class Arch>
struct FloatNetwork {
  static constexpr int kWidth = hidden_of<Arch>();
  std::vector<float> ft_weights = std::vector<float>(Arch::kInputs * kWidth);  // [input][hidden]
  std::vector<float> ft_bias = std::vector<float>(kWidth);
  std::vector<float> psqt = std::vector<float>(Arch::kInputs);
  std::vector<float> l2_weights = std::vector<float>(kL2 * kWidth);            // [out][in]
  std::vector<float> l2_bias = std::vector<float>(kL2);
  std::vector<float> out_weights = std::vector<float>(kL2);
  float out_bias = 0;
};

// One training position: its inputs from the side to move's view, the search score and the
// game's result for that side (1, 0.5, 0), and which game of its file it came from.
template <class Arch>
struct Sample {
  std::array<std::uint16_t, Arch::kMaxActive> features;
  std::uint8_t count = 0;
  float score = 0;
  float result = 0;
  float base = 0;  // Arch::base in output units, when the net is a correction (else 0)
  std::uint32_t game = 0;
  bool noisy = false;  // Arch::noisy: read_samples leaves it out
};

template <class Arch>
concept HasBase = requires(const typename Arch::Position& p) {
  { Arch::base(p) } -> std::convertible_to<int>;
};
template <class Arch>
concept HasNoisy = requires(const typename Arch::Position& p) {
  { Arch::noisy(p) } -> std::convertible_to<bool>;
};

namespace detail {

inline float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

// The activations of one forward pass, kept for the backward one.
template <int H>
struct Trace {
  float acc[H], a[H], z[kL2], h[kL2];
  float y;
};

// The columns of a selfplay-data line, or an error.
struct SampleColumns {
  std::string_view position;
  float score = 0, result = 0;
  std::uint32_t game = 0;
};
Result<SampleColumns> split_sample(std::string_view line);
// "" when path is a regular file, else why not.
std::string regular_file_problem(const std::string& path);
// The game number on a file's first line (0 if it has none).
std::uint32_t first_game_of(const std::string& path);
// Whether a game falls in the validation set (the seed and the game number alone decide).
bool held_out(std::uint64_t seed, std::uint32_t game, double share);
// The Adam update of one parameter array; clamps to [-limit, limit] when limit > 0.
void adam_update(float* w, const float* g, float* m, float* v, std::size_t n, double lr, double c1, double c2,
                 float limit);

template <class Arch>
void forward_trace(const FloatNetwork<Arch>& net, const std::uint16_t* f, int n, Trace<hidden_of<Arch>()>& t) {
  constexpr int kHidden = hidden_of<Arch>();
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

template <class Arch>
float target(const Sample<Arch>& s, double lambda) {
  return static_cast<float>(lambda * sigmoid(s.score / Arch::kScoreScale) + (1 - lambda) * s.result);
}

template <class Arch>
void zero(FloatNetwork<Arch>& g) {
  for (auto* v : {&g.ft_weights, &g.ft_bias, &g.psqt, &g.l2_weights, &g.l2_bias, &g.out_weights})
    std::fill(v->begin(), v->end(), 0.0f);
  g.out_bias = 0;
}

// d(loss)/d(params) of one sample, added into g; returns the sample's loss.
template <class Arch>
float backward(const FloatNetwork<Arch>& net, const Sample<Arch>& s, double lambda, float scale, FloatNetwork<Arch>& g) {
  constexpr int kHidden = hidden_of<Arch>();
  Trace<kHidden> t;
  forward_trace(net, s.features.data(), s.count, t);
  const float p = sigmoid(t.y + s.base), diff = p - target(s, lambda);
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

// Gradients and Adam moments share the network's shape.
template <class Arch>
struct Adam {
  FloatNetwork<Arch> m, v;
  long step = 0;
};

template <class Arch>
void adam_step(FloatNetwork<Arch>& net, FloatNetwork<Arch>& g, Adam<Arch>& opt, double lr) {
  constexpr double b1 = 0.9, b2 = 0.999;
  ++opt.step;
  const double c1 = 1 - std::pow(b1, static_cast<double>(opt.step)), c2 = 1 - std::pow(b2, static_cast<double>(opt.step));
  // The integer ranges: int16 accumulator without overflow, int8 layer-2 weights.
  auto update = [&](auto member, float limit) {
    auto& w = net.*member;
    adam_update(w.data(), (g.*member).data(), (opt.m.*member).data(), (opt.v.*member).data(), w.size(), lr, c1, c2, limit);
  };
  update(&FloatNetwork<Arch>::ft_weights, Arch::kMaxInputWeight);
  update(&FloatNetwork<Arch>::ft_bias, Arch::kMaxInputWeight);
  update(&FloatNetwork<Arch>::psqt, 0);
  update(&FloatNetwork<Arch>::l2_weights, kMaxL2Weight);
  update(&FloatNetwork<Arch>::l2_bias, 0);
  update(&FloatNetwork<Arch>::out_weights, 0);
  adam_update(&net.out_bias, &g.out_bias, &opt.m.out_bias, &opt.v.out_bias, 1, lr, c1, c2, 0);
}

inline float uniform(Rng& rng, float a) { return static_cast<float>((rng.uniform() * 2 - 1) * a); }

}  // namespace detail

// Small random layers; the linear term starts as the game's material (Arch::initial_psqt), so
// training refines a sensible evaluation instead of finding one.
template <class Arch>
FloatNetwork<Arch> initial_network(std::uint64_t seed) {
  FloatNetwork<Arch> n;
  Rng rng(seed);
  for (float& w : n.ft_weights) w = detail::uniform(rng, 0.1f);
  for (float& w : n.ft_bias) w = 0.25f;
  for (float& w : n.l2_weights) w = detail::uniform(rng, 0.18f);
  for (float& w : n.l2_bias) w = 0.1f;
  for (float& w : n.out_weights) w = detail::uniform(rng, 0.05f);
  Arch::initial_psqt(n.psqt);
  return n;
}

// The output y (score / kScoreScale) of the float network on the given active inputs.
template <class Arch>
float forward(const FloatNetwork<Arch>& net, const std::uint16_t* features, int n) {
  detail::Trace<hidden_of<Arch>()> t;
  detail::forward_trace(net, features, n, t);
  return t.y;
}

template <class Arch>
float forward(const FloatNetwork<Arch>& net, const typename Arch::Position& p) {  // from the side to move's view
  std::array<std::uint16_t, Arch::kMaxActive> f;
  const int n = Arch::active_features(p, p.side, f);
  return forward(net, f.data(), n);
}

// Rounds to the integer network (weights are kept inside its ranges while training).
template <class Arch>
Network<Arch> quantise(const FloatNetwork<Arch>& f) {
  Network<Arch> n{};
  auto q = [](float v, float scale, long lo, long hi) { return std::clamp<long>(std::lround(v * scale), lo, hi); };
  const long in_limit = static_cast<long>(Arch::kMaxInputWeight * kQA);
  for (std::size_t i = 0; i < n.ft_weights.size(); ++i)
    n.ft_weights[i] = static_cast<std::int16_t>(q(f.ft_weights[i], kQA, -in_limit, in_limit));
  for (std::size_t i = 0; i < n.ft_bias.size(); ++i)
    n.ft_bias[i] = static_cast<std::int16_t>(q(f.ft_bias[i], kQA, -in_limit, in_limit));
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

// A selfplay-data line: "<position>\t<score>\t<result>\t<game>".
template <class Arch>
Result<Sample<Arch>> parse_sample(std::string_view line) {
  auto cols = detail::split_sample(line);
  if (!cols) return make_error(cols.error());
  auto pos = Arch::parse_position(cols->position);
  if (!pos) return make_error(pos.error());
  Sample<Arch> s;
  s.count = static_cast<std::uint8_t>(Arch::active_features(*pos, pos->side, s.features));
  if constexpr (HasBase<Arch>) s.base = static_cast<float>(Arch::base(*pos)) / Arch::kScoreScale;
  if constexpr (HasNoisy<Arch>) s.noisy = Arch::noisy(*pos);
  s.score = cols->score;
  s.result = cols->result;
  s.game = cols->game;
  return s;
}

// Every line of the file but the noisy positions; an error names the file and line.
template <class Arch>
Result<std::vector<Sample<Arch>>> read_samples(const std::string& path) {
  if (std::string why = detail::regular_file_problem(path); !why.empty()) return make_error(why);
  std::ifstream in(path);
  if (!in) return make_error("cannot read '" + path + "'");
  std::vector<Sample<Arch>> out;
  std::string line;
  for (std::size_t no = 1; std::getline(in, line); ++no) {
    if (line.empty()) continue;
    auto s = parse_sample<Arch>(line);
    if (!s) return make_error(path + ":" + std::to_string(no) + ": " + s.error());
    if (!s->noisy) out.push_back(*s);
  }
  return out;
}

// (sigmoid(y) - target)^2 averaged, target = lambda * sigmoid(score / kScoreScale) + (1 - lambda) * result.
template <class Arch>
double mean_loss(const FloatNetwork<Arch>& net, const std::vector<Sample<Arch>>& s, double lambda) {
  double sum = 0;
  for (const Sample<Arch>& x : s) {
    const float d = detail::sigmoid(forward(net, x.features.data(), x.count) + x.base) - detail::target(x, lambda);
    sum += d * d;
  }
  return s.empty() ? 0 : sum / static_cast<double>(s.size());
}

template <class Arch>
double mean_loss(const Network<Arch>& net, const std::vector<Sample<Arch>>& s, double lambda) {
  double sum = 0;
  for (const Sample<Arch>& x : s) {
    constexpr int kHidden = hidden_of<Arch>();
    typename Network<Arch>::Acc acc;  // the engine's integer path, from the sample's inputs
    acc.v = net.ft_bias;
    acc.psqt = 0;
    for (int k = 0; k < x.count; ++k) {
      for (int i = 0; i < kHidden; ++i) acc.v[i] = static_cast<std::int16_t>(acc.v[i] + net.ft_weights[x.features[k] * kHidden + i]);
      acc.psqt += net.psqt[x.features[k]];
    }
    const float y = static_cast<float>(propagate<kHidden>(net, acc)) / (kQA * kQB) + x.base;
    const float d = detail::sigmoid(y) - detail::target(x, lambda);
    sum += d * d;
  }
  return s.empty() ? 0 : sum / static_cast<double>(s.size());
}

}  // namespace oyin::nnue

#include "core/nnue_train_loop.h"
