#pragma once
// A small learned evaluation for Togyz Kumalak ("NNUE"-style: sparse one-hot inputs into an
// int16 accumulator, then small int8 layers with clipped ReLU), and its weights file.
//
// Inputs, from one side's point of view (the side to move when evaluating), 668 in all, 22 on:
//   each of the 18 pits (own row first) x its stone count in kCountBuckets buckets,
//   own tuzdyk place (9), the opponent's (9), own kazan 0..81 (82), the opponent's (82).
// Network: accumulator H = 32 (int16, scale 127) -> clamp 0..127 -> L2 = 32 (int8 weights,
// scale 64) -> clamp -> output (int32 weights, scale 1024), plus a linear term per input (psqt,
// int32, scale 127*64) that carries material. Output y in units of kScoreScale centi-stones:
// the training target is sigmoid(score / kScoreScale).
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/result.h"
#include "games/togyz/board.h"

namespace oyin::togyz::nnue {

constexpr int kCountBuckets = 27;   // 0..23 stones one each, 24..29, 30..39, 40+
constexpr int kPitFeatures = kPits * kCountBuckets;
constexpr int kTuzdykBase = kPitFeatures;        // + own place, + 9 + the opponent's place
constexpr int kKazanBase = kTuzdykBase + 18;     // + own kazan, + 82 + the opponent's
constexpr int kInputs = kKazanBase + 2 * 82;     // 668
constexpr int kMaxActive = kPits + 2 + 2;        // 22
constexpr int kHidden = 32;
constexpr int kL2 = 32;
constexpr int kScoreScale = 400;                 // centi-stones per unit of the output
constexpr int kQA = 127;                         // accumulator / activation scale
constexpr int kQB = 64;                          // weight scale of layer 2
constexpr int kQOut = 1024;                      // output weights: finer, they are few and int32
constexpr float kMaxInputWeight = 4.0f;          // 22 * 4 * 127 stays inside int16
constexpr float kMaxL2Weight = 127.0f / kQB;
// The weights file's architecture tag: a file for another shape is refused with its name.
constexpr std::string_view kTag = "togyz-668x32x32-v1";

constexpr int count_bucket(int n) { return n < 24 ? n : n < 30 ? 24 : n < 40 ? 25 : 26; }

// The active inputs of p from side `view`'s point of view; returns how many (at most kMaxActive).
int active_features(const Position& p, int view, std::array<std::uint16_t, kMaxActive>& out);

struct alignas(64) Accumulator {
  std::array<std::int16_t, kHidden> v;
  std::int32_t psqt;
};

// The integer network the engine runs.
struct Network {
  alignas(64) std::array<std::int16_t, kInputs * kHidden> ft_weights;  // [input][hidden]
  alignas(64) std::array<std::int16_t, kHidden> ft_bias;
  std::array<std::int32_t, kInputs> psqt;
  alignas(64) std::array<std::int8_t, kL2 * kHidden> l2_weights;       // [out][in]
  std::array<std::int32_t, kL2> l2_bias;
  std::array<std::int32_t, kL2> out_weights;
  std::int32_t out_bias;
};

void refresh(const Network& net, const Position& p, int view, Accumulator& acc);
// The accumulator of `after` from the one of `before` (same view), touching only the inputs
// that changed. A move sows over many pits and flips the side to move (whose view the eval
// takes), so the search recomputes instead (bench/togyz_nnue_bench.cpp measures both).
void update(const Network& net, const Position& before, const Position& after, int view, Accumulator& acc);
// The output of the layers after the accumulator, in units of 1 / (kQA * kQB).
std::int32_t propagate(const Network& net, const Accumulator& acc);
// Centi-stones for the side to move.
int evaluate(const Network& net, const Position& p);

std::string serialize(const Network& net);  // the payload (little-endian integers)
Result<std::shared_ptr<const Network>> deserialize(std::string_view payload, const std::string& name);
Status save(const Network& net, const std::string& path);
Result<std::shared_ptr<const Network>> load(const std::string& path);

// The default net, nets/togyz.nnue compiled in (cmake/embed_net.cmake): the weights file's
// bytes, its file name, and the decoded network (shared, decoded on first use; null only if
// the embedded bytes were broken, which tests/nnue checks).
std::string_view builtin_net_file();
std::string_view builtin_net_name();
std::shared_ptr<const Network> builtin_network();

}  // namespace oyin::togyz::nnue
