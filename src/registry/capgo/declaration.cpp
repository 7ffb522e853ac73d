// Capture Go: the rules module games/capgo, GTP, its AI in search/capgo (the Monte-Carlo tree
// search, the exact solver with its proofs: solve.cpp, and its own analysis: analyze.cpp).
#include "games/capgo/game.h"
#include "registry/puzzle_support.h"
#include "registry/registry.h"
#include "search/capgo/mcts_engine.h"
#include "search/greedy_engine.h"

namespace oyin {

std::unique_ptr<GameAdapter> make_capgo_adapter();
std::shared_ptr<const PuzzleSupport> capgo_puzzles();  // puzzles.cpp
Result<int> solve_capgo(const SolveRequest& request, std::ostream& out);               // solve.cpp
Result<int> verify_capgo_proof(const std::string& file, bool progress, std::ostream& out);  // solve.cpp
Status analyze_capgo(const AnalyzeRequest& request, std::ostream& out);                // analyze.cpp

namespace {

// An external GTP engine (GNU Go) knows ordinary Go: it gets the board size, no komi (the
// capture target decides, not territory) and the start position's stones, played one by one.
// Played in any order they capture nothing: every chain of a legal position keeps a liberty.
Result<std::vector<std::string>> gtp_setup(std::string_view rules_text, std::string_view position) {
  auto rules = capgo::CaptureGo::parse_rules(rules_text);
  if (!rules) return make_error(rules.error());
  auto start = position.empty() ? capgo::make_start(*rules) : capgo::parse_position(position, *rules);
  if (!start) return make_error(start.error());
  const capgo::Position& p = *start;
  std::vector<std::string> out = {"boardsize " + std::to_string(p.size), "clear_board", "komi 0"};
  for (int y = 0; y < p.size; ++y)
    for (int x = 0; x < p.size; ++x) {
      const int c = p.color[p.index(x, y)];
      if (c == capgo::kBlack || c == capgo::kWhite)
        out.push_back(std::string("play ") + (c == capgo::kBlack ? "B " : "W ") + capgo::point_text(x, y));
    }
  return out;
}

}  // namespace

GameDeclaration declare_capgo() {
  GameDeclaration d;
  d.rules = make_capgo_adapter();
  d.in_text = "capture Go";
  d.protocol = Protocol::Gtp;
  d.gtp_setup = gtp_setup;
  d.engine_kind = EngineKind::Mcts;
  d.engine_name = capgo_engine_name();
  d.make_engine = [] { return make_capgo_engine(); };
  // The beginner: the stone that captures most, else any stone; it passes only when it must.
  d.make_greedy = [] {
    return search::make_greedy_engine<capgo::CaptureGo>({
        .gain = [](const capgo::Position& p, capgo::Move m) {
          capgo::Position q = p;
          capgo::Undo u;
          return capgo::play(q, m, u);
        },
        .taken_back = {},
        .last_resort = [](capgo::Move m) { return m == capgo::kPass || m == capgo::kResign; },
    });
  };
  d.levels = mcts_levels();
  d.solver = {
      .solve = solve_capgo,
      .verify_proof = verify_capgo_proof,
      .solve_help = "Solve a capture Go position exactly (who wins with perfect play)",
      .verify_help = "Check a capture Go proof certificate (from oyin solve --proof) with the rules alone",
      .default_rules = "size=4,target=1,pass=0",
      .rules_help = "Rules as key=value: size=N,target=T,pass=0|1[,setup=BC4+WD4...]",
      .method_help = "auto (proof-number search where every capture ends the game: target 1, pass=0; else "
                     "alpha-beta), alphabeta or pn",
  };
  d.analysis = analyze_capgo;
  // The empty 9x9 board and a fight on 9x9 with target 5, one thread and a fixed seed, so
  // a change to the tree search or the playouts shows in the bench signature.
  // Book: the Monte-Carlo score is (2 x win rate - 1) x 1000: below -500 the mover wins under
  // a quarter of the playouts (a clear loss); moves within 3 points of win rate vary. It passed
  // its SPRT against no book at a short time control, so the computer players use it (`played`).
  d.book = {.from_level = 5, .margin = 60, .drop_below = -500, .check_depth = 10, .played = true};
  d.bench = {
      bench_playouts("size=9,target=1", "", 3000),
      bench_playouts("size=9,target=5", "E5 E4 D4 D5 F5 C5 D3 F4 G4 E3", 3000),
  };
  // Capture games on the teaching boards are short; bigger boards want the increment.
  d.clock_presets = {{60, 1}, {180, 2}, {300, 5}, {600, 10}};
  // Fixed level ratings, docs/engines.md "Levels" (size=9,target=1): the greedy beginner at
  // kBeginnerRating (800); level 0 lost to it 16-84 (-288), level 1 beat it 82-18 (+263); levels
  // 2 to 10 chained from level 1 by the 200-game steps measured before (level 10: 100 games),
  // levels 5 and 7 by 400 fresh games each (their 200-game steps were within the margin).
  d.level_ratings = {512, 1063, 1983, 2072, 2150, 2188, 2264, 2320, 2451, 2505, 2579};
  d.puzzles = capgo_puzzles();
  d.win_chance = {.score_is_win_rate = true};  // the Monte-Carlo search scores by its win rate
  return d;
}

}  // namespace oyin
