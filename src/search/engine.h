#pragma once
// The type-erased computer player used by the CLI, the server and the match runner.
// The real searches are templates over GameTraits (alpha-beta for togyz/tojmot, MCTS for capgo);
// make_engine() wraps the right one for a game name. Until a game has a search, the engine is
// a random legal mover and says so in name().
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/game_adapter.h"

namespace oyin {

struct SearchLimits {
  int level = 10;              // 0 ("child", near random) .. 10 (full strength)
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
  int time_ms = 0;
  std::vector<std::string> pv;  // protocol notation
};

struct SearchResult {
  std::string best_move;        // protocol notation; empty when there is no legal move
  std::string ponder;
  SearchInfo info;
};

class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::string name() const = 0;
  virtual void new_game() {}
  // Engine settings: "Hash" (MB), "EvalParams" (the game's "name=value,..." weights).
  virtual Status set_option(std::string_view name, std::string_view value) {
    (void)value;
    return make_error("unknown engine option '" + std::string(name) + "'");
  }
  // Thinks on the current position of `state`. `on_info` (may be empty) receives progress;
  // `stop` (may be null) ends the search early with the best move so far.
  virtual SearchResult search(const GameState& state, const SearchLimits& limits,
                              const std::function<void(const SearchInfo&)>& on_info,
                              const std::atomic<bool>* stop) = 0;
};

std::unique_ptr<Engine> make_engine(std::string_view game);
std::string engine_name(std::string_view game);  // make_engine(game)->name(), without building it

}  // namespace oyin
