// The Togyz learned evaluation: its weights file (round trip, every kind of damage refused with
// one line), the integer network against the float one it was exported from, the incremental
// accumulator against a full refresh, and the engine options that switch it on.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>

#include "core/random.h"
#include "core/weights_file.h"
#include "games/togyz/game.h"
#include "games/togyz/nnue.h"
#include "search/togyz/nnue_train.h"
#include "support/engines.h"

namespace oyin::togyz::nnue {
namespace {

std::string temp_path(const std::string& name) { return ::testing::TempDir() + "nnue_" + name; }

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}
void write(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// Positions of random games (every ply), with their successors.
std::vector<std::pair<Position, Position>> random_moves(std::uint64_t seed, int games) {
  std::vector<std::pair<Position, Position>> out;
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    Position p = start_position();
    while (!game_over(p)) {
      MoveList l;
      generate_moves(p, l);
      Position q = p;
      make_move(q, l[rng.below(static_cast<std::uint32_t>(l.size()))]);
      out.emplace_back(p, q);
      p = q;
    }
  }
  return out;
}

// A float network with weights of a trained one's size, not the initial small ones (any width).
template <class A>
oyin::nnue::FloatNetwork<A> varied(std::uint64_t seed) {
  oyin::nnue::FloatNetwork<A> n = oyin::nnue::initial_network<A>(seed);
  Rng rng(seed + 1);
  auto u = [&](float a) { return static_cast<float>((rng.uniform() * 2 - 1) * a); };
  for (float& w : n.ft_weights) w = u(0.3f);
  for (float& w : n.ft_bias) w = 0.3f + u(0.2f);
  for (float& w : n.l2_weights) w = u(0.6f);
  for (float& w : n.l2_bias) w = u(0.2f);
  for (float& w : n.out_weights) w = u(0.6f);
  for (float& w : n.psqt) w += u(0.2f);
  n.out_bias = 0.05f;
  return n;
}
FloatNetwork varied_network(std::uint64_t seed) { return varied<Arch>(seed); }

TEST(NnueFeatures, StartPositionHasOneInputPerPitAndBothKazans) {
  std::array<std::uint16_t, kMaxActive> f;
  const Position p = start_position();
  ASSERT_EQ(active_features(p, 0, f), 20);
  for (int i = 0; i < 18; ++i) EXPECT_EQ(f[i], i * kCountBuckets + 9);
  EXPECT_EQ(f[18], kKazanBase);
  EXPECT_EQ(f[19], kKazanBase + 82);
  EXPECT_EQ(kInputs, 668);
}

TEST(NnueFeatures, AreSeenFromTheGivenSide) {
  Position p = start_position();
  p.pits[0] = 3;     // White's pit 1
  p.pits[17] = 30;   // Black's pit 9
  p.kazan[0] = 10;
  p.kazan[1] = 12;
  p.tuzdyk[0] = 9 + 2;  // White owns Black's pit 3
  std::array<std::uint16_t, kMaxActive> w, b;
  ASSERT_EQ(active_features(p, 0, w), 21);
  ASSERT_EQ(active_features(p, 1, b), 21);
  EXPECT_EQ(w[0], 3);                                   // own pit 1: 3 stones
  EXPECT_EQ(w[17], 17 * kCountBuckets + 25);            // opponent's pit 9: 30..39 stones
  EXPECT_EQ(b[8], 8 * kCountBuckets + 25);              // Black's own pit 9
  EXPECT_EQ(b[9], 9 * kCountBuckets + 3);               // opponent's pit 1
  EXPECT_EQ(w[18], kTuzdykBase + 2);                    // own tuzdyk on the third place
  EXPECT_EQ(b[18], kTuzdykBase + 9 + 2);                // the opponent's
  EXPECT_EQ(w[19], kKazanBase + 10);
  EXPECT_EQ(b[20], kKazanBase + 82 + 10);
}

TEST(NnueWeightsFile, RoundTripsExactly) {
  const Network net = quantise(varied_network(3));
  const std::string path = temp_path("roundtrip.nnue");
  ASSERT_TRUE(save(net, path).ok());
  const std::string bytes = slurp(path);
  EXPECT_EQ(bytes.size(), kWeightsHeaderBytes + serialize(net).size());
  auto back = load(path);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(serialize(**back), serialize(net));
  for (const auto& [p, q] : random_moves(5, 2)) EXPECT_EQ(evaluate(**back, q), evaluate(net, q));
}

TEST(NnueWeightsFile, EveryKindOfDamageIsOneLineNamingTheFile) {
  const Network net = quantise(varied_network(4));
  const std::string good = temp_path("good.nnue");
  ASSERT_TRUE(save(net, good).ok());
  const std::string bytes = slurp(good);
  auto error_of = [&](const std::string& content) {
    const std::string p = temp_path("bad.nnue");
    write(p, content);
    auto r = load(p);
    EXPECT_FALSE(r.ok());
    const std::string e = r.ok() ? "" : r.error();
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
    EXPECT_NE(e.find("bad.nnue"), std::string::npos) << e;
    return e;
  };
  {
    auto r = load(temp_path("missing.nnue"));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find("cannot read"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("missing.nnue"), std::string::npos) << r.error();
  }
  EXPECT_NE(error_of("").find("not an oyin weights file"), std::string::npos);
  EXPECT_NE(error_of("# a text file\n" + std::string(100, 'x')).find("not an oyin weights file"), std::string::npos);
  EXPECT_NE(error_of(bytes.substr(0, bytes.size() - 7)).find("truncated"), std::string::npos);
  EXPECT_NE(error_of(bytes + "x").find("too long"), std::string::npos);
  std::string flipped = bytes;
  flipped[kWeightsHeaderBytes + 1000] ^= 0x10;
  EXPECT_NE(error_of(flipped).find("corrupt (checksum mismatch)"), std::string::npos);
  std::string version = bytes;
  version[8] = 2;
  EXPECT_NE(error_of(version).find("format version 2"), std::string::npos);
  EXPECT_NE(error_of(encode_weights("tojmot-1x1-v1", serialize(net))).find("'tojmot-1x1-v1' network"), std::string::npos);
  EXPECT_NE(error_of(encode_weights(kTag, serialize(net).substr(10))).find("bytes of weights"), std::string::npos);
  // A valid file whose input weight would overflow the int16 accumulator.
  std::string payload = serialize(net);
  payload[0] = static_cast<char>(0xFF);
  payload[1] = 0x7F;
  EXPECT_NE(error_of(encode_weights(kTag, payload)).find("input weight of 32767"), std::string::npos);
}

TEST(NnueInference, IntegerNetworkFollowsTheFloatOneItCameFrom) {
  for (std::uint64_t seed : {1, 2, 3}) {
    const FloatNetwork f = varied_network(seed);
    const Network q = quantise(f);
    double worst = 0, sum = 0;
    const auto moves = random_moves(seed + 10, 20);
    for (const auto& [p, unused] : moves) {
      const double exact = forward(f, p) * kScoreScale;
      const double d = std::abs(evaluate(q, p) - exact);
      worst = std::max(worst, d);
      sum += d;
    }
    // Measured on these nets: worst 30 to 39 centi-stones, mean 6 to 8 (a stone is 100), mostly
    // from rounding layer 2 to int8 at scale 64 under output weights this large.
    EXPECT_LT(worst, 50.0) << "seed " << seed;
    EXPECT_LT(sum / static_cast<double>(moves.size()), 10.0) << "seed " << seed;
    EXPECT_GT(worst, 0.0);  // the two really are different computations
  }
}

// Togyz's inputs under a wider accumulator (core/nnue.h takes an Arch's own kHidden).
template <int H>
struct WideArch : Arch {
  static constexpr int kHidden = H;
};

// The layers after the accumulator as core/nnue.h describes them, one multiply at a time.
template <int H>
std::int32_t reference_propagate(const oyin::nnue::LayersOf<H>& net, const oyin::nnue::AccumulatorOf<H>& acc) {
  std::int32_t out = 0;
  for (int j = 0; j < kL2; ++j) {
    std::int32_t z = net.l2_bias[static_cast<std::size_t>(j)];
    for (int i = 0; i < H; ++i)
      z += std::clamp<int>(acc.v[static_cast<std::size_t>(i)], 0, kQA) * net.l2_weights[static_cast<std::size_t>(j * H + i)];
    out += std::clamp(z >> 6, 0, kQA) * net.out_weights[static_cast<std::size_t>(j)];
  }
  return net.out_bias + acc.psqt + (out >> 4);
}

template <int H>
void expect_width_works(std::uint64_t seed) {
  using A = WideArch<H>;
  const oyin::nnue::FloatNetwork<A> f = varied<A>(seed);
  const auto q = std::make_shared<oyin::nnue::Network<A>>(oyin::nnue::quantise(f));
  static_assert(oyin::nnue::Network<A>::kWidth == H);
  double worst = 0;
  for (const auto& [p, unused] : random_moves(seed + 10, 5)) {
    typename oyin::nnue::Network<A>::Acc acc;
    oyin::nnue::refresh(*q, p, p.side, acc);
    ASSERT_EQ(oyin::nnue::propagate(*q, acc), reference_propagate<H>(*q, acc)) << "width " << H;
    worst = std::max(worst, std::abs(oyin::nnue::evaluate(*q, p) - static_cast<double>(oyin::nnue::forward(f, p)) * kScoreScale));
  }
  EXPECT_LT(worst, 100.0) << "width " << H;  // int8 rounding of layer 2 over more inputs
  // The weights file's size follows the width, and a file reads back to the same network.
  const std::string payload = oyin::nnue::serialize(*q);
  EXPECT_EQ(payload.size(), oyin::nnue::payload_bytes<A>());
  auto back = oyin::nnue::deserialize<A>(payload, "wide");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(oyin::nnue::serialize(**back), payload);
}

TEST(NnueInference, WiderAccumulatorsComputeTheSameLayers) {
  expect_width_works<32>(21);
  expect_width_works<64>(22);
  expect_width_works<128>(23);
}

// Togyz's Arch is 64 wide since the sixth net and reads the 32-wide files of the five before it
// (core/nnue.h ReadsNarrower): widened with zero weights, they score the same to the unit.
TEST(NnueWeightsFile, TheThirtyTwoWideFilesLoadWidenedAndScoreTheSame) {
  using Narrow = oyin::nnue::NarrowerOf<Arch>;
  using NarrowNet = oyin::nnue::Network<Narrow>;
  static_assert(Network::kWidth == 64 && NarrowNet::kWidth == 32 && oyin::nnue::ReadsNarrower<Arch>);
  const NarrowNet narrow = oyin::nnue::quantise(varied<Narrow>(31));
  const std::string path = temp_path("narrow.nnue");
  ASSERT_TRUE(oyin::nnue::save(narrow, path).ok());
  EXPECT_EQ(slurp(path).size(), kWeightsHeaderBytes + oyin::nnue::payload_bytes<Narrow>());
  auto wide = load(path);
  ASSERT_TRUE(wide.ok()) << wide.error();
  // The first net (nets/togyz-gen1.nnue, compiled in and widened) against its bytes read at their own width.
  auto payload = decode_weights(first_net_file(), kNarrowTag, "gen1");
  ASSERT_TRUE(payload) << payload.error();
  auto as_written = oyin::nnue::deserialize<Narrow>(*payload, "gen1");
  ASSERT_TRUE(as_written) << as_written.error();
  int checked = 0;
  for (const auto& [p, q] : random_moves(32, 5)) {
    ASSERT_EQ(evaluate(**wide, q), oyin::nnue::evaluate(narrow, q));
    ASSERT_EQ(evaluate(*first_network(), q), oyin::nnue::evaluate(**as_written, q));
    ++checked;
  }
  EXPECT_GT(checked, 500);
  EXPECT_NE(oyin::nnue::evaluate(narrow, start_position()), oyin::nnue::evaluate(**as_written, start_position()));
  // Saved again, a widened net is a 64-wide file; a file of neither tag is refused naming the wide one.
  const std::string own = temp_path("wide.nnue");
  ASSERT_TRUE(save(**wide, own).ok());
  EXPECT_EQ(slurp(own).size(), kWeightsHeaderBytes + oyin::nnue::payload_bytes<Arch>());
  auto back = load(own);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(serialize(**back), serialize(**wide));
  write(own, encode_weights("tojmot-1x1-v1", oyin::nnue::serialize(narrow)));
  auto other = load(own);
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.error().find("not the 'togyz-668x64x32-v1' this engine uses"), std::string::npos) << other.error();
}

