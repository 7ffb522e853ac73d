#pragma once
// What a game declares for puzzles (`oyin puzzles generate|verify`): the goal's name, how deep
// the generator looks, where candidate positions come from, the exact proof (search/forced_win.h
// instantiated on the game) and the themes read off a solution. The generic puzzle code
// (src/learn/) asks only this.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "search/engine.h"
#include "search/forced_win.h"

namespace oyin {

class GameAdapter;

struct PuzzleCandidate {
  std::string rules;     // --rules text
  std::string position;  // position text
  std::string source;    // where it came from ("selfplay", "solver-5x5", "pgn:file#game")
};

struct PuzzleSupport {
  // The game's own puzzles' goal: "mate", "capture" or "win" (the game's end); a further goal
  // (in `goals`) names what is won short of it: Togyz "stones", Tojmot "material".
  std::string goal;
  int max_moves = 1;  // deepest goal (attacker moves) generated; verify refuses deeper ones
  // Target share of each goal depth 1..max_moves in a generated file (sums to about 1).
  std::vector<double> depth_share;
  std::uint64_t generate_nodes = 0;  // node limit of one candidate's proof while generating
  std::uint64_t verify_nodes = 0;    // node limit of one puzzle's proof in verify
  // Candidate positions in an order fixed by the seed; `take` returns false when enough.
  using Candidates = std::function<void(std::uint64_t seed, const std::function<bool(const PuzzleCandidate&)>& take,
                                        const std::function<void(const std::string&)>& progress)>;
  Candidates candidates;
  // Further sources by name (`oyin puzzles generate --source NAME`); `candidates` is the default.
  std::map<std::string, Candidates> sources;
  // For a named source: the plies of the --records files it takes (every ply the filter accepts,
  // either side to move, whatever the game's result) instead of the last plies with the winner
  // to move.
  std::map<std::string, std::function<bool(const std::string& position)>> record_plies;
  std::function<Result<search::PuzzleLine>(const std::string& rules, const std::string& position, int max_moves,
                                           std::uint64_t node_limit)>
      find;
  std::function<Status(const std::string& rules, const std::string& position, int moves,
                       const std::vector<std::string>& solution, std::uint64_t node_limit, std::uint64_t* nodes)>
      verify;
  // The trainer's check of a solver move that is not the solution's (search::prove_move): how
  // many attacker moves it wins in (0: not within max_moves or over the node limit) and the
  // defence chosen against it.
  std::function<Result<search::MoveProof>(const std::string& rules, const std::string& position, const std::string& move,
                                          int max_moves, std::uint64_t node_limit)>
      prove_move;
  // The position up to the game's symmetries (capture Go: the board's 8; Togyz, Tojmot: the
  // colour flip), as a key: two positions that are one puzzle have the same key.
  std::function<std::string(const std::string& rules, const std::string& position)> symmetric_key;
  // The side to move's forcing moves, protocol notation (capture Go: captures and ataris; Togyz:
  // captures and tuzdyks; Tojmot: checks). A key that is the only one leaves no decision.
  std::function<std::vector<std::string>(const std::string& rules, const std::string& position)> forcing_moves;
  // Themes that say why a key that is the only forcing move still asks for a decision.
  std::vector<std::string> decision_themes;
  // Facts about a puzzle's start that the source rules of a shipped file count (issue 44;
  // `oyin puzzles stats`): Togyz "kazans-below-70", Tojmot "material-within-3", capture Go
  // "9x9", "target-2", "target-3", "table-6x6". A rule asks a least share of the file's puzzles
  // and/or a least count; both 0 only counts.
  struct Fact {
    std::string name;
    std::string meaning;  // one line, for `oyin puzzles stats`
    double least_share = 0;
    int least_count = 0;
    std::function<bool(const std::string& rules, const std::string& position, const std::string& source)> holds;
  };
  std::vector<Fact> facts;
  // For a goal short of the game's end: is it met at `now` (a position after the defender's
  // answer) for a puzzle that started at `start`? Null for the game's own goal (its end).
  std::function<bool(const std::string& rules, const std::string& start, const std::string& now)> reached;
  // Further goals of the game's puzzles by name (each a declaration of its own, with its own
  // proofs, depths and sources; `facts` are counted over a whole file with the game's own).
  std::map<std::string, std::shared_ptr<const PuzzleSupport>> goals;
  // Theme tags read off the solution (the goal depth tag, e.g. "mate-in-2", is added by the caller).
  std::function<std::vector<std::string>(const std::string& rules, const std::string& position,
                                         const std::vector<std::string>& solution)>
      themes;
};

// The puzzle declaration of a registered game (by its name), or null when it has none. Each
// game's pieces live next to its declaration (registry/<game>/puzzles.cpp); this table
// only joins them up, so a new game adds one line in puzzle_support.cpp.
const PuzzleSupport* find_puzzles(std::string_view game);
// The declaration of one of its goals ("" or the game's own goal: find_puzzles(game)), or null.
const PuzzleSupport* find_puzzles(std::string_view game, std::string_view goal);
// The goal names of a game's puzzles, its own first ("mate, material").
std::string puzzle_goal_names(const PuzzleSupport& s);

// A goal short of the game's end, made from a puzzle's start position (the attacker to move).
template <class G>
using GoalMaker = std::function<search::GoalTest<G>(const typename G::Position& start)>;

// find/verify/prove_move (and `reached` for a goal) for a game's traits, with its choice among
// equally long defences; without `goal` the puzzles' goal is the game's own end.
template <class G>
void set_puzzle_proofs(PuzzleSupport& s, search::DefenceRank<G> rank, GoalMaker<G> goal = {}) {
  auto goal_of = [goal](const typename G::Position& start) { return goal ? goal(start) : search::GoalTest<G>{}; };
  s.find = [rank, goal_of](const std::string& rules_text, const std::string& position, int max_moves,
                           std::uint64_t nodes) -> Result<search::PuzzleLine> {
    auto rules = G::parse_rules(rules_text);
    if (!rules) return make_error("rules: " + rules.error());
    auto pos = G::parse_position(position, *rules);
    if (!pos) return make_error("position: " + pos.error());
    return search::find_unique_win<G>(*pos, max_moves, nodes, rank, goal_of(*pos));
  };
  s.verify = [rank, goal_of](const std::string& rules_text, const std::string& position, int moves,
                             const std::vector<std::string>& solution, std::uint64_t node_limit,
                             std::uint64_t* nodes) -> Status {
    auto rules = G::parse_rules(rules_text);
    if (!rules) return make_error("rules: " + rules.error());
    auto pos = G::parse_position(position, *rules);
    if (!pos) return make_error("position: " + pos.error());
    return search::verify_unique_win<G>(*pos, moves, solution, node_limit, nodes, rank, goal_of(*pos));
  };
  s.prove_move = [rank, goal_of](const std::string& rules_text, const std::string& position, const std::string& move,
                                 int max_moves, std::uint64_t node_limit) -> Result<search::MoveProof> {
    auto rules = G::parse_rules(rules_text);
    if (!rules) return make_error("rules: " + rules.error());
    auto pos = G::parse_position(position, *rules);
    if (!pos) return make_error("position: " + pos.error());
    auto m = G::parse_move(*pos, move);
    if (!m) return make_error("move: " + m.error());
    return search::prove_move<G>(*pos, *m, max_moves, node_limit, rank, goal_of(*pos));
  };
  if (!goal) return;
  s.reached = [goal](const std::string& rules_text, const std::string& start, const std::string& now) {
    auto rules = G::parse_rules(rules_text);
    if (!rules) return false;
    auto from = G::parse_position(start, *rules);
    auto at = G::parse_position(now, *rules);
    return from && at && goal(*from)(*at);
  };
}

// A game played out by an engine against itself from `opening_plies` random moves (seeded):
// `each` receives the position text before every ply, the engine's result there, and finally
// the game's end (winner index or -1 for a draw / unfinished) through `end`.
struct SelfplayOptions {
  std::string rules;
  std::string start;  // the position the game starts from ("": the rules' own)
  int opening_plies = 4;
  int max_plies = 300;
  SearchLimits limits;
  std::string eval;  // the engine's EvalParams for these games ("": its defaults)
  // When set (>= 0): the level of a weaker player, who takes the side given by the seed; the
  // stronger side's mates and wins against it are the puzzles' material.
  int weaker_level = -1;
};
struct SelfplayPly {
  std::string position;
  Side to_move{};
  SearchResult result;
};
// Returns the plies and the winner (0/1, or -1 when drawn or cut off).
Result<std::pair<std::vector<SelfplayPly>, int>> selfplay_game(const GameAdapter& game, Engine& engine,
                                                               const SelfplayOptions& opt, std::uint64_t seed);

// Candidates from self-play: positions where the engine saw a forced win within max_moves for
// the side to move, and the last plies before a decided end with the winner to move. Games
// are played with seeds drawn from `seed` until `take` returns false or max_games are played.
struct SelfplaySource {
  std::string name;  // the candidates' source field
  SelfplayOptions options;
  int max_moves = 1;
  int max_games = 1000;
  std::function<bool(const std::string& position)> accept;  // optional filter
  // When set: the plies it picks are the candidates, instead of the engine's forced wins and the
  // winner's last plies (a goal short of the game's end: Tojmot "material").
  std::function<bool(const SelfplayPly& ply)> pick;
  // When > 0: candidates name their stretch of this many plies too ("material#3@2": game 3, plies
  // 2*stretch_plies to 3*stretch_plies - 1). The generator takes one puzzle of each depth per
  // source name, so a long game gives one per stretch instead of one in all.
  int stretch_plies = 0;
};
void selfplay_candidates(const GameAdapter& game, Engine& engine, const SelfplaySource& source, std::uint64_t seed,
                         const std::function<bool(const PuzzleCandidate&)>& take,
                         const std::function<void(const std::string&)>& progress);

}  // namespace oyin
