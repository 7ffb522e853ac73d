#include "match/runner.h"

#include <chrono>
#include <mutex>
#include <thread>

#include "core/random.h"
#include "games/registry/registry.h"

namespace oyin::match {

namespace {

// The canonical protocol text of a move given in any accepted notation.
std::string canonical_move(const GameState& st, const std::string& text) {
  auto probe = st.clone();
  if (!probe->play(text)) return {};
  const std::uint64_t target = probe->hash();
  for (const auto& m : st.legal_moves()) {
    auto c = st.clone();
    if (c->play(m) && c->hash() == target) return m;
  }
  return {};
}

// The opening of pair `pair`: a start position plus random plies, seeded by the pair number.
Result<std::unique_ptr<GameState>> make_opening(const GameEntry& g, const MatchOptions& o, int pair) {
  const std::string start = o.openings.empty() ? "" : o.openings[static_cast<std::size_t>(pair) % o.openings.size()];
  Rng rng(o.seed * 1000003 + static_cast<std::uint64_t>(pair));
  for (int attempt = 0; attempt < 100; ++attempt) {
    auto st = g.new_game(o.rules, start);
    if (!st) return make_error(st.error());
    std::unique_ptr<GameState> s = std::move(*st);
    for (int i = 0; i < o.random_plies && !s->status().over(); ++i) (void)s->play(s->random_move(rng));
    if (!s->status().over()) {
      // Start the record from the opening position itself.
      auto fresh = g.new_game(o.rules, s->position_text());
      if (!fresh) return make_error(fresh.error());
      return std::move(*fresh);
    }
  }
  return make_error("could not make an unfinished opening");
}

GameResult play_game(const GameEntry& g, const MatchOptions& o, int pair, int gidx) {
  GameResult gr;
  gr.pair = pair;
  gr.index = gidx;
  auto opening = make_opening(g, o, pair);
  if (!opening) {
    gr.result = "1/2-1/2";
    gr.reason = "no opening: " + opening.error();
    gr.points1 = 0.5;
    return gr;
  }
  std::unique_ptr<GameState> st = std::move(*opening);
  const std::string start = st->position_text();
  // Engine 1 plays the first side in game 0 of the pair, the second side in game 1.
  const int first_engine = gidx == 0 ? 0 : 1;
  std::unique_ptr<Player> players[2];  // by side
  std::string forfeit_reason;
  int forfeit_side = -1;
  for (int side = 0; side < 2; ++side) {
    const int e = side == 0 ? first_engine : 1 - first_engine;
    auto p = make_player(o.engines[e], g.name(), o.budget, o.seed * 7919 + static_cast<std::uint64_t>(pair * 2 + gidx) * 31 + static_cast<std::uint64_t>(e));
    if (!p) {
      forfeit_side = side;
      forfeit_reason = p.error();
      break;
    }
    players[side] = std::move(*p);
  }
  int clock[2] = {o.base_ms, o.base_ms};
  const int inc[2] = {o.inc_ms, o.inc_ms};
  std::vector<std::string> moves;
  while (forfeit_side < 0 && !st->status().over() && static_cast<int>(moves.size()) < o.max_plies) {
    const int side = index(st->side_to_move());
    const int shown_clock[2] = {o.base_ms ? clock[0] : 0, o.base_ms ? clock[1] : 0};
    const auto t0 = std::chrono::steady_clock::now();
    auto mv = players[side]->think(*st, start, moves, shown_clock, inc);
    const int used = static_cast<int>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count());
    if (!mv) {
      forfeit_side = side;
      forfeit_reason = mv.error();
      break;
    }
    if (o.base_ms) {
      clock[side] -= used;
      if (clock[side] < 0) {
        forfeit_side = side;
        forfeit_reason = "lost on time";
        break;
      }
      clock[side] += inc[side];
    }
    const std::string canon = canonical_move(*st, *mv);
    if (canon.empty()) {
      forfeit_side = side;
      forfeit_reason = "illegal move '" + *mv + "'";
      break;
    }
    (void)st->play(canon);
    moves.push_back(canon);
  }
  const GameStatus status = st->status();
  int winner = -1;  // side
  if (forfeit_side >= 0) {
    winner = 1 - forfeit_side;
    gr.reason = g.side_name(static_cast<Side>(forfeit_side)) + ": " + forfeit_reason;
  } else if (status.outcome == Outcome::Win) {
    winner = index(status.winner);
    gr.reason = status.reason;
  } else {
    gr.reason = status.over() ? status.reason : "referee: " + std::to_string(o.max_plies) + "-ply limit";
  }
  gr.result = winner < 0 ? "1/2-1/2" : winner == 0 ? "1-0" : "0-1";
  const int winner_engine = winner < 0 ? -1 : (winner == 0 ? first_engine : 1 - first_engine);
  gr.points1 = winner_engine < 0 ? 0.5 : winner_engine == 0 ? 1.0 : 0.0;
  gr.plies = static_cast<int>(moves.size());
  GameRecord meta;
  const std::string s0 = g.side_name(Side::First), s1 = g.side_name(Side::Second);
  auto cap = [](std::string s) {
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
  };
  meta.tags = {{"Event", "oyin match"},
               {"Round", std::to_string(pair + 1) + "." + std::to_string(gidx + 1)},
               {cap(s0), o.engines[first_engine].name},
               {cap(s1), o.engines[1 - first_engine].name},
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
  }
  const int pairs = std::max(1, (o.games + 1) / 2);
  MatchSummary sum;
  std::mutex mu;
  std::atomic<int> next{0};
  std::atomic<bool> stop{false};
  std::vector<double> pair_points(static_cast<std::size_t>(pairs), 0);
  std::vector<int> pair_games(static_cast<std::size_t>(pairs), 0);
  auto worker = [&] {
    for (int pair; !stop.load() && (pair = next.fetch_add(1)) < pairs;) {
      for (int idx = 0; idx < 2; ++idx) {
        GameResult r = play_game(*g, o, pair, idx);
        std::lock_guard<std::mutex> lock(mu);
        if (r.points1 == 1) ++sum.wins;
        else if (r.points1 == 0) ++sum.losses;
        else ++sum.draws;
        pair_points[static_cast<std::size_t>(pair)] += r.points1;
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
        if (on_game) on_game(r, sum);
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