TEST(NnueInference, IncrementalUpdateEqualsRefreshOverRandomGames) {
  const Network net = quantise(varied_network(7));
  int checked = 0;
  for (const auto& [before, after] : random_moves(11, 30))
    for (int view = 0; view < 2; ++view) {
      Accumulator inc, full;
      refresh(net, before, view, inc);
      update(net, before, after, view, inc);
      refresh(net, after, view, full);
      ASSERT_EQ(inc.v, full.v);
      ASSERT_EQ(inc.psqt, full.psqt);
      ++checked;
    }
  EXPECT_GT(checked, 3000);
}

TEST(NnueEval, TheBuiltInNetIsTheDefaultAndUseNnueSwitches) {
  const Network net = quantise(varied_network(8));
  const std::string path = temp_path("eval.nnue");
  ASSERT_TRUE(save(net, path).ok());
  EvalParams e;
  ASSERT_TRUE(e.use_net);
  ASSERT_EQ(e.net, builtin_network());
  const Position p = random_moves(3, 1)[40].second;
  const int builtin = evaluate(p, e);
  EXPECT_EQ(builtin, evaluate(*builtin_network(), p));
  ASSERT_TRUE(eval_option(e, "UseNNUE", "false").value().ok());
  const int hand = evaluate(p, e);
  EXPECT_NE(hand, builtin);
  ASSERT_TRUE(eval_option(e, "EvalFile", path).value().ok());
  EXPECT_EQ(evaluate(p, e), hand);  // loaded, not used
  ASSERT_TRUE(eval_option(e, "UseNNUE", "true").value().ok());
  EXPECT_EQ(evaluate(p, e), evaluate(net, p));
  EXPECT_NE(evaluate(p, e), hand);
  auto bad = eval_option(e, "UseNNUE", "maybe").value();
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "UseNNUE must be true or false, not 'maybe'");
  ASSERT_TRUE(eval_option(e, "UseNNUE", "false").value().ok());
  EXPECT_EQ(evaluate(p, e), hand);
  EXPECT_FALSE(eval_option(e, "Hash", "16").has_value());
  ASSERT_TRUE(eval_option(e, "EvalFile", "<builtin>").value().ok());
  ASSERT_TRUE(eval_option(e, "UseNNUE", "true").value().ok());
  EXPECT_EQ(evaluate(p, e), builtin);
  ASSERT_TRUE(eval_option(e, "EvalFile", "<empty>").value().ok());
  EXPECT_EQ(evaluate(p, e), hand);  // no net: the hand-made eval
  auto none = eval_option(e, "UseNNUE", "true").value();
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error(), "UseNNUE needs a network: set EvalFile to a weights file first");
  EXPECT_EQ(eval_option_default("EvalFile"), "<builtin>");
  EXPECT_EQ(eval_option_default("UseNNUE"), "true");
  EXPECT_FALSE(eval_option_default("Hash").has_value());
}

