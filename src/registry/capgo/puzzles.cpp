// Capture Go puzzles: capture in 1 to 3 moves, from positions the exact solver
// (search/capgo/solver.h) proves won on 5x5 and 6x6 boards (some a few plies after a first move
// of the proved 6x6 opening table), and from the last plies of 9x9 self-play games of the tree
// search (target 1, or targets 2 and 3 with each side one capture from its target), where the
// bounded exhaustive search of search/forced_win.h proves a capture within the moves over the
// whole board.
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <set>

#include "core/random.h"
#include "games/capgo/game.h"
#include "registry/puzzle_support.h"
#include "search/capgo/solver.h"
#include "search/capgo/mcts_engine.h"

namespace oyin {

std::unique_ptr<GameAdapter> make_capgo_adapter();

namespace {

using G = capgo::CaptureGo;

// The chains of `color` (1 black, 2 white) in atari, by head.
std::set<int> chains_in_atari(const capgo::Position& p, int color) {
  std::set<int> heads;
  for (int i = 0; i < p.npoints; ++i)
    if (p.color[i] == color && p.in_atari(p.head[i])) heads.insert(p.head[i]);
  return heads;
}

std::vector<std::string> themes(const std::string& rules_text, const std::string& position,
                                const std::vector<std::string>& solution) {
  std::vector<std::string> out;
  auto rules = G::parse_rules(rules_text);
  if (!rules) return out;
  auto pos = G::parse_position(position, *rules);
  if (!pos) return out;
  const int attacker = pos->to_move;
  const int own = attacker + 1, theirs = 2 - attacker;
  bool all_ataris = true, extends = true;
  int key_ataris = 0, captured = 0;
  auto undos = std::make_unique<G::Undo[]>(solution.size());
  for (std::size_t i = 0; i < solution.size(); ++i) {
    auto m = G::parse_move(*pos, solution[i]);
    if (!m) return out;
    const bool attacking = i % 2 == 0;
    const bool last = i + 1 == solution.size();
    // A defender's extension: it plays the last liberty of its chain in atari.
    if (!attacking) {
      bool on_liberty = false;
      for (int h : chains_in_atari(*pos, theirs)) {
        const int p = static_cast<int>(pos->chain[h].lib_sum / pos->chain[h].libs);
        if (p == m->point) on_liberty = true;
      }
      if (!on_liberty) extends = false;
    }
    const int before = pos->captures[attacker];
    G::play(*pos, *m, undos[i]);
    if (attacking && !last) {
      const std::size_t n = chains_in_atari(*pos, theirs).size();
      if (i == 0) key_ataris = static_cast<int>(n);
      if (n == 0) all_ataris = false;
    }
    if (attacking && last) captured = pos->captures[attacker] - before;
  }
  (void)own;
  const int moves = static_cast<int>(solution.size() + 1) / 2;
  if (moves == 1) out.push_back("capture");
  else if (key_ataris >= 2) out.push_back("double-atari");
  else if (key_ataris == 1) out.push_back("atari");
  else out.push_back("net");
  if (moves >= 3 && all_ataris && extends) out.push_back("ladder");
  if (captured >= 3) out.push_back("big-capture");
  return out;
}

// The liberties of the chain headed by h (real ones: each empty neighbour once).
int liberties(const capgo::Position& p, int h) {
  std::set<int> libs;
  int s = h;
  do {
    for (int n : {s - 1, s + 1, s - p.stride, s + p.stride})
      if (p.color[static_cast<std::size_t>(n)] == capgo::kEmpty) libs.insert(n);
    s = p.next[static_cast<std::size_t>(s)];
  } while (s != h);
  return static_cast<int>(libs.size());
}

// Among equally long defences (capture Go has no static evaluation): the one that leaves the
// defender's weakest chain the most liberties (up to 4), fewest chains in atari; then a stone
// touching stones, nearest the attacker's last move.
std::pair<int, int> defence_rank(const capgo::Position& before, G::Move last, G::Move d) {
  if (d == capgo::kPass || d == capgo::kResign) return {-1000, -1000};
  capgo::Position after = before;
  auto u = std::make_unique<G::Undo>();
  G::play(after, d, *u);
  const int defender = before.to_move + 1;
  int weakest = 4, in_atari = 0;
  for (int i = 0; i < after.npoints; ++i) {
    if (after.color[static_cast<std::size_t>(i)] != defender || after.head[static_cast<std::size_t>(i)] != i) continue;
    const int libs = liberties(after, i);
    weakest = std::min(weakest, libs);
    if (libs == 1) ++in_atari;
  }
  const int p = d.point;
  bool touches = false;
  for (int n : {p - 1, p + 1, p - before.stride, p + before.stride}) {
    const auto c = before.color[static_cast<std::size_t>(n)];
    if (c == capgo::kBlack || c == capgo::kWhite) touches = true;
  }
  const bool placed = last.point != capgo::kPass.point && last.point != capgo::kResign.point;
  const int dist = placed ? std::abs(before.x_of(p) - before.x_of(last.point)) + std::abs(before.y_of(p) - before.y_of(last.point)) : 0;
  return {10 * weakest - in_atari, (touches ? 100 : 0) - dist};
}

// The position up to the board's 8 symmetries (games/capgo/notation.h), with its rules.
std::string symmetric_key(const std::string& rules_text, const std::string& position) {
  auto rules = G::parse_rules(rules_text);
  if (!rules) return position;
  auto pos = G::parse_position(position, *rules);
  if (!pos) return position;
  return G::rules_to_text(*rules) + "|" + G::identity_text(*pos);
}

// Captures and ataris.
std::vector<std::string> forcing_moves(const std::string& rules_text, const std::string& position) {
  std::vector<std::string> out;
  auto rules = G::parse_rules(rules_text);
  if (!rules) return out;
  auto pos = G::parse_position(position, *rules);
  if (!pos) return out;
  const int attacker = pos->to_move, theirs = 2 - attacker;
  // The opponent's stones already in atari: a move that leaves them so is no atari.
  auto stones_in_atari = [&] {
    std::set<int> out;
    for (int i = 0; i < pos->npoints; ++i)
      if (pos->color[static_cast<std::size_t>(i)] == theirs && pos->in_atari(pos->head[static_cast<std::size_t>(i)]))
        out.insert(i);
    return out;
  };
  const std::set<int> before_atari = stones_in_atari();
  G::MoveList moves;
  G::generate_moves(*pos, moves);
  auto u = std::make_unique<G::Undo>();
  for (const auto& m : moves) {
    if (m == capgo::kPass || m == capgo::kResign) continue;
    const int before = pos->captures[static_cast<std::size_t>(attacker)];
    G::play(*pos, m, *u);
    bool forcing = pos->captures[static_cast<std::size_t>(attacker)] > before;
    for (int st : stones_in_atari()) forcing = forcing || !before_atari.count(st);
    G::undo(*pos, m, *u);
    if (forcing) out.push_back(G::move_to_text(*pos, m));
  }
  return out;
}

// Where solver_candidates' games start: an empty board after `opening_plies` random moves, or
// a given position (`start`) followed by them; `max_plies` plies of each game are looked at.
struct SolverGames {
  int size = 5;
  std::string name;
  std::string start;
  int opening_plies = 3;
  std::size_t max_plies = 1000;
  int games = 400;
};

// Positions of games on a small board that the exact solver proves won for the side to move.
void solver_candidates(const SolverGames& sg, std::uint64_t seed, const std::function<bool(const PuzzleCandidate&)>& take,
                       const std::function<void(const std::string&)>& progress) {
  auto adapter = make_capgo_adapter();
  auto engine = make_capgo_engine();
  // The tree search alone, as when the shipped puzzles were made: a perfect winner would play
  // other games (and fewer tactics).
  (void)engine->set_option("PerfectPlay", "false");
  const std::string rules = "size=" + std::to_string(sg.size) + ",target=1,pass=0";
  const std::string& name = sg.name;
  SelfplayOptions opt;
  opt.rules = rules;
  opt.start = sg.start;
  opt.opening_plies = sg.opening_plies;
  opt.limits.nodes = 150;  // playouts: a weak, varied player, so the games hold tactics
  auto parsed = G::parse_rules(rules);
  if (!parsed) return;
  const std::string rules_text = G::rules_to_text(*parsed);
  Rng seeds(seed);
  for (int g = 0; g < sg.games; ++g) {
    auto played = selfplay_game(*adapter, *engine, opt, seeds.next());
    if (!played) return;
    if (progress) progress(name + " game " + std::to_string(g + 1) + ": " + std::to_string(played->first.size()) + " plies");
    if (played->first.size() > sg.max_plies) played->first.resize(sg.max_plies);
    for (const SelfplayPly& p : played->first) {
      auto pos = G::parse_position(p.position, *parsed);
      if (!pos) continue;
      capgo::SolverOptions so;
      so.rules_text = rules_text;
      so.memory_gb = 0.01;
      so.max_nodes = 200'000;
      so.progress_ms = 0;
      const capgo::SolveResult r = capgo::solve_position(*pos, so);
      if (!r.solved || r.value != 1) continue;
      if (!take({rules_text, p.position, name + "#" + std::to_string(g + 1)})) return;
    }
  }
}

// The 6x6 opening table (docs/research/capgo-6x6-proof.md): every first move of Black up to
// symmetry, each proved won or lost. Games start from the position after one of them (in turn),
// and the solver looks at their first `kTablePlies` plies: puzzles a few plies into the table.
constexpr const char* kTableMoves[] = {"A1", "B1", "C1", "B2", "C2", "C3"};
constexpr std::size_t kTablePlies = 12;

void table_candidates(std::uint64_t seed, const std::function<bool(const PuzzleCandidate&)>& take,
                      const std::function<void(const std::string&)>& progress) {
  auto adapter = make_capgo_adapter();
  Rng seeds(seed);
  bool more = true;
  auto each = [&](const PuzzleCandidate& c) { return more = take(c); };
  for (int round = 0; more && round < 200; ++round)
    for (const char* move : kTableMoves) {
      auto st = adapter->new_game("size=6,target=1,pass=0", "");
      if (!st || !(*st)->play(move)) return;
      SolverGames sg;
      sg.size = 6;
      sg.name = std::string("table-6x6-") + move;
      sg.start = (*st)->position_text();
      sg.opening_plies = 1;  // White's reply at random, then the engine
      sg.max_plies = kTablePlies;
      sg.games = 1;
      solver_candidates(sg, seeds.next(), each, progress);
      if (!more) return;
    }
}

// Whether every capture ends the game (each side at most one capture from its target): then
// no position of a puzzle's line follows a capture, and the superko history never matters.
bool one_capture_from_targets(const std::string& rules_text, const std::string& position) {
  auto rules = G::parse_rules(rules_text);
  if (!rules) return false;
  auto pos = G::parse_position(position, *rules);
  return pos && pos->captures[0] + 1 >= pos->target[0] && pos->captures[1] + 1 >= pos->target[1];
}

// Self-play on real-size boards: 9x9, short lines (at most 3 moves) from games whose first plies
// are random. With a target above 1, only positions where each side is one capture from its
// target.
SelfplaySource nine_by_nine(int max_games, int target = 1) {
  SelfplaySource src;
  src.name = target == 1 ? "selfplay-9x9" : "selfplay-9x9-target" + std::to_string(target);
  src.options.rules = "size=9,target=" + std::to_string(target);
  if (target > 1) {
    const std::string rules = src.options.rules;
    src.accept = [rules](const std::string& position) { return one_capture_from_targets(rules, position); };
  }
  src.options.opening_plies = 4;
  src.options.limits.nodes = 300;
  src.max_moves = 3;
  src.max_games = max_games;
  return src;
}

// Games on an empty small board from 3 random plies.
SolverGames small_board(int size) {
  SolverGames sg;
  sg.size = size;
  sg.name = "solver-" + std::to_string(size) + "x" + std::to_string(size);
  return sg;
}

// A rules text's board size and target for Black ("size=9,target=2" -> 9, 2).
int size_of(const std::string& rules_text) {
  auto rules = G::parse_rules(rules_text);
  return rules ? rules->size : 0;
}
int target_of(const std::string& rules_text) {
  auto rules = G::parse_rules(rules_text);
  return rules ? rules->target[0] : 0;
}

std::vector<PuzzleSupport::Fact> facts() {
  using R = const std::string&;
  return {{"9x9", "a 9x9 board (the real size)", 1.0 / 3, 0, [](R rules, R, R) { return size_of(rules) == 9; }},
          {"target-2", "two stones to capture to win", 0, 1, [](R rules, R, R) { return target_of(rules) == 2; }},
          {"target-3", "three stones to capture to win", 0, 1, [](R rules, R, R) { return target_of(rules) == 3; }},
          {"table-6x6", "a few plies after a first move of the proved 6x6 opening table", 0, 1,
           [](R, R, R source) { return source.starts_with("table-6x6-"); }}};
}

}  // namespace

std::shared_ptr<const PuzzleSupport> capgo_puzzles() {
  auto s = std::make_shared<PuzzleSupport>();
  s->goal = "capture";
  s->max_moves = 3;
  s->depth_share = {0.30, 0.45, 0.25};
  s->generate_nodes = 2'000'000;
  s->verify_nodes = 50'000'000;
  set_puzzle_proofs<G>(*s, defence_rank);
  s->themes = themes;
  s->symmetric_key = symmetric_key;
  s->forcing_moves = forcing_moves;
  s->decision_themes = {"ladder"};
  // "9x9": the 9x9 self-play games only (real-size boards).
  s->sources["9x9"] = [](std::uint64_t seed, const std::function<bool(const PuzzleCandidate&)>& take,
                         const std::function<void(const std::string&)>& progress) {
    auto adapter = make_capgo_adapter();
    auto engine = make_capgo_engine();
    const SelfplaySource src = nine_by_nine(2000);
    selfplay_candidates(*adapter, *engine, src, seed, take, progress);
  };
  s->facts = facts();
  // "9x9-target2", "9x9-target3": 9x9 self-play with those targets; "table-6x6": the opening table.
  for (int target : {2, 3})
    s->sources["9x9-target" + std::to_string(target)] = [target](std::uint64_t seed,
                                                                 const std::function<bool(const PuzzleCandidate&)>& take,
                                                                 const std::function<void(const std::string&)>& progress) {
      auto adapter = make_capgo_adapter();
      auto engine = make_capgo_engine();
      selfplay_candidates(*adapter, *engine, nine_by_nine(2000, target), seed, take, progress);
    };
  s->sources["table-6x6"] = table_candidates;
  s->candidates = [](std::uint64_t seed, const std::function<bool(const PuzzleCandidate&)>& take,
                     const std::function<void(const std::string&)>& progress) {
    // Interleave the sources: a batch from each in turn, so any count mixes them.
    Rng seeds(seed);
    const std::uint64_t s5 = seeds.next(), s6 = seeds.next(), s9 = seeds.next();
    bool more = true;
    int budget = 0;
    auto batch = [&](const PuzzleCandidate& c) {
      if (!take(c)) {
        more = false;
        return false;
      }
      return ++budget < 40;
    };
    for (int round = 0; more && round < 50; ++round) {
      budget = 0;
      solver_candidates(small_board(5), s5 + static_cast<std::uint64_t>(round), batch, progress);
      if (!more) break;
      budget = 0;
      solver_candidates(small_board(6), s6 + static_cast<std::uint64_t>(round), batch, progress);
      if (!more) break;
      budget = 0;
      auto adapter = make_capgo_adapter();
      auto engine = make_capgo_engine();
      const SelfplaySource src = nine_by_nine(40);
      selfplay_candidates(*adapter, *engine, src, s9 + static_cast<std::uint64_t>(round), batch, progress);
    }
  };
  return s;
}

}  // namespace oyin
