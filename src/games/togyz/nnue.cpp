#include "games/togyz/nnue.h"

#include <algorithm>
#include <cstring>

#include "core/weights_file.h"

#if defined(__SSSE3__)
#include <immintrin.h>
#endif

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

inline void add_row(const Network& net, int f, Accumulator& acc, int sign) {
  const std::int16_t* w = &net.ft_weights[static_cast<std::size_t>(f) * kHidden];
#if defined(__SSSE3__)
  for (int i = 0; i < kHidden; i += 8) {
    const __m128i a = _mm_load_si128(reinterpret_cast<const __m128i*>(&acc.v[i]));
    const __m128i b = _mm_load_si128(reinterpret_cast<const __m128i*>(w + i));
    _mm_store_si128(reinterpret_cast<__m128i*>(&acc.v[i]), sign > 0 ? _mm_add_epi16(a, b) : _mm_sub_epi16(a, b));
  }
#else
  for (int i = 0; i < kHidden; ++i) acc.v[i] = static_cast<std::int16_t>(acc.v[i] + sign * w[i]);
#endif
  acc.psqt += sign * net.psqt[f];
}

}  // namespace

void refresh(const Network& net, const Position& p, int view, Accumulator& acc) {
  std::array<std::uint16_t, kMaxActive> f;
  const int n = active_features(p, view, f);
  acc.v = net.ft_bias;
  acc.psqt = 0;
  for (int i = 0; i < n; ++i) add_row(net, f[i], acc, +1);
}

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

std::int32_t propagate(const Network& net, const Accumulator& acc) {
  alignas(64) std::uint8_t a[kHidden];
  alignas(64) std::int32_t z[kL2];
#if defined(__SSSE3__)
  const __m128i top = _mm_set1_epi16(kQA);
  for (int i = 0; i < kHidden; i += 16) {
    const __m128i x0 = _mm_min_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(&acc.v[i])), top);
    const __m128i x1 = _mm_min_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(&acc.v[i + 8])), top);
    _mm_store_si128(reinterpret_cast<__m128i*>(a + i), _mm_packus_epi16(x0, x1));  // negatives to 0
  }
#if defined(__AVX2__)
  static_assert(kHidden == 32);
  const __m256i ones = _mm256_set1_epi16(1);
  const __m256i av = _mm256_load_si256(reinterpret_cast<const __m256i*>(a));
  auto dot = [&](int j) {
    const __m256i w = _mm256_load_si256(reinterpret_cast<const __m256i*>(&net.l2_weights[j * kHidden]));
    return _mm256_madd_epi16(_mm256_maddubs_epi16(av, w), ones);
  };
  for (int j = 0; j < kL2; j += 4) {
    const __m256i s = _mm256_hadd_epi32(_mm256_hadd_epi32(dot(j), dot(j + 1)), _mm256_hadd_epi32(dot(j + 2), dot(j + 3)));
    const __m128i t = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
    _mm_store_si128(reinterpret_cast<__m128i*>(z + j), t);
  }
#else
  static_assert(kHidden % 16 == 0);
  const __m128i ones = _mm_set1_epi16(1);
  auto dot = [&](int j) {
    __m128i s = _mm_setzero_si128();
    for (int i = 0; i < kHidden; i += 16) {
      const __m128i av = _mm_load_si128(reinterpret_cast<const __m128i*>(a + i));
      const __m128i w = _mm_load_si128(reinterpret_cast<const __m128i*>(&net.l2_weights[j * kHidden + i]));
      // u8 x i8 pairs: at most 2 * 127 * 127, no int16 saturation; then widened to int32.
      s = _mm_add_epi32(s, _mm_madd_epi16(_mm_maddubs_epi16(av, w), ones));
    }
    return s;
  };
  for (int j = 0; j < kL2; j += 4) {
    const __m128i s = _mm_hadd_epi32(_mm_hadd_epi32(dot(j), dot(j + 1)), _mm_hadd_epi32(dot(j + 2), dot(j + 3)));
    _mm_store_si128(reinterpret_cast<__m128i*>(z + j), s);
  }
#endif
#else
  for (int i = 0; i < kHidden; ++i) a[i] = static_cast<std::uint8_t>(std::clamp<int>(acc.v[i], 0, kQA));
  for (int j = 0; j < kL2; ++j) {
    std::int32_t s = 0;
    for (int i = 0; i < kHidden; ++i) s += a[i] * net.l2_weights[j * kHidden + i];
    z[j] = s;
  }
