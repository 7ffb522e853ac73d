// Capture Go puzzles (target 1: the first capture wins): capture in 1 to 3 moves, from positions
// the exact solver (search/capgo/solver.h) proves won on 5x5 and 6x6 boards, and from the last
// plies of 9x9 self-play games of the tree search, where the bounded exhaustive search of
// search/forced_win.h proves a capture within the moves over the whole board.
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

// Positions of games on a small board that the exact solver proves won for the side to move.
void solver_candidates(int size, std::uint64_t seed, const std::function<bool(const PuzzleCandidate&)>& take,
                       const std::function<void(const std::string&)>& progress) {
  auto adapter = make_capgo_adapter();
  auto engine = make_capgo_engine();
  // The tree search alone, as when the shipped puzzles were made: a perfect winner would play
  // other games (and fewer tactics).
  (void)engine->set_option("PerfectPlay", "false");
  const std::string rules = "size=" + std::to_string(size) + ",target=1,pass=0";
  const std::string name = "solver-" + std::to_string(size) + "x" + std::to_string(size);
  SelfplayOptions opt;
  opt.rules = rules;
  opt.opening_plies = 3;
  opt.limits.nodes = 150;  // playouts: a weak, varied player, so the games hold tactics
  auto parsed = G::parse_rules(rules);
  if (!parsed) return;
  const std::string rules_text = G::rules_to_text(*parsed);
  Rng seeds(seed);
  for (int g = 0; g < 400; ++g) {
    auto played = selfplay_game(*adapter, *engine, opt, seeds.next());
    if (!played) return;
    if (progress) progress(name + " game " + std::to_string(g + 1) + ": " + std::to_string(played->first.size()) + " plies");
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

// Self-play on real-size boards: 9x9, target 1, short lines (at most 3 moves) from games whose
// first plies are random.
SelfplaySource nine_by_nine(int max_games) {
  SelfplaySource src;
  src.name = "selfplay-9x9";
  src.options.rules = "size=9,target=1";
  src.options.opening_plies = 4;
  src.options.limits.nodes = 300;
  src.max_moves = 3;
  src.max_games = max_games;
  return src;
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
      solver_candidates(5, s5 + static_cast<std::uint64_t>(round), batch, progress);
      if (!more) break;
      budget = 0;
      solver_candidates(6, s6 + static_cast<std::uint64_t>(round), batch, progress);
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
