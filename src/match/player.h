#pragma once
// The two sides of a match: a built-in engine ("builtin:level=7,nodes=20000") or an external
// program speaking UCI ("uci:<command line>"). The referee (match/runner.cpp) never trusts
// them: it only asks for a move.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "games/game_adapter.h"

namespace oyin::match {

struct PlayerSpec {
  std::string text;                          // as given, for the tables
  bool builtin = true;
  std::map<std::string, std::string> opts;   // builtin: level nodes depth movetime hash eval plain name
  std::string command;                       // uci: the command line
  std::string name;                          // display name
};

// builtin:[k=v,...]  keys: level (0..10), nodes, depth, movetime (ms), hash (MB),
//                    eval (the game's weights, '+'-separated: eval=tuz_base=600+tempo=10),
//                    plain (1 = plain fixed-depth alpha-beta), name
// uci:<command>      any UCI engine; UCI_Variant is set when the game needs it
Result<PlayerSpec> parse_player_spec(std::string_view text);

struct MoveBudget {  // per move, applies to both players unless their spec overrides it
  std::uint64_t nodes = 0;
  int depth = 0;
  int movetime_ms = 0;
};

class Player {
 public:
  virtual ~Player() = default;
  // The next move in protocol notation. `start` is the position the game began from and
  // `moves` the moves since, in protocol notation; clocks are 0 when there is no time control.
  virtual Result<std::string> think(const GameState& state, const std::string& start, const std::vector<std::string>& moves,
                                    const int clock_ms[2], const int inc_ms[2]) = 0;
};

Result<std::unique_ptr<Player>> make_player(const PlayerSpec& spec, const std::string& game, const MoveBudget& budget,
                                            std::uint64_t seed);

}  // namespace oyin::match
