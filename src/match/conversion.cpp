#include "match/conversion.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "core/random.h"
#include "core/text.h"
#include "registry/computer_move.h"

namespace oyin::match {

namespace {

std::uint64_t game_seed(std::uint64_t seed, int game) {
  std::uint64_t s = seed ^ (0xC0'4E'27ULL * static_cast<std::uint64_t>(game + 1));
  return splitmix64(s);
}

SearchLimits limits_for(const GameEntry& g, int level, std::uint64_t nodes, std::uint64_t seed) {
  SearchLimits l = computer_limits(g, level, seed, nodes);
  l.threads = 1;
  return l;
}

// One collecting game: the engine (the first side in even games, the second in odd ones) against
// the weak level, until the engine to move scores at least min_score (the judge's score when
// there is one: the same search under other weights).
Result<std::optional<WonPosition>> collect_one(const GameEntry& g, const ConversionOptions& o, int game, Engine& strong,
                                               Engine& weak, Engine* judge) {
  auto created = g.new_game(o.rules, "");
  if (!created) return make_error(created.error());
  std::unique_ptr<GameState> st = std::move(*created);
  strong.new_game();
  weak.new_game();
  if (judge) judge->new_game();
  const Side engine_side = game % 2 == 0 ? Side::First : Side::Second;
  Rng rng(game_seed(o.seed, game));
  for (int ply = 0; ply < o.max_collect_plies && !st->status().over(); ++ply) {
    const bool ours = st->side_to_move() == engine_side;
    const SearchLimits lim = limits_for(g, ours ? o.level : o.weak_level, o.nodes, rng.next());
    const SearchResult r = (ours ? strong : weak).search(*st, lim, {}, nullptr);
    if (r.best_move.empty()) break;
    const int score = ours && judge ? judge->search(*st, lim, {}, nullptr).info.score_cp : r.info.score_cp;
    if (ours && score >= o.min_score) return std::optional<WonPosition>(WonPosition{game, ply, score, st->position_text()});
    if (auto played = st->play(r.best_move); !played) return make_error("engine move '" + r.best_move + "': " + played.error());
  }
  return std::optional<WonPosition>();
}

PlayOut play_out_one(const GameEntry& g, const ConversionOptions& o, const WonPosition& w, Engine& ahead, Engine& defender) {
  PlayOut out;
  auto created = g.new_game(o.rules, w.text);
  if (!created) {
    out.end = "bad_position";
    return out;
  }
  std::unique_ptr<GameState> st = std::move(*created);
  ahead.new_game();
  defender.new_game();
  const Side us = st->side_to_move();
  Rng rng(game_seed(o.seed, w.game) ^ 0xD1FFULL);
  while (true) {
    const GameStatus s = st->status();
    out.last = st->position_text();
    if (s.over()) {
      out.mated = s.outcome == Outcome::Win && s.winner == us;
      out.end = s.outcome == Outcome::Win && s.winner != us ? std::string("lost") : std::string(s.code);
      return out;
    }
    const bool ours = st->side_to_move() == us;
    if (ours && out.moves >= o.max_moves) {
      out.end = "move_limit";
      return out;
    }
    const SearchResult r = (ours ? ahead : defender).search(*st, limits_for(g, o.level, o.nodes, rng.next()), {}, nullptr);
    if (r.best_move.empty() || !st->play(r.best_move)) {
      out.end = "no_move";
      return out;
    }
    out.line.push_back(r.best_move);
    if (ours) out.scores.push_back(r.info.score_cp);
    out.moves += ours;
  }
}

Status set_eval(Engine& e, const ConversionOptions& o) {
  if (!o.eval.empty())
    if (auto ok = e.set_option("EvalParams", o.eval); !ok) return ok;
  return o.evalfile.empty() ? Status{Ok{}} : use_eval_file(e, o.evalfile);
}

// The judge of the collecting games: the engine with judge_eval's weights, set from its defaults
// (--eval is not added to them), and the learned evaluation if there is one; none without
// judge_eval.
Result<std::unique_ptr<Engine>> make_judge(const GameEntry& g, const ConversionOptions& o) {
  if (o.judge_eval.empty()) return std::unique_ptr<Engine>();
  std::unique_ptr<Engine> e = make_computer_engine(g, kComputerHashMb, false);
  ConversionOptions j = o;
  j.eval = o.judge_eval;
  if (auto ok = set_eval(*e, j); !ok) return make_error("--judge-eval: " + ok.error());
  return e;
}

Status check_eval(const GameEntry& g, const ConversionOptions& o) {
  if (auto ok = set_eval(*g.make_engine(), o); !ok) return ok;
  if (auto judge = make_judge(g, o); !judge) return make_error(judge.error());
  return Ok{};
}

// Runs work(i, engines) for i = 0, 1, ... on `jobs` threads until `more()` says stop; each
// thread has its own pair of engines (and its own judge, see make_judge).
template <class Work, class More>
void run_jobs(const GameEntry& g, const ConversionOptions& o, Work work, More more) {
  std::atomic<int> next{0};
  auto body = [&] {
    std::unique_ptr<Engine> a = make_computer_engine(g, kComputerHashMb, false);
    std::unique_ptr<Engine> b = make_computer_engine(g, kComputerHashMb, false);
    (void)set_eval(*a, o);  // checked by check_eval() before any thread starts
    (void)set_eval(*b, o);
    auto judge = make_judge(g, o);
    while (more()) {
      const int i = next.fetch_add(1);
      if (!work(i, *a, *b, judge ? judge->get() : nullptr)) break;
    }
  };
  std::vector<std::thread> threads;
  const int jobs = std::max(1, o.jobs);
  for (int j = 1; j < jobs; ++j) threads.emplace_back(body);
  body();
  for (auto& t : threads) t.join();
}

}  // namespace

Result<std::vector<WonPosition>> collect_won_positions(const GameEntry& g, const ConversionOptions& o,
                                                       const ConversionProgress& progress, int* games_played) {
  if (auto probe = g.new_game(o.rules, ""); !probe) return make_error(probe.error());
  std::mutex mu;
  std::map<int, std::optional<WonPosition>> done;  // by game number
  std::vector<WonPosition> kept;                   // the distinct positions of games 0..prefix-1
  std::set<std::string> seen;
  int prefix = 0;
  std::string error;
  bool finished = false;
  const int game_cap = std::max(1000, o.positions * 20);
  auto more = [&] {
    std::lock_guard lock(mu);
    return !finished && error.empty();
  };
  auto work = [&](int game, Engine& strong, Engine& weak, Engine* judge) {
    if (game >= game_cap) return false;
    auto r = collect_one(g, o, game, strong, weak, judge);
    std::lock_guard lock(mu);
    if (!r) {
      error = r.error();
      return false;
    }
    done[game] = std::move(*r);
    // Take the games in order, so that the set does not depend on the threads' timing.
    while (!finished && done.count(prefix)) {
      auto& w = done[prefix];
      if (w && seen.insert(w->text).second) kept.push_back(*w);
      done.erase(prefix++);
      if (static_cast<int>(kept.size()) >= o.positions) finished = true;
      if (progress) progress("collect", static_cast<int>(kept.size()), o.positions, "");
    }
    return !finished;
  };
  if (auto ok = check_eval(g, o); !ok) return make_error(ok.error());
  run_jobs(g, o, work, more);
  if (!error.empty()) return make_error(error);
  if (static_cast<int>(kept.size()) < o.positions)
    return make_error("only " + std::to_string(kept.size()) + " positions scored " + std::to_string(o.min_score) +
                      " or more in " + std::to_string(prefix) + " games");
  if (games_played) *games_played = prefix;
  return kept;
}

int moves_percentile(const std::vector<PlayOut>& results, double q) {
  if (results.empty()) return -1;
  std::vector<int> v;
  for (const PlayOut& r : results) v.push_back(r.mated ? r.moves : INT32_MAX);
  std::sort(v.begin(), v.end());
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())));
  const int x = v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
  return x == INT32_MAX ? -1 : x;
}

