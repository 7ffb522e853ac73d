#include "games/togyz/nnue.h"

#include <algorithm>

namespace oyin::togyz::nnue {

int active_features(const Position& p, int view, std::array<std::uint16_t, kMaxActive>& out) {
  int n = 0;
  for (int r = 0; r < 2; ++r) {
    const int base = ((view + r) & 1) * 9;  // own row first
    for (int i = 0; i < 9; ++i)
      out[n++] = static_cast<std::uint16_t>((r * 9 + i) * kCountBuckets + count_bucket(p.pits[base + i]));
  }
  const int other = 1 - view;
  if (p.tuzdyk[view] != kNoTuzdyk) out[n++] = static_cast<std::uint16_t>(kTuzdykBase + p.tuzdyk[view] % 9);
  if (p.tuzdyk[other] != kNoTuzdyk) out[n++] = static_cast<std::uint16_t>(kTuzdykBase + 9 + p.tuzdyk[other] % 9);
  out[n++] = static_cast<std::uint16_t>(kKazanBase + std::min<int>(p.kazan[view], 81));
  out[n++] = static_cast<std::uint16_t>(kKazanBase + 82 + std::min<int>(p.kazan[other], 81));
  return n;
}

namespace {

void add_row(const Network& net, int f, Accumulator& acc, int sign) {
  oyin::nnue::add_row(&net.ft_weights[static_cast<std::size_t>(f) * kHidden], net.psqt[f], acc, sign);
}

}  // namespace

void update(const Network& net, const Position& before, const Position& after, int view, Accumulator& acc) {
  std::array<std::uint16_t, kMaxActive> fb, fa;
  const int nb = active_features(before, view, fb), na = active_features(after, view, fa);
  // Pit inputs sit at fixed places (the first 18); tuzdyks and kazans follow, in order.
  for (int i = 0; i < kPits; ++i)
    if (fb[i] != fa[i]) {
      add_row(net, fb[i], acc, -1);
      add_row(net, fa[i], acc, +1);
    }
  for (int i = kPits; i < nb; ++i)
    if (std::find(fa.begin() + kPits, fa.begin() + na, fb[i]) == fa.begin() + na) add_row(net, fb[i], acc, -1);
  for (int i = kPits; i < na; ++i)
    if (std::find(fb.begin() + kPits, fb.begin() + nb, fa[i]) == fb.begin() + nb) add_row(net, fa[i], acc, +1);
}

std::shared_ptr<const Network> builtin_network() {
  // Decoded once; the bytes were checked when the net was accepted, and a test decodes them, so
  // a failure here is a broken build: the hand-made eval is then the only one (null).
  static const std::shared_ptr<const Network> net = oyin::nnue::decode_builtin<Arch>(builtin_net_file(), builtin_net_name());
  return net;
}

std::shared_ptr<const Network> first_network() {
  static const std::shared_ptr<const Network> net = oyin::nnue::decode_builtin<Arch>(first_net_file(), first_net_name());
  return net;
}

}  // namespace oyin::togyz::nnue
