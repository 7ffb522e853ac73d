#pragma once
// The opening explorer: for a position (found by its key, so every move order that reaches it
// counts), the moves the base's games played from it, with their counts, results and average
// ratings, and the engine's evaluation of each after a short fixed search.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "registry/registry.h"
#include "search/engine.h"
#include "storage/knowledge_store.h"

namespace oyin::knowledge {

constexpr int kMaxEvalDepth = 12;

struct ExplorerQuery {
  std::string rules;     // empty = the game's defaults
  std::string position;  // empty = the start position of the rules
  std::string moves;     // played from `position`, space-separated
  std::string source;    // empty = every source
  int eval_depth = 0;    // 0 = no evaluation
};

// An engine's view of a move: the score is from the side to move in the explored position.
struct MoveEval {
  int depth = 0;
  int score_cp = 0;
  bool is_mate = false;
  int mate_in = 0;  // as UCI counts it: > 0 the mover wins
};

struct ExplorerLine {
  std::string move;  // record notation
  storage::ExplorerCounts counts;
  std::optional<MoveEval> eval;
};

struct ExplorerAnswer {
  std::string game, rules, position;
  std::uint64_t key = 0;
  Side to_move = Side::First;
  std::string sides[2];  // the game's names of the first and second side
  storage::ExplorerCounts total;
  std::vector<ExplorerLine> moves;
  bool over = false;  // the position ends the game
};

// The position the query names: Error for bad rules, position or moves (the rules' words).
Result<std::unique_ptr<GameState>> query_position(const GameEntry& game, const ExplorerQuery& q);

// `engine` may be null when q.eval_depth is 0.
Result<ExplorerAnswer> explore(storage::KnowledgeStore& store, const GameEntry& game, const ExplorerQuery& q,
                               Engine* engine);

// The evaluation of each move of `state` named in `moves` (record or protocol notation).
std::vector<std::optional<MoveEval>> evaluate_moves(const GameEntry& game, const GameState& state,
                                                    const std::vector<std::string>& moves, int depth, Engine& engine);

nlohmann::json explorer_json(const ExplorerAnswer& a);
// A rating average over the known ratings, rounded; 0 when none is known.
int average_rating(const storage::ExplorerCounts& c);

}  // namespace oyin::knowledge
