#include "learn/puzzles.h"

#include "learn/puzzle_rules.h"
#include "registry/puzzle_support.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace oyin::learn {

namespace {

using json = nlohmann::json;

std::string depth_theme(const std::string& goal, int moves) { return goal + "-in-" + std::to_string(moves); }

std::vector<std::string> all_themes(const PuzzleSupport& s, const std::string& rules, const std::string& position,
                                    const std::vector<std::string>& solution, int moves) {
  std::vector<std::string> t = {depth_theme(s.goal, moves)};
  // A goal short of the game's end: the themes are the solver's play; the opponent's last
  // answer (which may take something back) is no sacrifice.
  std::vector<std::string> played = solution;
  if (s.reached && !played.empty() && played.size() % 2 == 0) played.pop_back();
  for (auto& x : s.themes(rules, position, played)) t.push_back(std::move(x));
  return t;
}

// The last plies of recorded games with the eventual winner to move, or every ply `every`
// accepts (when set).
std::vector<PuzzleCandidate> record_candidates(const GameEntry& game, const std::string& file, int max_moves,
                                               const std::function<bool(const std::string&)>& every,
                                               std::string& error) {
  std::vector<PuzzleCandidate> out;
  std::ostringstream text;
  {
    FILE* f = std::fopen(file.c_str(), "rb");
    if (!f) {
      error = "cannot read " + file;
      return out;
    }
    char buf[65536];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.write(buf, static_cast<std::streamsize>(n));
    std::fclose(f);
  }
  auto records = game.read_records(text.str());
  if (!records) {
    error = file + ": " + records.error();
    return out;
  }
  const std::string base = std::filesystem::path(file).filename().string();
  int number = 0;
  for (const GameRecord& r : *records) {
    ++number;
    if (!every && r.result != "1-0" && r.result != "0-1") continue;
    const Side winner = r.result == "1-0" ? Side::First : Side::Second;
    auto st = game.new_game(r.tag("Rules"), r.tag("FEN"));
    if (!st) continue;
    GameState& g = **st;
    std::vector<std::string> positions;
    std::vector<Side> sides;
    bool legal = true;
    for (const std::string& m : r.moves) {
      if (g.status().over()) break;
      positions.push_back(g.position_text());
      sides.push_back(g.side_to_move());
      if (!g.play(m)) {
        legal = false;
        break;
      }
    }
    if (!legal) continue;
    const std::string source = "records:" + base + "#" + std::to_string(number);
    if (every) {
      for (const std::string& p : positions)
        if (every(p)) out.push_back({g.rules_text(), p, source});
      continue;
    }
    const std::size_t from = positions.size() > static_cast<std::size_t>(2 * max_moves) ? positions.size() - 2 * max_moves : 0;
    for (std::size_t i = from; i < positions.size(); ++i)
      if (sides[i] == winner)
        out.push_back({g.rules_text(), positions[i], source});
  }
  return out;
}

std::string fixed1(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

}  // namespace

int puzzle_rating(int moves, int root_moves, std::uint64_t nodes_to_find) {
  const double r = 400.0 + 300.0 * (moves - 1) + 100.0 * std::log10(1.0 + static_cast<double>(nodes_to_find)) +
                   60.0 * std::log2(1.0 + std::max(0, root_moves - 1));
  return std::clamp(static_cast<int>(std::lround(r)), 400, 3000);
}

std::string to_json_line(const Puzzle& p) {
  json j = json::object();
  j["id"] = p.id;
  j["game"] = p.game;
  j["rules"] = p.rules;
  j["position"] = p.position;
  j["solution"] = p.solution;
  j["goal"] = p.goal;
  j["moves"] = p.moves;
  j["themes"] = p.themes;
  j["rating"] = p.rating;
  j["source"] = p.source;
  j["rating_from"] = {{"moves", p.moves}, {"root_moves", p.root_moves}, {"nodes_to_find", p.nodes_to_find}};
  return j.dump();
}

Result<Puzzle> parse_puzzle_line(const std::string& line) {
  json j;
  try {
    j = json::parse(line);
  } catch (const json::parse_error& e) {
    return make_error("not JSON (" + std::string(e.what()).substr(0, 120) + ")");
  }
  if (!j.is_object()) return make_error("not a JSON object");
  Puzzle p;
  auto text = [&](const char* key, std::string& out) -> Status {
    if (!j.contains(key) || !j[key].is_string()) return make_error(std::string("\"") + key + "\" is missing or not a string");
    out = j[key].get<std::string>();
    return Ok{};
  };
  auto texts = [&](const char* key, std::vector<std::string>& out) -> Status {
    if (!j.contains(key) || !j[key].is_array()) return make_error(std::string("\"") + key + "\" is missing or not an array");
    for (const auto& x : j[key]) {
      if (!x.is_string()) return make_error(std::string("\"") + key + "\" holds a non-string");
      out.push_back(x.get<std::string>());
    }
    return Ok{};
  };
  auto number = [&](const char* key, int lo, int hi, int& out) -> Status {
    if (!j.contains(key) || !j[key].is_number_integer()) return make_error(std::string("\"") + key + "\" is missing or not a whole number");
    const auto v = j[key].get<std::int64_t>();
    if (v < lo || v > hi) return make_error(std::string("\"") + key + "\" is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
    out = static_cast<int>(v);
    return Ok{};
  };
  for (auto s : {text("id", p.id), text("game", p.game), text("rules", p.rules), text("position", p.position),
                 text("goal", p.goal), texts("solution", p.solution), texts("themes", p.themes),
                 number("moves", 1, 50, p.moves), number("rating", 0, 10000, p.rating)})
    if (!s) return make_error(s.error());
  if (j.contains("source") && j["source"].is_string()) p.source = j["source"].get<std::string>();
  return p;
}

Result<std::vector<Puzzle>> generate_puzzles(const GameEntry& game, const GenerateOptions& opt, GenerateStats* stats) {
  const PuzzleSupport* s = find_puzzles(game.name());
  if (!s) return make_error(game.name() + " has no puzzles");
  if (const PuzzleSupport* g = find_puzzles(game.name(), opt.goal)) s = g;
  else return make_error(game.name() + " has no puzzle goal '" + opt.goal + "' (" + puzzle_goal_names(*s) + ")");
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  std::deque<PuzzleCandidate> recorded;
  const auto plies = s->record_plies.find(opt.source);
  const std::function<bool(const std::string&)> every = plies == s->record_plies.end() ? nullptr : plies->second;
  for (const std::string& f : opt.record_files) {
    std::string error;
    auto c = record_candidates(game, f, s->max_moves, every, error);
    if (!error.empty()) return make_error(error);
    recorded.insert(recorded.end(), c.begin(), c.end());
  }
  // Soft quotas per depth: a puzzle over its depth's quota waits in reserve and fills up the
  // file only when the candidates run out.
  std::vector<int> quota(static_cast<std::size_t>(s->max_moves) + 1, opt.count);
  for (int d = 1; d <= s->max_moves; ++d)
    if (static_cast<std::size_t>(d - 1) < s->depth_share.size())
      quota[static_cast<std::size_t>(d)] =
          static_cast<int>(std::ceil(opt.count * s->depth_share[static_cast<std::size_t>(d - 1)]));
  std::vector<int> by_depth(static_cast<std::size_t>(s->max_moves) + 1, 0);
  std::vector<Puzzle> out, reserve;
  std::set<std::string> seen, used_groups;
  PuzzleSet kept;  // no repeats up to symmetry, nothing inside another's solution
  std::uint64_t candidates = 0;
  auto consider = [&](const PuzzleCandidate& c) {
    if (!seen.insert(c.position).second) return;
    ++candidates;
    auto line = s->find(c.rules, c.position, s->max_moves, s->generate_nodes);
    if (!line) return;
    // One puzzle of each depth per game played or read: neighbouring plies of one game make
    // near-copies of one puzzle.
    if (!used_groups.insert(c.source + "/" + std::to_string(line->moves)).second) return;
    Puzzle p;
    p.game = game.name();
    p.rules = c.rules;
    p.position = c.position;
    p.goal = s->goal;
    p.moves = line->moves;
    p.solution = line->solution;
    p.source = c.source;
    p.themes = all_themes(*s, c.rules, c.position, p.solution, p.moves);
    p.root_moves = line->root_moves;
    p.nodes_to_find = line->nodes_to_find;
    p.proof_nodes = line->nodes;
    p.rating = puzzle_rating(p.moves, p.root_moves, p.nodes_to_find);
    if (!no_decision(*s, p).empty()) return;
    auto keys = puzzle_keys(*s, p);
    if (!keys || !kept.conflict(*keys).empty()) return;
    kept.add(c.source, *keys);
    const auto d = static_cast<std::size_t>(p.moves);
    if (by_depth[d] >= quota[d]) {
      reserve.push_back(std::move(p));
      return;
    }
    ++by_depth[d];
    out.push_back(std::move(p));
    if (opt.progress)
      opt.progress(game.name() + ": " + std::to_string(out.size()) + "/" + std::to_string(opt.count) + " puzzles (" +
                   depth_theme(s->goal, line->moves) + " from " + c.source + "), " + std::to_string(candidates) +
                   " candidates, " + fixed1(elapsed()) + " s");
  };
  auto full = [&] { return static_cast<int>(out.size()) >= opt.count; };
  // A rare depth must not keep the search going for ever: with half the count again waiting in
  // reserve, the reserve fills up the rest.
  auto enough = [&] { return full() || out.size() + reserve.size() >= static_cast<std::size_t>(opt.count) * 3 / 2; };
  PuzzleSupport::Candidates source = s->candidates;
  if (!opt.source.empty()) {
    const auto it = s->sources.find(opt.source);
    if (it == s->sources.end()) {
      std::string names;
      for (const auto& [name, f] : s->sources) {
        if (!names.empty()) names += ", ";
        names += name;
      }
      return make_error(game.name() + " has no puzzle source '" + opt.source + "' (" + (names.empty() ? "none" : names) + ")");
    }
    source = it->second;
  }
  source(
      opt.seed,
      [&](const PuzzleCandidate& c) {
        consider(c);
        if (!enough() && !recorded.empty()) {
          consider(recorded.front());
          recorded.pop_front();
        }
        return !enough();
      },
      opt.progress);
  while (!enough() && !recorded.empty()) {
    consider(recorded.front());
    recorded.pop_front();
  }
  for (std::size_t i = 0; !full() && i < reserve.size(); ++i) {
    ++by_depth[static_cast<std::size_t>(reserve[i].moves)];
    out.push_back(std::move(reserve[i]));
  }
  // Shallow first, then by rating: a file reads from easy to hard. Ids follow that order.
  std::stable_sort(out.begin(), out.end(), [](const Puzzle& a, const Puzzle& b) {
    return a.moves != b.moves ? a.moves < b.moves : a.rating < b.rating;
  });
  for (std::size_t i = 0; i < out.size(); ++i) {
    char id[32];
    std::snprintf(id, sizeof id, "%04zu", i + 1);
    out[i].id = game.name() + "-" + std::to_string(opt.seed) + "-" + id;
  }
  if (stats) {
    stats->candidates = candidates;
    stats->by_depth = by_depth;
    stats->seconds = elapsed();
  }
  return out;
}

Result<VerifyReport> verify_puzzles(const std::string& file, const std::string& text,
                                    const std::function<void(const std::string&)>& progress) {
  register_builtin_games();
  VerifyReport report;
  std::set<std::string> ids;
  PuzzleSet kept;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    const std::string where = file + " line " + std::to_string(number);
    auto p = parse_puzzle_line(line);
    if (!p) return make_error(where + ": " + p.error());
    const std::string named = where + " (" + p->id + ")";
    if (!ids.insert(p->id).second) return make_error(named + ": the id is used twice");
    const GameEntry* g = find_game(p->game);
    if (!g || g->name() != p->game) return make_error(named + ": unknown game '" + p->game + "'");
    const PuzzleSupport* own = find_puzzles(g->name());
    if (!own) return make_error(named + ": " + p->game + " has no puzzles");
    const PuzzleSupport* s = find_puzzles(g->name(), p->goal);
    if (!s || p->goal.empty())
      return make_error(named + ": " + p->game + " puzzles have no goal '" + p->goal + "' (" + puzzle_goal_names(*own) + ")");
    if (p->moves > s->max_moves)
      return make_error(named + ": " + std::to_string(p->moves) + " moves is deeper than verify proves (" +
                        std::to_string(s->max_moves) + ")");
    std::uint64_t nodes = 0;
    if (auto ok = s->verify(p->rules, p->position, p->moves, p->solution, s->verify_nodes, &nodes); !ok)
      return make_error(named + ": " + ok.error());
    const auto themes = all_themes(*s, p->rules, p->position, p->solution, p->moves);
    if (themes != p->themes) {
      std::string want;
      for (const auto& t : themes) want += (want.empty() ? "" : ",") + t;
      return make_error(named + ": the themes do not match the solution (" + want + ")");
    }
    if (auto why = no_decision(*s, *p); !why.empty()) return make_error(named + ": " + why);
    auto keys = puzzle_keys(*s, *p);
    if (!keys) return make_error(named + ": " + keys.error());
    if (auto why = kept.conflict(*keys); !why.empty()) return make_error(named + ": " + why);
    kept.add(p->id, *keys);
    report.nodes += nodes;
    ++report.puzzles;
    if (progress && report.puzzles % 50 == 0)
      progress(file + ": " + std::to_string(report.puzzles) + " puzzles proved");
  }
  if (report.puzzles == 0) return make_error(file + ": no puzzles");
  return report;
}

}  // namespace oyin::learn

