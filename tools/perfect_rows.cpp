// oyin_perfect_rows: the rows of a capture Go perfect-play table (search/capgo/perfect_rows.h),
// for bench/capgo_perfect_table.sh. Each row as it is made ("<moves> : <move>  # <nodes> nodes"),
// then the figures.
//   oyin_perfect_rows --rules R [--moves "C3"] [--to-move-loses] [--skip "C5 D4"]
//                     [--settle N] [--nodes N] [--memory GB] [--resume ROWS]
//     --resume: the output of an earlier run with the same settings that was stopped; its rows are
//     written again without solving and the run goes on from the last of them.
//   oyin_perfect_rows --rules R --unique < rows     (each position once, up to symmetry)
#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <ctime>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "core/text.h"
#include "games/capgo/game.h"
#include "games/capgo/proof.h"
#include "search/capgo/perfect_rows.h"

namespace {

std::atomic<bool> g_stop{false};
extern "C" void stop(int) { g_stop = true; }

int usage(const std::string& why) {
  std::cerr << "oyin_perfect_rows: " << why
            << "\nusage: oyin_perfect_rows --rules R [--moves M] [--to-move-loses] [--skip M] [--settle N] [--nodes N] "
               "[--memory GB] [--resume ROWS]\n";
  return 2;
}

// --unique: the rows read from standard input, each position once up to symmetry (the first row
// of a position is kept; rows made by separate runs may reach one position by transposition).
int unique_rows(const oyin::capgo::Rules& rules) {
  using namespace oyin;
  const capgo::proof::Canonical canon(rules.size);
  std::set<std::vector<std::uint64_t>> seen;
  std::string line;
  while (std::getline(std::cin, line)) {
    const auto colon = line.find(" : ");
    if (colon == std::string::npos) continue;
    capgo::Position pos = capgo::CaptureGo::start_position(rules);
    for (std::string_view m : split_ws(std::string_view(line).substr(0, colon))) {
      auto mv = capgo::parse_move(pos, m);
      if (!mv) return usage("row '" + line + "': " + mv.error());
      capgo::Undo u;
      capgo::play(pos, *mv, u);
    }
    std::vector<std::uint64_t> key(static_cast<std::size_t>(canon.words()));
    canon.key(pos, key.data());
    if (seen.insert(key).second) std::cout << line << "\n";
  }
  return 0;
}

// The rows of an earlier run's output ("<moves> : <move>  # <nodes> nodes"); other lines skipped.
bool read_rows(const std::string& path, std::vector<oyin::capgo::PerfectRow>& rows, std::string& why) {
  std::ifstream in(path);
  if (!in) {
    why = "cannot read " + path;
    return false;
  }
  std::string line;
  while (std::getline(in, line)) {
    const auto colon = line.find(" : ");
    const auto hash = line.find("  # ");
    if (colon == std::string::npos || hash == std::string::npos || hash < colon) continue;
    oyin::capgo::PerfectRow row;
    row.moves = line.substr(0, colon);
    row.answer = line.substr(colon + 3, hash - colon - 3);
    row.nodes = std::strtoull(line.c_str() + hash + 4, nullptr, 10);
    rows.push_back(std::move(row));
  }
  if (rows.empty()) {
    why = path + " has no rows to resume from";
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace oyin;
  std::string rules_text, moves, skip, resume;
  bool unique = false;
  capgo::PerfectRowsOptions o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--rules") rules_text = value();
    else if (a == "--moves") moves = value();
    else if (a == "--skip") skip = value();
    else if (a == "--resume") resume = value();
    else if (a == "--to-move-loses") o.to_move_loses = true;
    else if (a == "--unique") unique = true;
    else if (a == "--settle") o.settle_nodes = std::strtoull(value().c_str(), nullptr, 10);
    else if (a == "--nodes") o.max_nodes = std::strtoull(value().c_str(), nullptr, 10);
    else if (a == "--memory") o.memory_gb = std::atof(value().c_str());
    else return usage("unknown argument '" + a + "'");
  }
  auto rules = capgo::parse_rules(rules_text);
  if (!rules) return usage(rules.error());
  if (unique) return unique_rows(*rules);
  if (o.settle_nodes == 0 || o.memory_gb <= 0) return usage("--settle and --memory must be positive");
  for (std::string_view m : split_ws(skip)) o.skip.emplace_back(m);
  if (std::string why; !resume.empty() && !read_rows(resume, o.resume, why)) return usage(why);
  capgo::Position pos = capgo::CaptureGo::start_position(*rules);
  for (std::string_view m : split_ws(moves)) {
    auto mv = capgo::parse_move(pos, m);
    if (!mv) return usage(mv.error());
    capgo::Undo u;
    capgo::play(pos, *mv, u);
  }
  std::signal(SIGINT, stop);
  std::signal(SIGTERM, stop);
  o.stop = &g_stop;
  std::cout << "Perfect-play rows of capture Go " << rules_text << (moves.empty() ? "" : " after " + moves)
            << ": positions the solver does not settle within " << o.settle_nodes << " nodes" << std::endl;
  const std::clock_t cpu0 = std::clock();
  const auto r = capgo::perfect_rows(pos, moves, o, [](const capgo::PerfectRow& row) {
    std::cout << row.moves << " : " << row.answer << "  # " << row.nodes << " nodes" << std::endl;
  });
  if (!r) {
    std::cerr << "oyin_perfect_rows: " << r.error() << "\n";
    return 1;
  }
  std::printf("Positions: %llu (%llu settled within %llu nodes), rows %zu, unsolved %zu\n",
              static_cast<unsigned long long>(r->positions), static_cast<unsigned long long>(r->settled),
              static_cast<unsigned long long>(o.settle_nodes), r->rows.size(), r->unsolved.size());
  for (const auto& u : r->unsolved) std::printf("Unsolved: %s\n", u.c_str());
  std::printf("Nodes: %llu\nTime: %.1f s CPU%s\n", static_cast<unsigned long long>(r->nodes),
              static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC, g_stop ? " (stopped)" : "");
  return r->unsolved.empty() && !g_stop ? 0 : 1;
}
