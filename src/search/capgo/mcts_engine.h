#pragma once
// The capture Go player: Monte-Carlo tree search (PUCT with priors from cheap tactics, full or
// light playouts, MCTS-Solver proofs, tree reuse, several threads) and its Engine wrapper.
//
// Determinism: with one thread, a playout limit and a seed, the same position gives the same
// move every time (time limits and threads make it depend on the clock).
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "games/capgo/board.h"
#include "search/capgo/playout.h"
#include "search/engine.h"

namespace oyin {

// Proof state of a move, from the view of the player making it.
enum class Proof : std::int8_t { Unknown = -1, Loss = 0, Draw = 1, Win = 2 };

struct CapgoMoveStat {
  capgo::Move move;
  std::string text;
  std::uint64_t visits = 0;
  double winrate = 0.5;  // for the player making the move
  double prior = 0;
  Proof proof = Proof::Unknown;
  std::vector<std::string> pv;  // starts with the move itself
};

struct CapgoAnalysis {
  std::uint64_t playouts = 0;  // iterations of the search so far (this move)
  std::uint64_t tree_nodes = 0;
  std::uint64_t playout_stones = 0;  // stones placed in the playouts of this search
  int time_ms = 0;
  double winrate = 0.5;        // for the side to move at the root
  Proof proof = Proof::Unknown;  // root proof for the side to move
  std::vector<CapgoMoveStat> moves;  // most visited first
};

struct CapgoSearchOptions {
  std::uint64_t playouts = 10000;  // 0 = no limit (then time_ms must be set)
  int time_ms = 0;                 // 0 = no time limit
  int threads = 1;
  std::uint64_t seed = 0;
  capgo::Policy policy = capgo::Policy::Full;
  double cpuct = 1.1;
  double contempt = 0.1;           // a draw counts 0.5 - contempt for the side searched for
  bool reuse_tree = true;
  std::size_t max_nodes = 4'000'000;  // tree size cap (about 24 bytes a node)
  int report_ms = 0;                  // 0 = no periodic reports
  std::function<void(const CapgoAnalysis&)> on_report;
  const std::atomic<bool>* stop = nullptr;
};

class CapgoMcts {
 public:
  CapgoMcts();
  ~CapgoMcts();
  CapgoMcts(const CapgoMcts&) = delete;
  CapgoMcts& operator=(const CapgoMcts&) = delete;

  // Searches `pos` (game not over) and returns the chosen move; `out` (optional) gets the final
  // statistics. Reuses the previous tree when `pos` follows the last searched position.
  capgo::Move search(const capgo::Position& pos, const CapgoSearchOptions& opt, CapgoAnalysis* out = nullptr);
  void clear();  // forget the tree
  std::uint64_t reused_visits() const;  // visits kept from the previous search (tests)

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The winning move if the side to move can win at once (a capture that reaches its target, or
// a pass into a won count after the opponent passed), exactly by the rules; -1 when none.
int capgo_immediate_win(const capgo::Position& pos);

// Level kMinLevel ("child": random legal moves) .. kMaxLevel (full strength): what each level searches.
struct CapgoLevel {
  int mode;                  // 0 random, 1 playout policy only, 2 tree search
  std::uint64_t playouts;    // for mode 2
  double temperature;        // > 0: pick among root moves with probability ~ visits^(1/T)
  int think_ms;              // the time a move gets on the server at this level
};
CapgoLevel capgo_level(int level);
std::vector<LevelInfo> mcts_levels();  // the same table for front ends

// One move of the computer player on a typed position: level, clock and playout limits as in
// SearchLimits; `on_info` gets progress every half second. With `perfect_play`, levels 5..10
// play a proved win first where the position is proved (search/capgo/perfect_play.h). The
// Engine below wraps this.
SearchResult capgo_search(CapgoMcts& mcts, const capgo::Position& pos, const SearchLimits& limits,
                          const std::function<void(const SearchInfo&)>& on_info, const std::atomic<bool>* stop,
                          bool perfect_play = true);
// The capture Go computer player (the registry entry of capture Go makes it). Its option
// "PerfectPlay" (true by default; false: the tree search alone, as before perfect play).
std::unique_ptr<Engine> make_capgo_engine();
std::string capgo_engine_name();

}  // namespace oyin
