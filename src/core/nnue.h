#pragma once
// The integer network of a learned evaluation ("NNUE"-style), shared by the games that have one:
// sparse one-hot inputs into an int16 accumulator of kHidden, clamp 0..127, a layer of kL2 with
// int8 weights (scale 64), clamp, an output with int32 weights (scale 1024), plus a linear term
// per input (psqt, int32, scale 127*64) that carries material. Output y in units of the game's
// kScoreScale centi-units: the training target is sigmoid(score / kScoreScale).
//
// A game describes its inputs with an Arch (games/<game>/nnue.h):
//   static constexpr int kHidden;                   the accumulator's width (optional: 32; a
//                                                   multiple of 32)
//   using Position;                                 the game's position
//   static constexpr int kInputs, kMaxActive;       inputs in all, the most that are on at once
//   static constexpr int kScoreScale;               centi-units per unit of the output
//   static constexpr float kMaxInputWeight;         kMaxActive of them stay inside int16
//   static constexpr std::string_view kTag;         the weights file's architecture tag
//   static int active_features(const Position&, int view, std::array<std::uint16_t, kMaxActive>&);
//                                                   the inputs that are on, from side `view`'s side
// The weights file is the payload of core/weights_file.h under kTag: ft weights, ft bias, psqt,
// layer-2 weights and bias, output weights and bias, little-endian, in that order.
#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/result.h"
#include "core/text.h"
#include "core/weights_file.h"

