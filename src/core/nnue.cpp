#include "core/nnue.h"

#if defined(__SSSE3__)
#include <immintrin.h>
#endif

namespace oyin::nnue {

template <int H>
void add_row(const std::int16_t* w, std::int32_t psqt, AccumulatorOf<H>& acc, int sign) {
#if defined(__SSSE3__)
  for (int i = 0; i < H; i += 8) {
    const __m128i a = _mm_load_si128(reinterpret_cast<const __m128i*>(&acc.v[i]));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(w + i));
    _mm_store_si128(reinterpret_cast<__m128i*>(&acc.v[i]), sign > 0 ? _mm_add_epi16(a, b) : _mm_sub_epi16(a, b));
  }
#else
  for (int i = 0; i < H; ++i) acc.v[i] = static_cast<std::int16_t>(acc.v[i] + sign * w[i]);
#endif
  acc.psqt += sign * psqt;
}

template <int H>
std::int32_t propagate(const LayersOf<H>& net, const AccumulatorOf<H>& acc) {
  static_assert(H % 32 == 0);
  alignas(64) std::uint8_t a[H];
  alignas(64) std::int32_t z[kL2];
#if defined(__SSSE3__)
  const __m128i top = _mm_set1_epi16(kQA);
  for (int i = 0; i < H; i += 16) {
    const __m128i x0 = _mm_min_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(&acc.v[i])), top);
    const __m128i x1 = _mm_min_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(&acc.v[i + 8])), top);
    _mm_store_si128(reinterpret_cast<__m128i*>(a + i), _mm_packus_epi16(x0, x1));  // negatives to 0
  }
#if defined(__AVX2__)
  const __m256i ones = _mm256_set1_epi16(1);
  auto dot = [&](int j) {
    __m256i s = _mm256_setzero_si256();
    for (int i = 0; i < H; i += 32) {
      const __m256i av = _mm256_load_si256(reinterpret_cast<const __m256i*>(a + i));
      const __m256i w = _mm256_load_si256(reinterpret_cast<const __m256i*>(&net.l2_weights[j * H + i]));
      s = _mm256_add_epi32(s, _mm256_madd_epi16(_mm256_maddubs_epi16(av, w), ones));
    }
    return s;
  };
  for (int j = 0; j < kL2; j += 4) {
    const __m256i s = _mm256_hadd_epi32(_mm256_hadd_epi32(dot(j), dot(j + 1)), _mm256_hadd_epi32(dot(j + 2), dot(j + 3)));
    const __m128i t = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
    _mm_store_si128(reinterpret_cast<__m128i*>(z + j), t);
  }
#else
  const __m128i ones = _mm_set1_epi16(1);
  auto dot = [&](int j) {
    __m128i s = _mm_setzero_si128();
    for (int i = 0; i < H; i += 16) {
      const __m128i av = _mm_load_si128(reinterpret_cast<const __m128i*>(a + i));
      const __m128i w = _mm_load_si128(reinterpret_cast<const __m128i*>(&net.l2_weights[j * H + i]));
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
  for (int i = 0; i < H; ++i) a[i] = static_cast<std::uint8_t>(std::clamp<int>(acc.v[i], 0, kQA));
  for (int j = 0; j < kL2; ++j) {
    std::int32_t s = 0;
    for (int i = 0; i < H; ++i) s += a[i] * net.l2_weights[j * H + i];
    z[j] = s;
  }
#endif
  std::int32_t out = 0;
  for (int j = 0; j < kL2; ++j) out += std::clamp((z[j] + net.l2_bias[j]) >> 6, 0, kQA) * net.out_weights[j];
  static_assert(kQOut / kQB == 16);
  return net.out_bias + acc.psqt + (out >> 4);  // kQA * kQOut down to kQA * kQB
}

template <int H>
std::string check_layers(const LayersOf<H>& net, int input_limit, const std::string& name) {
  for (std::int16_t w : net.ft_bias)
    if (w > input_limit || w < -input_limit)
      return "weights file '" + name + "' has an input weight of " + std::to_string(w) + " (limit " +
             std::to_string(input_limit) + ")";
  for (std::int8_t w : net.l2_weights)
    if (w == -128) return "weights file '" + name + "' has a layer-2 weight of -128 (limit -127)";
  return "";
}

#define OYIN_NNUE_WIDTH(H)                                                                              \
  template void add_row<H>(const std::int16_t*, std::int32_t, AccumulatorOf<H>&, int);                  \
  template std::int32_t propagate<H>(const LayersOf<H>&, const AccumulatorOf<H>&);                      \
  template std::string check_layers<H>(const LayersOf<H>&, int, const std::string&);
OYIN_NNUE_WIDTH(32)
OYIN_NNUE_WIDTH(64)
OYIN_NNUE_WIDTH(128)
#undef OYIN_NNUE_WIDTH

}  // namespace oyin::nnue
