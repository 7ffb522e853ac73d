// The capture Go Engine: levels, clock handling and progress reports around CapgoMcts.
#include "search/capgo/mcts_engine.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>

#include "games/adapter_impl.h"
#include "games/capgo/game.h"
#include "search/capgo/perfect_play.h"
#include "search/time_manager.h"

namespace oyin {

using namespace capgo;

namespace {
// Playouts double-and-a-half per level; low levels also sample among good moves, so a child
// opponent makes child mistakes. Elo figures for these levels are in README. This is the MCTS
// engine's only level table (think_ms: what the server gives a move at that level).
constexpr CapgoLevel kLevels[kLevelCount] = {
    {0, 0, 0, 50},          {1, 0, 0, 100},        {2, 30, 0.6, 150},     {2, 100, 0.3, 200},
    {2, 300, 0.15, 300},    {2, 800, 0, 400},      {2, 2000, 0, 500},     {2, 5000, 0, 700},
    {2, 12000, 0, 900},     {2, 30000, 0, 1200},   {2, 80000, 0, 1500}};
}  // namespace

CapgoLevel capgo_level(int level) { return kLevels[std::clamp(level, kMinLevel, kMaxLevel)]; }

std::vector<LevelInfo> mcts_levels() {
  std::vector<LevelInfo> out;
  for (int l = kMinLevel; l <= kMaxLevel; ++l) {
    const CapgoLevel& c = kLevels[l];
    const std::string what = c.mode == 0   ? "random legal moves"
                             : c.mode == 1 ? "the playout policy's move, no search"
                                           : std::to_string(c.playouts) + " playouts";
    out.push_back({l, c.think_ms, what});
  }
  return out;
}

namespace {

// The typed position behind a GameState; rebuilt from its text when it is not ours.
Result<Position> position_of(const GameState& state) {
  if (const auto* s = dynamic_cast<const TypedState<CaptureGo>*>(&state)) return s->position();
  auto rules = CaptureGo::parse_rules(state.rules_text());
  if (!rules) return make_error(rules.error());
  auto pos = CaptureGo::parse_position(state.start_position_text(), *rules);
  if (!pos) return pos;
  for (const auto& text : state.history()) {
    auto m = CaptureGo::parse_move(*pos, text);
    if (!m) return make_error(m.error());
    Undo u;
    capgo::play(*pos, *m, u);
  }
  return pos;
}

SearchInfo info_of(const CapgoAnalysis& a) {
  SearchInfo i;
  i.nodes = a.playouts;
  i.bench_count = a.tree_nodes + a.playout_stones;
  i.time_ms = a.time_ms;
  i.score_cp = static_cast<int>(std::lround((2 * a.winrate - 1) * 1000));
  if (a.proof == Proof::Win || a.proof == Proof::Loss) {
    i.is_mate = true;
    i.mate_in = a.proof == Proof::Win ? 1 : -1;
  }
  if (!a.moves.empty()) {
    i.pv = a.moves.front().pv;
    i.depth = static_cast<int>(i.pv.size());
  }
  return i;
}

// Solver nodes a millisecond of a move's time: about half of what it searches on this machine
// (docs/engines.md), so that a move stays within its time where the clock is not watched.
constexpr std::uint64_t kPerfectNodesPerMs = 250;

// The table and the solver before the tree search: the budget is the move's time in nodes, with
// the move's time as a guard only when no node limit makes the move the same on every machine.
PerfectResult perfect_step(const Position& pos, const SearchLimits& limits, const CapgoLevel& lv,
                           const std::atomic<bool>* stop) {
  if (!perfect_applies(pos)) return {};
  const int think_ms = limits.movetime_ms > 0 ? limits.movetime_ms : lv.think_ms;
  const double seconds = limits.nodes ? 0.0 : think_ms / 1000.0;
  return perfect_move(pos, static_cast<std::uint64_t>(think_ms) * kPerfectNodesPerMs, seconds, stop);
}

SearchResult proved_win(const Position& pos, const PerfectResult& p, const std::function<void(const SearchInfo&)>& on_info) {
  SearchResult r;
  r.best_move = move_to_text(pos, Move{static_cast<std::uint16_t>(p.move)});
  r.info.nodes = p.nodes;
  r.info.bench_count = p.nodes;
  r.info.score_cp = 1000;
  r.info.is_mate = true;
  r.info.mate_in = 1;  // no search depth: the proof is the table's or the solver's
  r.info.pv = {r.best_move};
  if (on_info) on_info(r.info);
  return r;
}

}  // namespace

SearchResult capgo_search(CapgoMcts& mcts, const Position& position, const SearchLimits& limits,
                        const std::function<void(const SearchInfo&)>& on_info, const std::atomic<bool>* stop,
                        bool perfect_play) {
  SearchResult r;
  const Position* pos = &position;
  if (is_over(*pos)) return r;
  const CapgoLevel lv = capgo_level(limits.level);
  Rng rng(limits.seed ? limits.seed : 0x5EED0000ULL + pos->stones_key);
  if (lv.mode < 2) {
    FastBoard fb;
    fb.init(*pos);
    int m = policy_move(fb, lv.mode == 0 ? Policy::Light : Policy::Full, rng);
    // The playout board knows only simple ko: fall back to any legal move on a superko clash.
    if (m > 0 && !is_legal(*pos, m)) m = -1;
    if (m < 0 || (m == 0 && !pos->pass_allowed)) {
      capgo::MoveList list;
      generate_moves(*pos, list);
      if (list.empty()) return r;
      m = list[rng.below(static_cast<std::uint32_t>(list.size()))].point;
    }
    r.best_move = move_to_text(*pos, Move{static_cast<std::uint16_t>(m)});
    r.info.pv = {r.best_move};
    return r;
  }
  // Where it is proved, the strong levels (those that do not sample) play perfectly.
  const auto perfect_start = std::chrono::steady_clock::now();
  const PerfectResult perfect = perfect_play && lv.temperature == 0 ? perfect_step(*pos, limits, lv, stop) : PerfectResult{};
  const auto perfect_ms = static_cast<int>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - perfect_start).count());
  if (perfect.value == PerfectValue::Win) return proved_win(*pos, perfect, on_info);
  CapgoSearchOptions o;
  o.playouts = limits.nodes ? limits.nodes : lv.playouts;
  o.threads = std::max(1, limits.threads);
  o.seed = limits.seed;
  o.stop = stop;
  const int me = pos->to_move;
  if (limits.movetime_ms > 0) {
    o.time_ms = limits.movetime_ms;
  } else if (limits.time_left_ms[me] > 0) {
    // A share of the clock: a player has about half the empty points left to fill.
    int empties = 0;
    for (int p = 0; p < pos->npoints; ++p) empties += pos->color[p] == kEmpty;
    o.time_ms = search::allot_time(limits.time_left_ms[me], limits.increment_ms[me], std::max(8, empties / 2)).soft_ms;
    if (limits.level >= kMaxLevel && !limits.nodes) o.playouts = 0;
  }
  if (o.time_ms > 0) o.time_ms = std::max(1, o.time_ms - perfect_ms);  // the solver had its share
  if (on_info) {
    o.report_ms = 500;
    o.on_report = [&](const CapgoAnalysis& a) { on_info(info_of(a)); };
  }
  CapgoAnalysis a;
  const Move best = mcts.search(*pos, o, &a);
  Move chosen = best;
  if (lv.temperature > 0 && a.proof == Proof::Unknown) {
    // Sample among moves not proven lost, weighted by visits^(1/T).
    std::vector<std::pair<Move, double>> w;
    double total = 0;
    for (const auto& m : a.moves) {
      if (m.proof == Proof::Loss || m.visits == 0) continue;
      const double x = std::pow(static_cast<double>(m.visits), 1.0 / lv.temperature);
      w.emplace_back(m.move, x);
      total += x;
    }
    if (total > 0 && a.moves.front().proof != Proof::Win) {
      double t = rng.uniform() * total;
      for (const auto& [m, x] : w) {
        chosen = m;
        if ((t -= x) <= 0) break;
      }
    }
  }
  r.best_move = move_to_text(*pos, chosen);
  r.info = info_of(a);
  if (chosen == best && !a.moves.empty()) r.info.pv = a.moves.front().pv;
  else r.info.pv = {r.best_move};
  if (r.info.pv.size() > 1) r.ponder = r.info.pv[1];
  if (perfect.value == PerfectValue::Loss) {  // the search's line stays: the longest resistance it found
    r.info.is_mate = true;
    r.info.mate_in = -1;
    r.info.score_cp = -1000;
  }
  return r;
}

namespace {

class CapgoEngine final : public Engine {
 public:
  std::string name() const override { return capgo_engine_name(); }
  void new_game() override { mcts_.clear(); }
  Status set_option(std::string_view name, std::string_view value) override {
    if (name != "PerfectPlay") return Engine::set_option(name, value);
    if (value != "true" && value != "false") return make_error("PerfectPlay must be true or false");
    perfect_play_ = value == "true";
    return Ok{};
  }

  SearchResult search(const GameState& state, const SearchLimits& limits,
                      const std::function<void(const SearchInfo&)>& on_info,
                      const std::atomic<bool>* stop) override {
    auto pos = position_of(state);
    if (!pos) return {};
    return capgo_search(mcts_, *pos, limits, on_info, stop, perfect_play_);
  }

 private:
  CapgoMcts mcts_;
  bool perfect_play_ = true;
};

}  // namespace

std::string capgo_engine_name() { return "oyin capture Go MCTS"; }

std::unique_ptr<Engine> make_capgo_engine() { return std::make_unique<CapgoEngine>(); }

}  // namespace oyin