#endif
  std::int32_t out = 0;
  for (int j = 0; j < kL2; ++j) out += std::clamp((z[j] + net.l2_bias[j]) >> 6, 0, kQA) * net.out_weights[j];
  static_assert(kQOut / kQB == 16);
  return net.out_bias + acc.psqt + (out >> 4);  // kQA * kQOut down to kQA * kQB
}

int evaluate(const Network& net, const Position& p) {
  Accumulator acc;
  refresh(net, p, p.side, acc);
  return static_cast<int>(static_cast<std::int64_t>(propagate(net, acc)) * kScoreScale / (kQA * kQB));
}

namespace {

template <class T, std::size_t N>
void put(std::string& s, const std::array<T, N>& a) {
  for (T v : a)
    for (std::size_t b = 0; b < sizeof(T); ++b)
      s.push_back(static_cast<char>((static_cast<std::make_unsigned_t<T>>(v) >> (8 * b)) & 0xFF));
}
template <class T, std::size_t N>
void get(std::string_view s, std::size_t& at, std::array<T, N>& a) {
  for (T& v : a) {
    std::make_unsigned_t<T> u = 0;
    for (std::size_t b = 0; b < sizeof(T); ++b)
      u = static_cast<std::make_unsigned_t<T>>(u | static_cast<std::make_unsigned_t<T>>(static_cast<unsigned char>(s[at++])) << (8 * b));
    v = static_cast<T>(u);
  }
}
constexpr std::size_t kPayloadBytes = 2 * kInputs * kHidden + 2 * kHidden + 4 * kInputs + kL2 * kHidden + 4 * kL2 + 4 * kL2 + 4;

}  // namespace

std::string serialize(const Network& net) {
  std::string s;
  s.reserve(kPayloadBytes);
  put(s, net.ft_weights);
  put(s, net.ft_bias);
  put(s, net.psqt);
  put(s, net.l2_weights);
  put(s, net.l2_bias);
  put(s, net.out_weights);
  put(s, std::array<std::int32_t, 1>{net.out_bias});
  return s;
}

Result<std::shared_ptr<const Network>> deserialize(std::string_view payload, const std::string& name) {
  if (payload.size() != kPayloadBytes)
    return make_error("weights file '" + name + "' holds " + std::to_string(payload.size()) + " bytes of weights, a '" +
                      std::string(kTag) + "' network has " + std::to_string(kPayloadBytes));
  auto net = std::make_shared<Network>();
  std::size_t at = 0;
  get(payload, at, net->ft_weights);
  get(payload, at, net->ft_bias);
  get(payload, at, net->psqt);
  get(payload, at, net->l2_weights);
  get(payload, at, net->l2_bias);
  get(payload, at, net->out_weights);
  std::array<std::int32_t, 1> ob{};
  get(payload, at, ob);
  net->out_bias = ob[0];
  // 22 inputs of at most this size keep the int16 accumulator from wrapping.
  constexpr int kLimit = static_cast<int>(kMaxInputWeight * kQA);
  for (std::int16_t w : net->ft_weights)
    if (w > kLimit || w < -kLimit)
      return make_error("weights file '" + name + "' has an input weight of " + std::to_string(w) + " (limit " +
                        std::to_string(kLimit) + ")");
  for (std::int16_t w : net->ft_bias)
    if (w > kLimit || w < -kLimit)
      return make_error("weights file '" + name + "' has an input weight of " + std::to_string(w) + " (limit " +
                        std::to_string(kLimit) + ")");
  for (std::int8_t w : net->l2_weights)
    if (w == -128) return make_error("weights file '" + name + "' has a layer-2 weight of -128 (limit -127)");
  return std::shared_ptr<const Network>(std::move(net));
}

Status save(const Network& net, const std::string& path) { return write_weights_file(path, kTag, serialize(net)); }

Result<std::shared_ptr<const Network>> load(const std::string& path) {
  auto payload = read_weights_file(path, kTag);
  if (!payload) return make_error(payload.error());
  return deserialize(*payload, path);
}

std::shared_ptr<const Network> builtin_network() {
  // Decoded once; the bytes were checked when the net was accepted, and a test decodes them, so
  // a failure here is a broken build: the hand-made eval is then the only one (null).
  static const std::shared_ptr<const Network> net = [] {
    const std::string name = "builtin:" + std::string(builtin_net_name());
    auto payload = decode_weights(builtin_net_file(), kTag, name);
    if (!payload) return std::shared_ptr<const Network>();
    auto n = deserialize(*payload, name);
    return n ? *n : std::shared_ptr<const Network>();
  }();
  return net;
}

}  // namespace oyin::togyz::nnue