namespace oyin::learn {

Result<MergeReport> merge_puzzles(const std::vector<std::pair<std::string, std::string>>& files) {
  register_builtin_games();
  MergeReport out;
  PuzzleSet kept;
  std::set<std::string> ids;
  for (const auto& [name, text] : files) {
    std::istringstream in(text);
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      auto p = parse_puzzle_line(line);
      if (!p) return make_error(name + " line " + std::to_string(number) + ": " + p.error());
      const PuzzleSupport* s = find_puzzles(p->game, p->goal);
      if (!s) return make_error(name + " line " + std::to_string(number) + ": " + p->game + " has no puzzles of goal '" + p->goal + "'");
      if (!ids.insert(p->id).second) return make_error(name + " line " + std::to_string(number) + ": the id " + p->id + " is used twice");
      auto keys = puzzle_keys(*s, *p);
      if (!keys) return make_error(name + " line " + std::to_string(number) + ": " + keys.error());
      if (!no_decision(*s, *p).empty()) {
        ++out.dropped["no decision at the key move"];
        continue;
      }
      if (const std::string why = kept.conflict(*keys); !why.empty()) {
        ++out.dropped[why.starts_with("the same position") ? "a repeat up to symmetry" : "inside another puzzle's solution"];
        continue;
      }
      kept.add(p->id, *keys);
      out.text += line + "\n";
      ++out.kept;
    }
  }
  return out;
}

}  // namespace oyin::learn
