#pragma once
// The Engine interface (search/engine.h) over the alpha-beta template for one game: turns
// SearchLimits and levels into a search Config, moves into protocol text, and picks the
// level's move.
#include <algorithm>
#include <string>

#include "core/random.h"
#include "core/text.h"
#include "games/adapter_impl.h"
#include "search/alphabeta.h"
#include "search/engine.h"
#include "search/levels.h"
#include "search/plain.h"
#include "search/time_manager.h"

namespace oyin::search {

template <SearchableGame G>
class AlphaBetaEngine final : public Engine {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  // The table is allocated (and cleared) at the first search or Hash setting: engines are
  // made for every UCI variant switch and protocol session, and many never search.
  explicit AlphaBetaEngine(const LevelTable& levels = kLevels) : tt_(0), levels_(levels) {}

  static std::string engine_name() { return "oyin alpha-beta (" + std::string(G::name) + ")"; }
  std::string name() const override { return engine_name(); }
  void new_game() override { tt_.clear(); }

  Status set_option(std::string_view name, std::string_view value) override {
    if (name == "Hash") {
      const auto mb = parse_int(value);
      if (!mb || *mb < 1 || *mb > static_cast<std::int64_t>(kMaxHashMb))
        return make_error("Hash must be 1.." + std::to_string(kMaxHashMb) + " MB, not '" + std::string(value) + "'");
      if (!tt_.resize(static_cast<std::size_t>(*mb)))
        return make_error("cannot allocate " + std::to_string(*mb) + " MB for the hash table (out of memory); keeping " +
                          std::to_string(tt_sized_ ? tt_.size_mb() : hash_mb_) + " MB");
      hash_mb_ = static_cast<std::size_t>(*mb);
      tt_sized_ = true;
      return Ok{};
    }
    if (name == "MinimalTable") {  // "1": a one-bucket table, never sized (in-process fuzzing)
      tt_sized_ = value == "1";
      if (tt_sized_) (void)tt_.resize(0);
      return Ok{};
    }
    if (name == "Plain") {  // "1": the plain fixed-depth baseline instead of the real search
      plain_ = value == "1" || value == "true";
      return Ok{};
    }
    if (name == "EvalParams") {
      auto p = G::parse_eval_params(value);
      if (!p) return make_error(p.error());
      if constexpr (HasEvalOptions<G>) G::carry_eval_options(params_, *p);
      params_ = *p;
      return Ok{};
    }
    if constexpr (HasEvalOptions<G>)
      if (auto r = G::eval_option(params_, name, value)) return *r;
    if (name == "EvalFile" || name == "UseNNUE")
      return make_error(std::string(G::title) + " has no learned evaluation (" + std::string(name) + ")");
    return Engine::set_option(name, value);
  }

  std::optional<std::string> option_default(std::string_view name) const override {
    if constexpr (HasEvalOptions<G>) return G::eval_option_default(name);
    (void)name;
    return std::nullopt;
  }