// A compiled-in net: its name, its bytes those of nets/<name> exactly, and what loading that
// file gives.
void expect_compiled_in(std::string_view name, std::string_view bytes, const std::shared_ptr<const Network>& net) {
  ASSERT_NE(net, nullptr);
  const std::string path = std::string(OYIN_SOURCE_DIR) + "/nets/" + std::string(name);
  const std::string file = slurp(path);
  ASSERT_FALSE(file.empty()) << path;
  EXPECT_EQ(file, std::string(bytes));
  auto loaded = load(path);
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(serialize(**loaded), serialize(*net));
}

// The compiled-in bytes are nets/togyz.nnue exactly, a valid weights file.
TEST(NnueEval, TheBuiltInNetIsTheRepositorysFile) {
  EXPECT_EQ(builtin_net_name(), "togyz.nnue");
  expect_compiled_in(builtin_net_name(), builtin_net_file(), builtin_network());
}

// The first net, kept for the puzzles' defences, is nets/togyz-gen1.nnue exactly, and another net
// than the default one (a position they score differently).
TEST(NnueEval, TheFirstNetIsTheRepositorysOtherFile) {
  EXPECT_EQ(first_net_name(), "togyz-gen1.nnue");
  expect_compiled_in(first_net_name(), first_net_file(), first_network());
  EXPECT_NE(serialize(*first_network()), serialize(*builtin_network()));
  const Position p = start_position();
  EXPECT_NE(evaluate(*first_network(), p), evaluate(*builtin_network(), p));
}

