#pragma once
// A small learned evaluation for Togyz Kumalak (the network of core/nnue.h) and its inputs.
//
// Inputs, from one side's point of view (the side to move when evaluating), 668 in all, 22 on:
//   each of the 18 pits (own row first) x its stone count in kCountBuckets buckets,
//   own tuzdyk place (9), the opponent's (9), own kazan 0..81 (82), the opponent's (82).
// Network: accumulator 64 -> 32 -> output, plus the linear term (core/nnue.h), in units of
// kScoreScale centi-stones.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/nnue.h"
#include "core/result.h"
#include "games/togyz/board.h"

namespace oyin::togyz::nnue {

using oyin::nnue::kL2;
using oyin::nnue::kMaxL2Weight;
using oyin::nnue::kQA;
using oyin::nnue::kQB;
using oyin::nnue::kQOut;
using oyin::nnue::propagate;

constexpr int kCountBuckets = 27;   // 0..23 stones one each, 24..29, 30..39, 40+
constexpr int kPitFeatures = kPits * kCountBuckets;
constexpr int kTuzdykBase = kPitFeatures;        // + own place, + 9 + the opponent's place
constexpr int kKazanBase = kTuzdykBase + 18;     // + own kazan, + 82 + the opponent's
constexpr int kInputs = kKazanBase + 2 * 82;     // 668
constexpr int kMaxActive = kPits + 2 + 2;        // 22
constexpr int kScoreScale = 400;                 // centi-stones per unit of the output
constexpr float kMaxInputWeight = 4.0f;          // 22 * 4 * 127 stays inside int16
constexpr int kHidden = 64;                      // the accumulator's width
// The weights file's architecture tag: a file for another shape is refused with its name.
constexpr std::string_view kTag = "togyz-668x64x32-v1";
// The nets before the sixth (nets/togyz-gen1..5.nnue) are 32 wide: they load widened with zero
// weights, the same scores (core/nnue.h ReadsNarrower), so the data they made can be made again.
constexpr int kNarrowHidden = 32;
constexpr std::string_view kNarrowTag = "togyz-668x32x32-v1";

constexpr int count_bucket(int n) { return n < 24 ? n : n < 30 ? 24 : n < 40 ? 25 : 26; }

// The active inputs of p from side `view`'s point of view; returns how many (at most kMaxActive).
int active_features(const Position& p, int view, std::array<std::uint16_t, kMaxActive>& out);

struct Arch {
  using Position = togyz::Position;
  static constexpr int kInputs = nnue::kInputs, kMaxActive = nnue::kMaxActive, kScoreScale = nnue::kScoreScale;
  static constexpr int kHidden = nnue::kHidden;
  static constexpr float kMaxInputWeight = nnue::kMaxInputWeight;
  static constexpr std::string_view kTag = nnue::kTag;
  static constexpr int kNarrowHidden = nnue::kNarrowHidden;
  static constexpr std::string_view kNarrowTag = nnue::kNarrowTag;
  static int active_features(const Position& p, int view, std::array<std::uint16_t, kMaxActive>& out) {
    return nnue::active_features(p, view, out);
  }
  static Result<Position> parse_position(std::string_view text);  // nnue_train.cpp
  static void initial_psqt(std::vector<float>& psqt);              // nnue_train.cpp
};

// The integer network the engine runs.
using Network = oyin::nnue::Network<Arch>;
using Accumulator = Network::Acc;

inline void refresh(const Network& net, const Position& p, int view, Accumulator& acc) { oyin::nnue::refresh(net, p, view, acc); }
// The accumulator of `after` from the one of `before` (same view), touching only the inputs
// that changed. A move sows over many pits and flips the side to move (whose view the eval
// takes), so the search recomputes instead (bench/togyz_nnue_bench.cpp measures both).
void update(const Network& net, const Position& before, const Position& after, int view, Accumulator& acc);
// Centi-stones for the side to move.
inline int evaluate(const Network& net, const Position& p) { return oyin::nnue::evaluate(net, p); }

inline std::string serialize(const Network& net) { return oyin::nnue::serialize(net); }
inline Result<std::shared_ptr<const Network>> deserialize(std::string_view payload, const std::string& name) {
  return oyin::nnue::deserialize<Arch>(payload, name);
}
inline Status save(const Network& net, const std::string& path) { return oyin::nnue::save(net, path); }
inline Result<std::shared_ptr<const Network>> load(const std::string& path) { return oyin::nnue::load<Arch>(path); }

// The default net, nets/togyz.nnue compiled in (cmake/embed_net.cmake): the weights file's
// bytes, its file name, and the decoded network (shared, decoded on first use; null only if
// the embedded bytes were broken, which tests/nnue checks).
std::string_view builtin_net_file();
std::string_view builtin_net_name();
std::shared_ptr<const Network> builtin_network();
// The first net, nets/togyz-gen1.nnue compiled in the same way: the default until the second
// replaced it, kept because the shipped puzzles rank equally long defences by it (their files
// were made with it, and a new default net must not change them).
std::string_view first_net_file();
std::string_view first_net_name();
std::shared_ptr<const Network> first_network();

}  // namespace oyin::togyz::nnue
