// oyin puzzles generate|verify|merge: proved puzzles as JSON lines (learn/puzzles.h).
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "cli/common.h"
#include "registry/puzzle_support.h"
#include "learn/puzzles.h"

namespace oyin::cli {

namespace {

struct PuzzlesOpts {
  std::string game, out, source;
  int count = 10;
  std::uint64_t seed = 1;
  std::vector<std::string> records, files;
  bool quiet = false;
};

// Progress lines on stderr, at most one a second.
std::function<void(const std::string&)> throttled_progress(bool quiet) {
  if (quiet) return {};
  auto last = std::make_shared<std::chrono::steady_clock::time_point>();
  return [last](const std::string& line) {
    const auto now = std::chrono::steady_clock::now();
    if (now - *last < std::chrono::seconds(1)) return;
    *last = now;
    std::cerr << line << std::endl;
  };
}

std::string fixed1(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

int run_generate(const PuzzlesOpts& o) {
  const GameEntry& g = game_or_fail(o.game);
  const PuzzleSupport* s = find_puzzles(g.name());
  if (!s) throw UsageError(g.name() + " has no puzzles");
  if (o.out.empty()) throw UsageError("--out FILE is required");
  std::ofstream probe(o.out, std::ios::binary | std::ios::trunc);
  if (!probe) throw UsageError("cannot write " + o.out);
  for (const auto& f : o.records)
    if (!std::ifstream(f)) throw UsageError("cannot read " + f);
  learn::GenerateOptions opt;
  opt.count = o.count;
  opt.seed = o.seed;
  opt.record_files = o.records;
  opt.source = o.source;
  opt.progress = throttled_progress(o.quiet);
  learn::GenerateStats stats;
  auto puzzles = learn::generate_puzzles(g, opt, &stats);
  if (!puzzles) throw UsageError(puzzles.error());
  for (const auto& p : *puzzles) probe << learn::to_json_line(p) << "\n";
  probe.close();
  if (!probe) throw UsageError("cannot write " + o.out);
  std::cout << "Wrote " << puzzles->size() << " " << g.name() << " puzzles to " << o.out << " (" << stats.candidates
            << " candidates proved or refuted in " << fixed1(stats.seconds) << " s)\n";
  for (std::size_t d = 1; d < stats.by_depth.size(); ++d)
    std::cout << "  " << s->goal << "-in-" << d << ": " << stats.by_depth[d] << "\n";
  if (static_cast<int>(puzzles->size()) < o.count) {
    std::cerr << "oyin: only " << puzzles->size() << " of " << o.count << " puzzles found" << std::endl;
    return 1;
  }
  return 0;
}

int run_verify(const PuzzlesOpts& o) {
  for (const auto& f : o.files) {
    const std::string text = read_file_or_fail(f);
    const auto start = std::chrono::steady_clock::now();
    auto r = learn::verify_puzzles(f, text, throttled_progress(o.quiet));
    if (!r) {
      std::cerr << "oyin: " << r.error() << std::endl;
      return 1;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << f << ": " << r->puzzles << " puzzles proved (" << r->nodes << " nodes, " << fixed1(s) << " s)\n";
  }
  return 0;
}

int run_merge(const PuzzlesOpts& o) {
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& f : o.files) files.emplace_back(f, read_file_or_fail(f));
  auto r = learn::merge_puzzles(files);
  if (!r) {
    std::cerr << "oyin: " << r.error() << std::endl;
    return 1;
  }
  std::ofstream out(o.out, std::ios::binary | std::ios::trunc);
  out << r->text;
  out.close();
  if (!out) throw UsageError("cannot write " + o.out);
  std::cout << "Kept " << r->kept << " puzzles in " << o.out << "\n";
  for (const auto& [why, n] : r->dropped) std::cout << "  dropped " << n << ": " << why << "\n";
  return 0;
}

}  // namespace

void add_puzzles_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<PuzzlesOpts>();
  auto* cmd = app.add_subcommand("puzzles", "Generate, verify or merge proved puzzles (JSON lines)");
  cmd->require_subcommand(1);
  auto* gen = cmd->add_subcommand("generate", "Find puzzles by exact search and write them as JSON lines");
  gen->add_option("game", o->game, "Game: " + game_names())->required();
  gen->add_option("--count", o->count, "How many puzzles (default 10)")->check(whole_number(1, 100000));
  gen->add_option("--seed", o->seed, "Seed of the self-play games (same seed, same file)")->check(any_seed());
  gen->add_option("--out", o->out, "Output file (one JSON object per line)")->required();
  gen->add_option("--records", o->records,
                  "Record files (the game's format) whose last plies are candidates too (repeatable)");
  gen->add_option("--source", o->source, "One of the game's named candidate sources (default: its usual mix)");
  gen->add_flag("--quiet", o->quiet, "No progress lines on stderr");
  gen->callback([o, &exit_code] { exit_code = run_generate(*o); });
  auto* ver = cmd->add_subcommand("verify", "Re-prove every puzzle of the files; fails naming the first bad one");
  ver->add_option("files", o->files, "Puzzle files (JSON lines)")->required();
  ver->add_flag("--quiet", o->quiet, "No progress lines on stderr");
  ver->callback([o, &exit_code] { exit_code = run_verify(*o); });
  auto* merge = cmd->add_subcommand("merge", "Join puzzle files, dropping repeats (up to symmetry), puzzles inside "
                                              "another's solution and keys with no decision (the first kept)");
  merge->add_option("files", o->files, "Puzzle files (JSON lines), in order")->required();
  merge->add_option("--out", o->out, "Output file")->required();
  merge->callback([o, &exit_code] { exit_code = run_merge(*o); });
}

}  // namespace oyin::cli