Result<ConversionReport> play_out_positions(const GameEntry& g, const ConversionOptions& o,
                                            std::vector<WonPosition> positions, const ConversionProgress& progress) {
  ConversionReport rep;
  rep.positions = std::move(positions);
  const int n = static_cast<int>(rep.positions.size());
  rep.results.assign(rep.positions.size(), PlayOut{});
  std::mutex mu;
  int finished = 0;
  auto work = [&](int i, Engine& ahead, Engine& defender, Engine*) {
    if (i >= n) return false;
    PlayOut r = play_out_one(g, o, rep.positions[i], ahead, defender);
    const std::string what = (r.mated ? std::string("mate") : r.end) + " after " + std::to_string(r.moves) +
                             " moves (game " + std::to_string(rep.positions[i].game) + ")";
    std::lock_guard lock(mu);
    rep.results[i] = std::move(r);
    ++finished;
    if (progress) progress("play", finished, n, what);
    return true;
  };
  if (auto ok = check_eval(g, o); !ok) return make_error(ok.error());
  ConversionOptions capped = o;
  capped.judge_eval.clear();  // the judge only picks positions: no play-out thread builds one
  capped.jobs = std::min(o.jobs, n);
  run_jobs(g, capped, work, [] { return true; });
  for (const PlayOut& r : rep.results) {
    if (r.end == "bad_position") return make_error("a position does not parse");
    rep.within += r.mated && r.moves <= o.within;
  }
  rep.median = moves_percentile(rep.results, 0.5);
  rep.p95 = moves_percentile(rep.results, 0.95);
  return rep;
}

