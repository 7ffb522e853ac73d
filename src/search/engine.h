#pragma once
// The type-erased computer player used by the CLI, the server and the match runner.
// The real searches are templates over GameTraits (alpha-beta, or Monte-Carlo tree search for
// capture Go); a game's registry entry (registry/registry.h) says which one it plays with.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/game_adapter.h"

namespace oyin {

// The playing levels, one range for every engine and front end (the web reads it from /api/meta):
// kMinLevel ("child", near random) .. kMaxLevel (full strength); a level table has kLevelCount rows.
inline constexpr int kMinLevel = 0;
inline constexpr int kMaxLevel = 10;
inline constexpr int kLevelCount = kMaxLevel - kMinLevel + 1;

struct SearchLimits {
  int level = kMaxLevel;       // kMinLevel ("child", near random) .. kMaxLevel (full strength)
  int depth = 0;               // 0 = no depth limit
  std::uint64_t nodes = 0;     // 0 = no node limit
  int movetime_ms = 0;         // 0 = no fixed time per move
  int time_left_ms[2] = {0, 0};  // clock of each side (0 = none), with increments
  int increment_ms[2] = {0, 0};
  int multipv = 1;
  int threads = 1;
  std::uint64_t seed = 0;      // randomness for low levels; same seed, same move
  bool infinite = false;       // think until stopped (UCI "go infinite"); no default time
};

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;
  int score_cp = 0;            // from the side to move's view, in centi-units of the game
  bool is_mate = false;        // a proven win/loss: mate_in moves as UCI counts them (sign = who wins)
  int mate_in = 0;
  std::uint64_t nodes = 0;
  // What `oyin bench` adds up, a count that moves whenever the search's behaviour does: 0 means
  // `nodes` (alpha-beta); the Monte-Carlo search gives tree nodes plus stones played in playouts,
  // since its playout count is fixed by the bench.
  std::uint64_t bench_count = 0;
  int time_ms = 0;
  std::vector<std::string> pv;  // protocol notation
};

// One row of an engine kind's level table, as front ends show it (the table itself is the
// engine's: search/levels.h, search/mcts_engine.cpp).
struct LevelInfo {
  int level = 0;
  int think_ms = 0;     // time limit of a move at this level when the caller sets none
  std::string summary;  // what the level does, in a few words
  bool book = false;    // the level plays from the opening book when one is on (the registry sets it)
};

struct SearchResult {
  std::string best_move;        // protocol notation; empty when there is no legal move
  std::string ponder;
  SearchInfo info;
  bool book = false;            // the move came from an opening book, not a search
};

class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::string name() const = 0;
  virtual void new_game() {}
  // Engine settings: "Hash" (MB), "EvalParams" (the game's "name=value,..." weights), and for
  // a game with a learned evaluation "EvalFile" (weights file) and "UseNNUE" (true/false).
  virtual Status set_option(std::string_view name, std::string_view value) {
    (void)value;
    return make_error("unknown engine option '" + std::string(name) + "'");
  }
  // An option's default as a UCI "option" line shows it, when this engine has its own
  // (Togyz's EvalFile <builtin>, UseNNUE true); nullopt: the protocol's generic default.
  virtual std::optional<std::string> option_default(std::string_view name) const {
    (void)name;
    return std::nullopt;
  }
  // Thinks on the current position of `state`. `on_info` (may be empty) receives progress;
  // `stop` (may be null) ends the search early with the best move so far.
  virtual SearchResult search(const GameState& state, const SearchLimits& limits,
                              const std::function<void(const SearchInfo&)>& on_info,
                              const std::atomic<bool>* stop) = 0;
};

// Plays with the learned evaluation of weights file `file` (EvalFile, then UseNNUE on); "<empty>"
// drops the net, back to the hand-made evaluation.
inline Status use_eval_file(Engine& engine, std::string_view file) {
  if (auto r = engine.set_option("EvalFile", file); !r) return r;
  if (file == "<empty>") return Ok{};
  return engine.set_option("UseNNUE", "true");
}

// A random legal mover, for games without a search of their own (its name says so).
std::unique_ptr<Engine> make_random_engine();

}  // namespace oyin