  SearchResult search(const GameState& state, const SearchLimits& limits,
                      const std::function<void(const SearchInfo&)>& on_info, const std::atomic<bool>* stop) override {
    SearchResult result;
    const auto* impl = dynamic_cast<const TypedState<G>*>(&state);
    if (!impl) return result;
    const Position root = impl->position();
    if (G::status(root).over()) return result;

    if (plain_) {
      const auto r = plain_search<G>(root, limits.depth > 0 ? limits.depth : 6, params_);
      result.best_move = G::move_to_text(root, r.move);
      result.info = to_info(root, limits.depth > 0 ? limits.depth : 6, 0, 1, r.score, r.nodes, 0, {r.move});
      return result;
    }
    const int level = std::clamp(limits.level, kMinLevel, kMaxLevel);
    const LevelSpec spec = levels_[static_cast<std::size_t>(level)];
    Config cfg;
    cfg.max_depth = limits.depth > 0 ? limits.depth : kMaxPly - 1;
    if (spec.depth > 0) cfg.max_depth = std::min(cfg.max_depth, spec.depth);
    // The level's share of a budget the caller gives (its own think_ms already has it).
    const auto share = [&](auto v) {
      if (v <= 0) return v;  // none given
      return static_cast<decltype(v)>(std::max<long long>(1, static_cast<long long>(v) * spec.budget_pct / 100));
    };
    cfg.max_nodes = limits.nodes > 0 ? share(limits.nodes) : 0;
    const int side = index(G::side_to_move(root));
    if (limits.movetime_ms > 0) {
      cfg.hard_ms = share(limits.movetime_ms);  // use all of it: no soft limit
    } else if (limits.time_left_ms[side] > 0) {
      const TimeBudget t = allot_time(limits.time_left_ms[side], limits.increment_ms[side], kMovesToGo);
      cfg.soft_ms = share(t.soft_ms);
      cfg.hard_ms = share(t.hard_ms);
    } else if (!limits.infinite && limits.depth <= 0 && limits.nodes == 0) {
      cfg.hard_ms = spec.think_ms;
    }
    const int shown = std::max(1, limits.multipv);
    cfg.multipv = std::max(shown, spec.multipv);
    cfg.threads = limits.threads;
    cfg.external_stop = stop;
    std::vector<std::uint64_t> history;
    if constexpr (HasHalfmoveClock<G>) history = impl->history_hashes();

    if (!tt_sized_) tt_sized_ = tt_.resize(hash_mb_);
    AlphaBeta<G> ab(tt_, params_);
    typename AlphaBeta<G>::InfoFn info_fn;
    if (on_info)
      info_fn = [&](const Iteration<Move>& it) {
        if (it.multipv <= shown) on_info(to_info(root, it.depth, it.seldepth, it.multipv, it.score, it.nodes, it.time_ms, it.pv));
      };
    const SearchOutput<Move> out = ab.run(root, history, cfg, info_fn);
    if (out.lines.empty()) return result;

    // The level's choice: the best line, or at low levels the best after random noise.
    std::size_t pick = 0;
    if (spec.noise_cp > 0) {
      Rng rng(limits.seed ? limits.seed : 0x1E7E1ULL ^ G::hash(root));
      int best = -kInfinite * 2;
      const std::size_t n = std::min<std::size_t>(out.lines.size(), static_cast<std::size_t>(cfg.multipv));
      for (std::size_t i = 0; i < n; ++i) {
        const int v = out.lines[i].score + static_cast<int>(rng.below(static_cast<std::uint32_t>(spec.noise_cp) + 1));
        if (v > best) {
          best = v;
          pick = i;
        }
      }
    }
    const auto& line = out.lines[pick];
    result.info = to_info(root, out.depth, line.seldepth, 1, line.score, out.nodes, out.time_ms, line.pv);
    result.best_move = G::move_to_text(root, line.move);
    if (result.info.pv.size() > 1) result.ponder = result.info.pv[1];
    return result;
  }

 private:
  static SearchInfo to_info(const Position& root, int depth, int seldepth, int multipv, int score,
                            std::uint64_t nodes, int time_ms, const std::vector<Move>& pv) {
    SearchInfo info;
    info.depth = depth;
    info.seldepth = std::max(seldepth, depth);
    info.multipv = multipv;
    info.score_cp = score;
    if (is_proven(score)) {
      info.is_mate = true;
      const int plies = std::abs(plies_to_end(score));
      info.mate_in = score > 0 ? (plies + 1) / 2 : -((plies + 1) / 2);
    }
    info.nodes = nodes;
    info.time_ms = time_ms;
    Position p = root;
    for (const Move& m : pv) {
      if (G::status(p).over()) break;
      info.pv.push_back(G::move_to_text(p, m));
      typename G::Undo u;
      G::play(p, m, u);
    }
    return info;
  }

  TranspositionTable tt_;
  LevelTable levels_;
  std::size_t hash_mb_ = 16;
  bool tt_sized_ = false;
  typename G::EvalParams params_{};
  bool plain_ = false;
};

}  // namespace oyin::search
