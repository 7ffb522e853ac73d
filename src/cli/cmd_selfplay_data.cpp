// oyin selfplay-data: training positions for a learned evaluation. The game's own engine plays
// itself at a node limit after a few random opening plies; every searched position is written
// with the search's score and the game's result, both for the side to move:
//   <position text> TAB <score, centi-units> TAB <1 | 0.5 | 0> TAB <game number>
// Each game's openings come from the seed and its game number only, each engine searches on one
// thread to a node limit with a table cleared per game, and games are written in game order:
// the same seed gives the same file whatever --jobs is, and shards of a run joined in order are
// the run.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>

#include "cli/common.h"
#include "cli/progress.h"
#include "core/random.h"

namespace oyin::cli {

namespace {

struct SelfplayDataOpts {
  std::string game, out, rules, evalfile, shard;
  int games = 100, random_plies = 8, max_plies = 1000, jobs = 1;
  std::int64_t first_game = 0;
  std::uint64_t nodes = 1000, seed = 1;
  bool quiet = false;
};

constexpr int kMaxScore = 10000;  // proven results and runaway scores alike
constexpr std::int64_t kMaxGameNumber = 0xFFFFFFFFLL;  // the trainer reads game numbers as 32 bits

const char* result_text(const GameStatus& st, Side s) {
  if (st.outcome != Outcome::Win) return "0.5";
  return st.winner == s ? "1" : "0";
}

// One game's lines, ready to write, and how it ended (0: first side won, 1: second, 2: drawn).
struct PlayedGame {
  std::string text;
  std::uint64_t positions = 0;
  int end = 2;
};

std::unique_ptr<Engine> make_data_engine(const GameEntry& g, const SelfplayDataOpts& o) {
  std::unique_ptr<Engine> engine = g.make_engine();
  if (!o.evalfile.empty())
    if (auto r = use_eval_file(*engine, o.evalfile); !r) throw UsageError(r.error());
  return engine;
}

PlayedGame play_game(const GameEntry& g, const SelfplayDataOpts& o, Engine& engine, std::int64_t game) {
  struct Row {
    std::string position;
    int score;
    Side side;
  };
  std::uint64_t s = o.seed ^ (0x5E1F'DA7AULL * static_cast<std::uint64_t>(game + 1));
  Rng rng(splitmix64(s));
  auto created = g.new_game(o.rules, "");
  std::unique_ptr<GameState> st = std::move(*created);
  engine.new_game();
  SearchLimits lim;
  lim.nodes = o.nodes;
  lim.threads = 1;
  std::vector<Row> rows;
  for (int ply = 0; ply < o.max_plies && !st->status().over(); ++ply) {
    std::string move;
    if (ply < o.random_plies) {
      move = st->random_move(rng);
    } else {
      lim.seed = rng.next();
      const SearchResult r = engine.search(*st, lim, {}, nullptr);
      if (r.best_move.empty()) break;
      rows.push_back({st->position_text(), std::clamp(r.info.score_cp, -kMaxScore, kMaxScore), st->side_to_move()});
      move = r.best_move;
    }
    if (auto played = st->play(move); !played) throw UsageError("engine move '" + move + "': " + played.error());
  }
  const GameStatus end = st->status();  // not over after max_plies: a draw
  PlayedGame out;
  out.end = end.outcome == Outcome::Win ? static_cast<int>(index(end.winner)) : 2;
  out.positions = rows.size();
  const std::string number = "\t" + std::to_string(game) + "\n";
  for (const Row& r : rows)
    out.text += r.position + '\t' + std::to_string(r.score) + '\t' + result_text(end, r.side) + number;
  return out;
}

// Workers take game numbers in turn and hand back finished games; the caller writes them in
// game order as soon as the next one is in, so at most a few games wait in memory.
class GamePool {
 public:
  GamePool(std::int64_t begin, std::int64_t end) : next_(begin), end_(end) {}
  std::optional<std::int64_t> take() {
    if (failed_.load()) return std::nullopt;
    const std::int64_t n = next_.fetch_add(1);
    return n < end_ ? std::optional(n) : std::nullopt;
  }
  void finish(std::int64_t game, PlayedGame played) {
    std::lock_guard lock(m_);
    done_.emplace(game, std::move(played));
    cv_.notify_all();
  }
  void fail(std::string why) {
    std::lock_guard lock(m_);
    if (error_.empty()) error_ = std::move(why);
    failed_ = true;
    cv_.notify_all();
  }
  // The given game once it is finished; nullopt if a worker failed (error() says why).
  std::optional<PlayedGame> wait_for(std::int64_t game) {
    std::unique_lock lock(m_);
    cv_.wait(lock, [&] { return failed_.load() || done_.count(game) > 0; });
    if (failed_) return std::nullopt;
    auto node = done_.extract(game);
    return std::move(node.mapped());
  }
  const std::string& error() const { return error_; }

 private:
  std::atomic<std::int64_t> next_;
  const std::int64_t end_;
  std::atomic<bool> failed_{false};
  std::mutex m_;
  std::condition_variable cv_;
  std::map<std::int64_t, PlayedGame> done_;
  std::string error_;
};

// The game numbers this run writes: --first-game on, --games of them, and of those the I-th of
// K equal parts for --shard I/K (the first parts one game shorter when K does not divide them).
std::pair<std::int64_t, std::int64_t> game_range(const SelfplayDataOpts& o) {
  std::int64_t i = 1, k = 1;
  if (!o.shard.empty()) {
    char tail = 0;
    long long a = 0, b = 0;
    if (std::sscanf(o.shard.c_str(), "%lld/%lld%c", &a, &b, &tail) != 2 || a < 1 || b < 1 || a > b)
      throw UsageError("--shard " + o.shard + ": expected I/K with 1 <= I <= K (this machine's part I of K)");
    if (b > o.games) throw UsageError("--shard " + o.shard + ": more parts than the " + std::to_string(o.games) + " games");
    i = a, k = b;
  }
  if (o.first_game + o.games - 1 > kMaxGameNumber)
    throw UsageError("game numbers must stay below " + std::to_string(kMaxGameNumber + 1));
  return {o.first_game + o.games * (i - 1) / k, o.first_game + o.games * i / k};
}

int run_selfplay_data(const SelfplayDataOpts& o) {
  const GameEntry& g = game_or_fail(o.game);
  if (auto probe = g.new_game(o.rules, ""); !probe) throw UsageError(probe.error());
  const auto [begin, end] = game_range(o);
  const int jobs = static_cast<int>(std::min<std::int64_t>(o.jobs, end - begin));
  std::vector<std::unique_ptr<Engine>> engines;
  for (int j = 0; j < jobs; ++j) engines.push_back(make_data_engine(g, o));
  std::ofstream out(o.out, std::ios::trunc);
  if (!out) throw UsageError("cannot write '" + o.out + "'");

  GamePool pool(begin, end);
  std::vector<std::thread> workers;
  for (int j = 0; j < jobs; ++j)
    workers.emplace_back([&, j] {
      try {
        while (auto game = pool.take()) pool.finish(*game, play_game(g, o, *engines[static_cast<std::size_t>(j)], *game));
      } catch (const std::exception& e) {
        pool.fail(e.what());
      }
    });
  Progress bar("selfplay-data", o.quiet);
  std::uint64_t positions = 0;
  int ends[3] = {0, 0, 0};
  const std::int64_t total = end - begin;
  for (std::int64_t game = begin; game < end; ++game) {
    auto played = pool.wait_for(game);
    if (!played) break;
    out << played->text;
    positions += played->positions;
    ++ends[played->end];
    const std::int64_t n = game + 1 - begin;
    char detail[160];
    std::snprintf(detail, sizeof detail, "%lld/%lld games, %llu positions, %.0f positions/s", static_cast<long long>(n),
                  static_cast<long long>(total), static_cast<unsigned long long>(positions),
                  static_cast<double>(positions) / std::max(bar.elapsed(), 1e-9));
    bar.update(static_cast<double>(n), static_cast<double>(total), detail, n == total);
  }
  for (auto& w : workers) w.join();
  if (!pool.error().empty()) throw UsageError(pool.error());
  out.close();
  if (!out) throw UsageError("cannot write '" + o.out + "': write failed");
  std::string which;
  if (begin != 0 || end != o.games) which = " (games " + std::to_string(begin) + " to " + std::to_string(end - 1) + ")";
  std::printf("wrote %llu positions from %lld games%s to %s (%s wins %d, %s wins %d, draws %d) in %.1f s\n",
              static_cast<unsigned long long>(positions), static_cast<long long>(total), which.c_str(), o.out.c_str(),
              g.side_name(Side::First).c_str(), ends[0], g.side_name(Side::Second).c_str(), ends[1], ends[2], bar.elapsed());
  return 0;
}

}  // namespace

void add_selfplay_data_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SelfplayDataOpts>();
  auto* cmd = app.add_subcommand("selfplay-data", "Write training positions (position, search score, result) from self-play");
  cmd->add_option("game", o->game, "Game: " + game_names())->required();
  cmd->add_option("--games", o->games, "Number of games of the run (default 100)")->check(whole_number(1, 10000000));
  cmd->add_option("--seed", o->seed, "Seed of the random opening plies (default 1)")->check(any_seed());
  cmd->add_option("--nodes", o->nodes, "Search nodes a move (default 1000)")->check(whole_number(1, kMaxNodes));
  cmd->add_option("--out", o->out, "The data file to write")->required();
  cmd->add_option("--random-plies", o->random_plies, "Uniformly random plies that open each game (default 8)")
      ->check(whole_number(0, 1000));
  cmd->add_option("--max-plies", o->max_plies, "A game still going after this many plies is a draw (default 1000)")
      ->check(whole_number(1, 100000));
  cmd->add_option("--rules", o->rules, "Rule options as key=value,key=value");
  cmd->add_option("--evalfile", o->evalfile, "Play with this learned evaluation (a weights file; <builtin>: the default net; <empty>: the hand-made evaluation)");
  cmd->add_option("--jobs", o->jobs, "Games played at once, one single-threaded engine each (default 1; the file is the same)")
      ->check(whole_number(1, 256));
  cmd->add_option("--shard", o->shard, "Write only part I of K of the run's games (I/K, 1 <= I <= K); the parts joined in order are the run");
  cmd->add_option("--first-game", o->first_game, "Number of the run's first game (default 0): continues an earlier run with the same seed")
      ->check(whole_number(0, kMaxGameNumber));
  cmd->add_flag("--quiet", o->quiet, "No progress bar");
  cmd->callback([o, &exit_code] { exit_code = run_selfplay_data(*o); });
}

}  // namespace oyin::cli