// With the net on, the search takes its margins from the EvalParams' net_* fields (tuned for the
// net); with the hand-made eval, the search's defaults.
TEST(NnueEval, SearchMarginsAreTheNetsWhileItIsOn) {
  auto e = parse_eval_params("net_delta=111,net_futility=222,net_aspiration=33");
  ASSERT_TRUE(e.ok());
  auto m = search_margins(*e);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->delta, 111);
  EXPECT_EQ(m->futility, 222);
  EXPECT_EQ(m->aspiration, 33);
  e->use_net = false;
  EXPECT_FALSE(search_margins(*e).has_value());
  // Different margins change the tree the engine searches.
  auto tuned = make_engine("togyz");
  auto wide = make_engine("togyz");
  auto st = find_game("togyz")->new_game("", "");
  ASSERT_TRUE(st.ok());
  SearchLimits lim;
  lim.depth = 7;
  ASSERT_TRUE(wide->set_option("EvalParams", "net_futility=900,net_delta=900,net_aspiration=400").ok());
  EXPECT_NE(tuned->search(**st, lim, {}, nullptr).info.nodes, wide->search(**st, lim, {}, nullptr).info.nodes);
}

TEST(NnueEval, EngineOptionsLoadTheNetworkAndKeepItAcrossEvalParams) {
  const std::string path = temp_path("engine.nnue");
  ASSERT_TRUE(save(quantise(varied_network(9)), path).ok());
  auto engine = make_engine("togyz");
  const auto missing = engine->set_option("EvalFile", temp_path("nowhere.nnue"));
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("cannot read"), std::string::npos) << missing.error();
  ASSERT_TRUE(engine->set_option("EvalFile", path).ok());
  ASSERT_TRUE(engine->set_option("UseNNUE", "true").ok());
  ASSERT_TRUE(engine->set_option("EvalParams", "tempo=0").ok());
  auto st = find_game("togyz")->new_game("", "");
  ASSERT_TRUE(st.ok());
  SearchLimits lim;
  lim.depth = 4;
  const SearchResult with_net = engine->search(**st, lim, {}, nullptr);
  ASSERT_FALSE(with_net.best_move.empty());
  auto hand = make_engine("togyz");
  ASSERT_TRUE(hand->set_option("EvalParams", "tempo=0").ok());
  const SearchResult without = hand->search(**st, lim, {}, nullptr);
  EXPECT_NE(with_net.info.score_cp, without.info.score_cp);

  // Tojmot has a net of its own shape: a Togyz weights file is refused by its tag.
  auto tojmot = make_engine("tojmot");
  const auto no = tojmot->set_option("EvalFile", path);
  ASSERT_FALSE(no.ok());
  EXPECT_EQ(no.error(), "weights file '" + path + "' holds a 'togyz-668x64x32-v1' network, not the 'tojmot-3026x32x32-res-v1' this engine uses");
}

}  // namespace
}  // namespace oyin::togyz::nnue