std::string won_positions_to_text(const std::vector<WonPosition>& v) {
  std::string out;
  for (const WonPosition& w : v)
    out += std::to_string(w.game) + '\t' + std::to_string(w.ply) + '\t' + std::to_string(w.score) + '\t' + w.text + '\n';
  return out;
}

std::string play_outs_to_text(const ConversionReport& r) {
  std::string out;
  for (std::size_t i = 0; i < r.results.size(); ++i) {
    const PlayOut& p = r.results[i];
    std::string line;
    for (const std::string& m : p.line) {
      if (!line.empty()) line += ' ';
      line += m;
    }
    std::string scores;
    for (int x : p.scores) {
      if (!scores.empty()) scores += ' ';
      scores += std::to_string(x);
    }
    out += std::to_string(i) + '\t' + (p.mated ? std::string("mate") : p.end) + '\t' + std::to_string(p.moves) + '\t' +
           r.positions[i].text + '\t' + p.last + '\t' + line + '\t' + scores + '\n';
  }
  return out;
}

Result<std::vector<WonPosition>> won_positions_from_text(std::string_view text) {
  std::vector<WonPosition> out;
  int line_no = 0;
  for (std::string_view line : split(text, '\n')) {
    ++line_no;
    if (trim(line).empty()) continue;
    const auto f = split(line, '\t');
    const auto game = f.size() == 4 ? parse_int(f[0]) : std::nullopt;
    const auto ply = f.size() == 4 ? parse_int(f[1]) : std::nullopt;
    const auto score = f.size() == 4 ? parse_int(f[2]) : std::nullopt;
    if (!game || !ply || !score)
      return make_error("positions line " + std::to_string(line_no) + ": expected game, ply, score and position, tab-separated");
    out.push_back({static_cast<int>(*game), static_cast<int>(*ply), static_cast<int>(*score), std::string(f[3])});
  }
  return out;
}

}  // namespace oyin::match
