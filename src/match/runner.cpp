#include "match/runner.h"

#include <chrono>
#include <mutex>
#include <optional>
#include <thread>

#include "core/random.h"
#include "core/text.h"
#include "registry/registry.h"

namespace oyin::match {

namespace {

// The canonical protocol text of a legal move given in any accepted notation; the rules' reason
// when it is not legal here.
Result<std::string> canonical_move(const GameState& st, const std::string& text) {
  auto probe = st.clone();
  if (auto played = probe->play(text); !played) return make_error(played.error());
  const std::uint64_t target = probe->hash();
  for (const auto& m : st.legal_moves()) {
    auto c = st.clone();
    if (c->play(m) && c->hash() == target) return m;
  }
  return make_error("not a move of this position");
}

struct Opening {
  std::unique_ptr<GameState> start;  // the position the game (and its record) starts from
  std::vector<std::string> moves;    // the random plies played from it
};

// The opening of pair `pair`: a start position plus random plies, seeded by the pair number.
Result<Opening> make_opening(const GameEntry& g, const MatchOptions& o, int pair) {
  const std::string start = o.openings.empty() ? "" : o.openings[static_cast<std::size_t>(pair) % o.openings.size()];
  Rng rng(o.seed * 1000003 + static_cast<std::uint64_t>(pair));
  for (int attempt = 0; attempt < 100; ++attempt) {
    auto st = g.new_game(o.rules, start);
    if (!st) return make_error(st.error());
    Opening op{(*st)->clone(), {}};
    std::unique_ptr<GameState> s = std::move(*st);
    for (int i = 0; i < o.random_plies && !s->status().over(); ++i) {
      op.moves.push_back(s->random_move(rng));
      (void)s->play(op.moves.back());
    }
    if (!s->status().over()) return op;
  }
  return make_error("could not make an unfinished opening");
}

PlayerContext context(const GameEntry& g, const MatchOptions& o) {
  PlayerContext c;
  c.game = &g;
  c.rules = o.rules;
  c.budget = o.budget;
  c.clock = o.base_ms > 0;
  c.base_ms = o.base_ms;
  c.timeout_ms = o.timeout_ms;
  return c;
}

std::string capitalised(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

// The engines of one worker, by engine number: started once and kept from game to game; one
// that failed (no answer in time, died, refused a command) is dropped and started afresh.
using Engines = std::unique_ptr<Player>[2];

// One game; nullopt (with `fatal` set) when an engine cannot be started for it.
std::optional<GameResult> play_game(const GameEntry& g, const MatchOptions& o, int pair, int gidx, Engines& engines,
                                    std::string& fatal) {
  GameResult gr;
  gr.pair = pair;
  gr.index = gidx;
  auto opening = make_opening(g, o, pair);
  if (!opening) {
    fatal = "no opening for pair " + std::to_string(pair + 1) + ": " + opening.error();
    return std::nullopt;
  }
  // Engine 1 plays the first side in game 0 of the pair, the second side in game 1.
  const int first_engine = gidx == 0 ? 0 : 1;
  auto engine_of = [&](int side) { return side == 0 ? first_engine : 1 - first_engine; };
  Player* players[2];  // by side
  for (int side = 0; side < 2; ++side) {
    const int e = engine_of(side);
    if (!engines[e]) {
      auto p = make_player(o.engines[e], context(g, o));
      if (!p) {
        fatal = "round " + std::to_string(pair + 1) + "." + std::to_string(gidx + 1) + ": " + p.error();
        return std::nullopt;
      }
      engines[e] = std::move(*p);
    }
    players[side] = engines[e].get();
  }
  int forfeit_side = -1;
  std::string forfeit_reason;
  bool failed = false;  // the forfeiting engine is out of order (not merely beaten)
  for (int side = 0; side < 2 && forfeit_side < 0; ++side) {
    const std::uint64_t seed = o.seed * 7919 + static_cast<std::uint64_t>(pair * 2 + gidx) * 31 +
                               static_cast<std::uint64_t>(engine_of(side));
    if (auto s = players[side]->new_game(*opening->start, seed); !s) {
      forfeit_side = side;
      forfeit_reason = "could not set up the game: " + s.error();
      failed = true;
    }
  }
  std::unique_ptr<GameState> st = opening->start->clone();
  std::vector<std::string> moves = opening->moves;
  for (const auto& m : moves) (void)st->play(m);
  int clock[2] = {o.base_ms, o.base_ms};
  int played = 0;
  while (forfeit_side < 0 && !st->status().over() && played < o.max_plies) {
    const int side = index(st->side_to_move());
    Turn turn{*st, moves, {o.base_ms ? clock[0] : 0, o.base_ms ? clock[1] : 0}, {o.inc_ms, o.inc_ms}};
    const auto t0 = std::chrono::steady_clock::now();
    auto mv = players[side]->think(turn);
    const int used = static_cast<int>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count());
    if (!mv) {
      forfeit_side = side;
      forfeit_reason = mv.error();
      failed = true;
      break;
    }
    if (o.base_ms) {
      clock[side] -= used;
      if (clock[side] < 0) {
        forfeit_side = side;
        forfeit_reason = "lost on time (" + std::to_string(used) + " ms for a move, " +
                         std::to_string(clock[side] + used) + " ms were left)";
        break;
      }
      clock[side] += o.inc_ms;
    }
    if (to_lower(trim(*mv)) == "resign") {
      forfeit_side = side;
      forfeit_reason = "resigned";
      break;
    }
    auto canon = canonical_move(*st, *mv);
    if (!canon) {
      forfeit_side = side;
      forfeit_reason = "illegal move '" + *mv + "': " + canon.error();
      break;
    }
    (void)st->play(*canon);
    moves.push_back(*canon);
    ++played;
  }
  if (failed) engines[engine_of(forfeit_side)].reset();
  const GameStatus status = st->status();
  int winner = -1;  // side
  if (forfeit_side >= 0) {
    winner = 1 - forfeit_side;
    gr.reason = g.side_name(static_cast<Side>(forfeit_side)) + " (" + o.engines[engine_of(forfeit_side)].name +
                "): " + forfeit_reason;
  } else if (status.outcome == Outcome::Win) {
    winner = index(status.winner);
    gr.reason = status.reason;
  } else {
    gr.reason = status.over() ? status.reason : "referee: " + std::to_string(o.max_plies) + "-ply limit";
  }
  gr.result = winner < 0 ? "1/2-1/2" : winner == 0 ? "1-0" : "0-1";
  const int winner_engine = winner < 0 ? -1 : engine_of(winner);
  gr.points1 = winner_engine < 0 ? 0.5 : winner_engine == 0 ? 1.0 : 0.0;
  gr.plies = played;
  GameRecord meta;
  meta.tags = {{"Event", "oyin match"},
               {"Round", std::to_string(pair + 1) + "." + std::to_string(gidx + 1)},
               {capitalised(g.side_name(Side::First)), o.engines[first_engine].name},
               {capitalised(g.side_name(Side::Second)), o.engines[1 - first_engine].name},
               {"Termination", gr.reason}};
  meta.result = gr.result;
  gr.record = st->write_record(meta);
  return gr;
}

}  // namespace

Result<MatchSummary> run_match(const MatchOptions& o, const std::function<void(const GameResult&, const MatchSummary&)>& on_game) {
  register_builtin_games();
  const GameEntry* g = find_game(o.game);
  if (!g) return make_error("unknown game '" + o.game + "'");
  {
    auto probe = make_opening(*g, o, 0);
    if (!probe) return make_error(probe.error());
    // Each engine once, before any game: a wrong command or option stops here, not as forfeits.
    for (const PlayerSpec& spec : o.engines) {
      auto p = make_player(spec, context(*g, o));
      if (!p) return make_error(p.error());
      if (auto s = (*p)->new_game(*probe->start, o.seed); !s) return make_error("engine '" + spec.text + "': " + s.error());
    }
  }
  const int pairs = std::max(1, (o.games + 1) / 2);
  MatchSummary sum;
  std::mutex mu;
  std::atomic<int> next{0};
  std::atomic<bool> stop{false}, aborted{false};
  std::vector<double> pair_points(static_cast<std::size_t>(pairs), 0);
  std::vector<int> pair_games(static_cast<std::size_t>(pairs), 0);
  auto worker = [&] {
    Engines engines;
    for (int pair; !stop.load() && (pair = next.fetch_add(1)) < pairs;) {
      for (int idx = 0; idx < 2 && !aborted.load(); ++idx) {
        std::string fatal;
        std::optional<GameResult> r = play_game(*g, o, pair, idx, engines, fatal);
        std::lock_guard<std::mutex> lock(mu);
        if (!r) {
          if (sum.stopped.empty()) sum.stopped = fatal;
          aborted.store(true);
          stop.store(true);
          break;
        }
        if (r->points1 == 1) ++sum.wins;
        else if (r->points1 == 0) ++sum.losses;
        else ++sum.draws;
        pair_points[static_cast<std::size_t>(pair)] += r->points1;
        if (++pair_games[static_cast<std::size_t>(pair)] == 2) {
          sum.penta.add_pair(pair_points[static_cast<std::size_t>(pair)]);
          sum.elo = estimate_elo(sum.penta);
          if (o.sprt) {
            sum.sprt = sprt(sum.penta, o.sprt_params);
            if (sum.sprt.state != SprtState::Continue) {
              sum.stopped_by_sprt = true;
              stop.store(true);
            }
          }
        }
        if (on_game) on_game(*r, sum);
      }
    }
  };
  std::vector<std::thread> pool;
  for (int i = 1; i < std::max(1, o.concurrency); ++i) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return sum;
}

}  // namespace oyin::match
