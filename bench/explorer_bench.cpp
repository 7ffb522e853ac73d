// The opening explorer's answer time on a large base. By default the base is 100,000 synthetic
// Togyz Kumalak games (random legal play from seed 1, every game to its end), written as PGN and
// imported by the importer `oyin import` uses; both files are kept in $OYIN_BENCH_DIR (default
// /tmp/oyin-explorer-bench) so that later runs measure only the answers. OYIN_EXPLORER_GAMES
// changes the count; OYIN_EXPLORER_DB=path measures an existing database instead (e.g. one
// `oyin import` filled with real games).
//   build/oyin_bench --benchmark_filter=Explorer
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "core/random.h"
#include "registry/registry.h"
#include "knowledge/explorer.h"
#include "knowledge/importer.h"

namespace oyin {
namespace {

std::string env(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v && *v ? v : fallback;
}

// The base, built once per run of the binary.
storage::KnowledgeStore& base() {
  static std::unique_ptr<storage::KnowledgeStore> store = [] {
    register_builtin_games();
    std::string db = env("OYIN_EXPLORER_DB", "");
    if (db.empty()) {
      const std::string dir = env("OYIN_BENCH_DIR", "/tmp/oyin-explorer-bench");
      const int games = std::atoi(env("OYIN_EXPLORER_GAMES", "100000").c_str());
      std::filesystem::create_directories(dir);
      db = dir + "/synthetic-" + std::to_string(games) + ".sqlite";
      if (!std::filesystem::exists(db)) {
        // Files of 10,000 games: the importer reads a file whole.
        const auto t0 = std::chrono::steady_clock::now();
        std::vector<std::string> files;
        std::ofstream out;
        const GameEntry& g = *find_game("togyz");
        Rng rng(1);
        for (int i = 0; i < games; ++i) {
          if (i % 10000 == 0) {
            out.close();
            files.push_back(dir + "/synthetic-" + std::to_string(games) + "-" + std::to_string(i / 10000) + ".pgn");
            out.open(files.back(), std::ios::binary);
          }
          auto st = g.new_game("", "").value();
          while (!st->status().over() && st->ply() < 1000) (void)st->play(st->random_move(rng));
          GameRecord meta;
          meta.tags = {{"Event", "synthetic"}, {"White", "random " + std::to_string(2 * i)},
                       {"Black", "random " + std::to_string(2 * i + 1)},
                       {"WhiteElo", std::to_string(1000 + rng.below(1000))},
                       {"BlackElo", std::to_string(1000 + rng.below(1000))}};
          out << st->write_record(meta) << "\n";
        }
        out.close();
        const auto t1 = std::chrono::steady_clock::now();
        // Built under another name, so that an interrupted build is not taken for a base.
        const std::string part = db + ".part";
        for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(part + ext);
        auto s = storage::KnowledgeStore::open(part);
        if (!s) throw std::runtime_error(s.error());
        knowledge::ImportOptions opt;
        opt.source = "synthetic";
        auto sum = knowledge::import_files(**s, files, opt);
        if (!sum) throw std::runtime_error(sum.error());
        s->reset();
        std::filesystem::rename(part, db);
        std::cerr << "explorer bench: wrote " << games << " games in "
                  << std::chrono::duration<double>(t1 - t0).count() << " s, imported " << sum->added << " in "
                  << sum->seconds << " s into " << db << "\n";
      }
    }
    auto s = storage::KnowledgeStore::open(db);
    if (!s) throw std::runtime_error(s.error());
    std::cerr << "explorer bench: " << *(*s)->count("togyz") << " Togyz games in " << db << "\n";
    return std::move(*s);
  }();
  return *store;
}

// The position after `plies` plies of the base's most played line.
std::string main_line_position(int plies) {
  const GameEntry& g = *find_game("togyz");
  knowledge::ExplorerQuery q;
  auto st = g.new_game("", "").value();
  for (int i = 0; i < plies; ++i) {
    q.position = st->position_text();
    auto a = knowledge::explore(base(), g, q, nullptr);
    if (!a || a->moves.empty()) break;
    (void)st->play(a->moves.front().move);
  }
  return st->position_text();
}

void BM_ExplorerAnswer(benchmark::State& state) {
  base();  // registers the games, builds or opens the base
  const GameEntry& g = *find_game("togyz");
  knowledge::ExplorerQuery q;
  q.position = main_line_position(static_cast<int>(state.range(0)));
  std::int64_t games = 0;
  for (auto _ : state) {
    auto a = knowledge::explore(base(), g, q, nullptr);
    games = a ? a->total.games : -1;
    benchmark::DoNotOptimize(games);
  }
  state.counters["games"] = static_cast<double>(games);
}
BENCHMARK(BM_ExplorerAnswer)->Arg(0)->Arg(2)->Arg(6)->Arg(12)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace oyin
