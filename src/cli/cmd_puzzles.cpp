// oyin puzzles generate|verify|merge|stats: proved puzzles as JSON lines (learn/puzzles.h).
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "cli/common.h"
#include "registry/puzzle_support.h"
#include "learn/puzzle_stats.h"
#include "learn/puzzles.h"

namespace oyin::cli {

namespace {

struct PuzzlesOpts {
  std::string game, out, source, goal;
  int count = 10;
  std::uint64_t seed = 1;
  std::vector<std::string> records, files;
  bool quiet = false, check = false;
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
  const PuzzleSupport* goal = find_puzzles(g.name(), o.goal);
  if (!goal) throw UsageError(g.name() + " has no puzzle goal '" + o.goal + "' (" + puzzle_goal_names(*s) + ")");
  s = goal;
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
  opt.goal = o.goal;
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

// "the rule asks at least 33.3 % and 1 puzzle"; "" when it asks nothing.
std::string rule_text(const learn::FactCount& f) {
  std::string out;
  if (f.least_share > 0) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "at least %.1f %%", 100.0 * f.least_share);
    out = buf;
  }
  if (f.least_count > 0)
    out += (out.empty() ? "at least " : " and ") + std::to_string(f.least_count) + (f.least_count == 1 ? " puzzle" : " puzzles");
  return out.empty() ? out : "the rule asks " + out;
}

int run_stats(const PuzzlesOpts& o) {
  bool met = true;
  for (const auto& file : o.files) {
    auto st = learn::puzzle_stats(read_file_or_fail(file));
    if (!st) throw UsageError(file + ": " + st.error());
    std::cout << file << ": " << st->puzzles << " " << st->game << " puzzles\n  by depth:";
    const char* sep = " ";
    for (const auto& [d, n] : st->by_depth) {
      std::cout << sep << d << ": " << n;
      sep = ", ";
    }
    std::cout << "\n  by goal:";
    sep = " ";
    for (const auto& [name, n] : st->by_goal) {
      std::cout << sep << name << " " << n;
      sep = ", ";
    }
    std::cout << "\n  by source:";
    sep = " ";
    for (const auto& [name, n] : st->by_source) {
      std::cout << sep << name << " " << n;
      sep = ", ";
    }
    std::cout << "\n";
    for (const auto& f : st->facts) {
      const std::string rule = rule_text(f);
      std::cout << "  " << f.name << ": " << learn::share_text(f.count, st->puzzles);
      if (!rule.empty()) std::cout << "; " << rule << (f.met ? " (met)" : " (NOT MET)");
      std::cout << " -- " << f.meaning << "\n";
    }
    met = met && st->rules_met();
  }
  return o.check && !met ? 1 : 0;
}

}  // namespace

void add_puzzles_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<PuzzlesOpts>();
  auto* cmd = app.add_subcommand("puzzles", "Generate, verify, merge or count proved puzzles (JSON lines)");
  cmd->require_subcommand(1);
  auto* gen = cmd->add_subcommand("generate", "Find puzzles by exact search and write them as JSON lines");
  gen->add_option("game", o->game, "Game: " + game_names())->required();
  gen->add_option("--count", o->count, "How many puzzles (default 10)")->check(whole_number(1, 100000));
  gen->add_option("--seed", o->seed, "Seed of the self-play games (same seed, same file)")->check(any_seed());
  gen->add_option("--out", o->out, "Output file (one JSON object per line)")->required();
  gen->add_option("--records", o->records,
                  "Record files (the game's format) whose last plies are candidates too (repeatable)");
  gen->add_option("--goal", o->goal,
                  "One of the game's puzzle goals (default: its own, the game's end; a wrong name lists them)");
  gen->add_option("--source", o->source, "One of the goal's named candidate sources (default: its usual mix)");
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
  auto* stats = cmd->add_subcommand("stats", "Count a puzzle file's puzzles by depth and source, and the facts its "
                                              "game's source rules ask of a shipped file, each against its rule");
  stats->add_option("files", o->files, "Puzzle files (JSON lines)")->required();
  stats->add_flag("--check", o->check, "Exit with 1 when a rule of the game's source rules is not met");
  stats->callback([o, &exit_code] { exit_code = run_stats(*o); });
}

}  // namespace oyin::cli
