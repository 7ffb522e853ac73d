#pragma once
// The two sides of a match, in one syntax for every game:
//   builtin[:k=v,...]  the game's own engine (the registry's make_engine()); keys: level (kMinLevel..kMaxLevel),
//                      nodes, playouts (the same limit; for the Monte-Carlo engine both count
//                      playouts), threads, movetime (ms), depth, hash (MB), eval (the game's
//                      weights, '+'-separated: eval=tuz_base=600+tempo=10), evalfile (a learned
//                      evaluation's weights file, used instead of the hand-made one; <empty>:
//                      none), nnue (0 = the hand-made evaluation, 1 = the net), plain (1 = plain
//                      fixed-depth alpha-beta), book (an opening book file, or "default" for
//                      the game's shipped one, played from at the levels that use one), name
//   greedy[:name=S]    the beginner of the level ladder (search/greedy_engine.h): every free capture,
//                      else a random move; no search, so no limits
//   uci:<command>      any UCI engine; UCI_Variant is set when the game has one
//   gtp:<command>      any GTP engine (told the start position and every move as `play`)
//   gnugo[:level=N]    GNU Go over GTP: gtp:/usr/games/gnugo --mode gtp --level N --chinese-rules
// The referee (match/runner.cpp) never trusts them: it only asks for a move.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "registry/registry.h"
#include "match/subprocess.h"

namespace oyin::match {

enum class PlayerKind { Builtin, Uci, Gtp };

struct PlayerSpec {
  std::string text;                          // as given, for the tables
  PlayerKind kind = PlayerKind::Builtin;
  std::map<std::string, std::string> opts;   // builtin: the keys above
  std::string command;                       // uci / gtp: the command line
  std::string name;                          // display name
  bool external() const { return kind != PlayerKind::Builtin; }
};

Result<PlayerSpec> parse_player_spec(std::string_view text);

inline constexpr const char* kGnuGoCommand = "/usr/games/gnugo --mode gtp --chinese-rules --level ";

struct MoveBudget {  // per move, applies to both players unless a builtin spec overrides it
  std::uint64_t nodes = 0;
  int depth = 0;
  int movetime_ms = 0;
};

// What the referee tells a player when it must move.
struct Turn {
  const GameState& now;                      // the position, with its history
  const std::vector<std::string>& moves;     // every move since the game's start, protocol notation
  int clock_ms[2] = {0, 0};                  // by side; 0 when there is no time control
  int inc_ms[2] = {0, 0};
};

class Player {
 public:
  virtual ~Player() = default;
  // Before each game's first turn: the position the game starts from, and the seed of the
  // game (a builtin engine's randomness, so that a game does not depend on the ones before).
  virtual Status new_game(const GameState& start, std::uint64_t seed) = 0;
  // The next move in protocol notation ("resign" from a GTP engine). An error loses the game;
  // its text says why ("no answer to 'genmove b' within 2.0 s").
  virtual Result<std::string> think(const Turn& turn) = 0;
};

// `timeout_ms`: the longest an external engine may take to answer any command, beyond the
// thinking time its limits give it (--movetime, or its clock under --tc).
struct PlayerContext {
  const GameEntry* game = nullptr;
  std::string rules;
  MoveBudget budget;
  bool clock = false;      // a time control is on
  int base_ms = 0;         // per game (GTP time_settings)
  int timeout_ms = 30000;
};

// Starts the player (an external engine: the process and its handshake, under the timeout).
// A player serves game after game; the runner drops one that failed and starts another.
Result<std::unique_ptr<Player>> make_player(const PlayerSpec& spec, const PlayerContext& ctx);

}  // namespace oyin::match