namespace oyin::nnue {

constexpr int kHidden = 32;  // the accumulator's width when an Arch names none
constexpr int kL2 = 32;
constexpr int kQA = 127;     // accumulator / activation scale
constexpr int kQB = 64;      // weight scale of layer 2
constexpr int kQOut = 1024;  // output weights: finer, they are few and int32
constexpr float kMaxL2Weight = 127.0f / kQB;

// The accumulator width of an Arch: its kHidden, or the default.
template <class Arch>
constexpr int hidden_of() {
  if constexpr (requires { Arch::kHidden; }) return Arch::kHidden;
  else return kHidden;
}

template <int H>
struct alignas(64) AccumulatorOf {
  std::array<std::int16_t, H> v;
  std::int32_t psqt;
};
using Accumulator = AccumulatorOf<kHidden>;

// What follows the accumulator, the same for every game of one width.
template <int H>
struct alignas(64) LayersOf {
  static constexpr int kWidth = H;
  alignas(64) std::array<std::int16_t, H> ft_bias;
  alignas(64) std::array<std::int8_t, kL2 * H> l2_weights;  // [out][in]
  std::array<std::int32_t, kL2> l2_bias;
  std::array<std::int32_t, kL2> out_weights;
  std::int32_t out_bias;
};
using Layers = LayersOf<kHidden>;

template <class Arch>
struct Network : LayersOf<hidden_of<Arch>()> {
  static constexpr int kWidth = hidden_of<Arch>();
  using Acc = AccumulatorOf<kWidth>;
  alignas(64) std::array<std::int16_t, Arch::kInputs * kWidth> ft_weights;  // [input][hidden]
  std::array<std::int32_t, Arch::kInputs> psqt;
};

// The output of the layers after the accumulator, in units of 1 / (kQA * kQB). Defined for the
// widths 32, 64 and 128 (core/nnue.cpp).
template <int H>
std::int32_t propagate(const LayersOf<H>& net, const AccumulatorOf<H>& acc);
// Adds (sign +1) or takes away (-1) one input's row.
template <int H>
void add_row(const std::int16_t* row, std::int32_t psqt, AccumulatorOf<H>& acc, int sign);
// The layers' half of a payload check: an error naming the file, or "".
template <int H>
std::string check_layers(const LayersOf<H>& net, int input_limit, const std::string& name);

namespace detail {
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
}  // namespace detail

template <class Arch>
constexpr std::size_t payload_bytes() {
  constexpr int h = hidden_of<Arch>();
  return 2 * Arch::kInputs * h + 2 * h + 4 * Arch::kInputs + kL2 * h + 4 * kL2 + 4 * kL2 + 4;
}

template <class Arch>
void refresh(const Network<Arch>& net, const typename Arch::Position& p, int view, typename Network<Arch>::Acc& acc) {
  constexpr int h = Network<Arch>::kWidth;
  std::array<std::uint16_t, Arch::kMaxActive> f;
  const int n = Arch::active_features(p, view, f);
  acc.v = net.ft_bias;
  acc.psqt = 0;
  for (int i = 0; i < n; ++i) add_row<h>(&net.ft_weights[static_cast<std::size_t>(f[i]) * h], net.psqt[f[i]], acc, +1);
}

// Centi-units for the side to move.
template <class Arch>
int evaluate(const Network<Arch>& net, const typename Arch::Position& p) {
  typename Network<Arch>::Acc acc;
  refresh(net, p, p.side, acc);
  return static_cast<int>(static_cast<std::int64_t>(propagate<Network<Arch>::kWidth>(net, acc)) * Arch::kScoreScale / (kQA * kQB));
}

template <class Arch>
std::string serialize(const Network<Arch>& net) {
  std::string s;
  s.reserve(payload_bytes<Arch>());
  detail::put(s, net.ft_weights);
  detail::put(s, net.ft_bias);
  detail::put(s, net.psqt);
  detail::put(s, net.l2_weights);
  detail::put(s, net.l2_bias);
  detail::put(s, net.out_weights);
  detail::put(s, std::array<std::int32_t, 1>{net.out_bias});
  return s;
}

template <class Arch>
Result<std::shared_ptr<const Network<Arch>>> deserialize(std::string_view payload, const std::string& name) {
  constexpr std::size_t bytes = payload_bytes<Arch>();
  if (payload.size() != bytes)
    return make_error("weights file '" + name + "' holds " + std::to_string(payload.size()) + " bytes of weights, a '" +
                      std::string(Arch::kTag) + "' network has " + std::to_string(bytes));
  auto net = std::make_shared<Network<Arch>>();
  std::size_t at = 0;
  detail::get(payload, at, net->ft_weights);
  detail::get(payload, at, net->ft_bias);
  detail::get(payload, at, net->psqt);
  detail::get(payload, at, net->l2_weights);
  detail::get(payload, at, net->l2_bias);
  detail::get(payload, at, net->out_weights);
  std::array<std::int32_t, 1> ob{};
  detail::get(payload, at, ob);
  net->out_bias = ob[0];
  // kMaxActive inputs of at most this size keep the int16 accumulator from wrapping.
  constexpr int kLimit = static_cast<int>(Arch::kMaxInputWeight * kQA);
  static_assert((Arch::kMaxActive + 1) * kLimit <= 32767);
  for (std::int16_t w : net->ft_weights)
    if (w > kLimit || w < -kLimit)
      return make_error("weights file '" + name + "' has an input weight of " + std::to_string(w) + " (limit " +
                        std::to_string(kLimit) + ")");
  if (std::string why = check_layers<Network<Arch>::kWidth>(*net, kLimit, name); !why.empty()) return make_error(why);
  return std::shared_ptr<const Network<Arch>>(std::move(net));
}

template <class Arch>
Status save(const Network<Arch>& net, const std::string& path) {
  return write_weights_file(path, Arch::kTag, serialize(net));
}

// An Arch may also read the files of a narrower net on its inputs (Arch::kNarrowHidden and
// Arch::kNarrowTag): that net is the same function as a wider one whose extra hidden units have
// zero weights in and out, so a game's older files keep loading, and scoring the same to the
// unit, after its accumulator is widened.
template <class Arch>
concept ReadsNarrower = requires {
  { Arch::kNarrowHidden } -> std::convertible_to<int>;
  { Arch::kNarrowTag } -> std::convertible_to<std::string_view>;
};

template <class Arch>
struct NarrowerOf : Arch {
  static constexpr int kHidden = Arch::kNarrowHidden;
  static constexpr std::string_view kTag = Arch::kNarrowTag;
};

template <class Arch>
std::shared_ptr<const Network<Arch>> widen(const Network<NarrowerOf<Arch>>& narrow) {
  constexpr std::size_t h = static_cast<std::size_t>(hidden_of<Arch>());
  constexpr std::size_t n = static_cast<std::size_t>(Arch::kNarrowHidden);
  static_assert(n < h, "a narrower net is narrower");
  auto wide = std::make_shared<Network<Arch>>();  // value-initialised: every weight 0
  for (std::size_t i = 0; i < static_cast<std::size_t>(Arch::kInputs); ++i)
    std::copy_n(&narrow.ft_weights[i * n], n, &wide->ft_weights[i * h]);
  std::copy_n(narrow.ft_bias.begin(), n, wide->ft_bias.begin());
  wide->psqt = narrow.psqt;
  for (std::size_t j = 0; j < static_cast<std::size_t>(kL2); ++j)
    std::copy_n(&narrow.l2_weights[j * n], n, &wide->l2_weights[j * h]);
  wide->l2_bias = narrow.l2_bias;
  wide->out_weights = narrow.out_weights;
  wide->out_bias = narrow.out_bias;
  return wide;
}

// A weights file of the Arch's tag, or of its narrower tag, widened.
template <class Arch>
Result<std::shared_ptr<const Network<Arch>>> decode(std::string_view file, const std::string& name) {
  auto payload = decode_weights(file, Arch::kTag, name);
  if constexpr (ReadsNarrower<Arch>) {
    if (!payload) {
      auto narrow = decode_weights(file, Arch::kNarrowTag, name);
      if (!narrow) return make_error(payload.error());
      auto net = deserialize<NarrowerOf<Arch>>(*narrow, name);
      if (!net) return make_error(net.error());
      return widen<Arch>(**net);
    }
  }
  if (!payload) return make_error(payload.error());
  return deserialize<Arch>(*payload, name);
}

// A net compiled into the binary (cmake/embed_net.cmake): null if its bytes do not decode.
template <class Arch>
std::shared_ptr<const Network<Arch>> decode_builtin(std::string_view file, std::string_view file_name) {
  auto n = decode<Arch>(file, "builtin:" + std::string(file_name));
  return n ? *n : std::shared_ptr<const Network<Arch>>();
}

template <class Arch>
Result<std::shared_ptr<const Network<Arch>>> load(const std::string& path) {
  auto file = read_weights_file(path);
  if (!file) return make_error(file.error());
  return decode<Arch>(*file, path);
}

// The engine options of a learned evaluation (search/game_hooks.h eval_option): "EvalFile" (a
// weights file path, "<builtin>" for the compiled-in net, or empty / "<empty>" to drop the net:
// the hand-made eval) and "UseNNUE" (true/false); nullopt when `name` is neither. `builtin` is
// the game's compiled-in net, or null when the game ships none.
template <class Arch>
std::optional<Status> net_option(std::shared_ptr<const Network<Arch>>& net, bool& use_net, std::string_view name,
                                 std::string_view value, std::shared_ptr<const Network<Arch>> (*builtin)()) {
  if (name == "EvalFile") {
    if (value.empty() || value == "<empty>") {
      net.reset();
      use_net = false;
      return Status(Ok{});
    }
    if (value == "<builtin>") {
      if (!builtin) return Status(make_error("this game has no built-in net: give a weights file"));
      net = builtin();
      if (!net) return Status(make_error("the built-in net could not be read (a broken build)"));
      return Status(Ok{});
    }
    auto loaded = load<Arch>(std::string(value));
    if (!loaded) return Status(make_error(loaded.error()));
    net = *loaded;
    return Status(Ok{});
  }
  if (name == "UseNNUE") {
    const std::string v = to_lower(value);
    if (v == "true" || v == "1") {
      if (!net) return Status(make_error("UseNNUE needs a network: set EvalFile to a weights file first"));
      use_net = true;
    } else if (v == "false" || v == "0") {
      use_net = false;
    } else {
      return Status(make_error("UseNNUE must be true or false, not '" + std::string(value) + "'"));
    }
    return Status(Ok{});
  }
  return std::nullopt;
}

}  // namespace oyin::nnue
