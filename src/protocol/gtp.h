#pragma once
// GTP v2 engine for capture Go (Go Text Protocol, version 2): the standard commands, the GNU Go
// extensions is_legal / all_legal / captures / loadsgf / printsgf, the GoGui "rules" commands
// (so GoGui can act as a board for our rules) and oyin-set_rules. One request line in, one
// response out: "=[id] result" or "?[id] message", then an empty line.
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/random.h"
#include "core/result.h"
#include "games/capgo/game.h"
#include "search/capgo/mcts_engine.h"

namespace oyin::protocol {

struct GtpOptions {
  std::string rules;          // capture Go rules text, e.g. "size=9,target=1"
  std::uint64_t seed = 1;     // random mover
  std::string version = "0.1.0";
  int level = -1;              // -1: the random mover; kMinLevel..kMaxLevel: oyin's MCTS (search/capgo/mcts_engine.h)
  std::uint64_t playouts = 0;  // MCTS playouts per move, 0 = the level's budget
  int threads = 1;
};

class GtpEngine {
 public:
  // Fails when the rules text is bad.
  static Result<GtpEngine> create(const GtpOptions& options);

  // The full response to one input line (with its final empty line), or "" for a line that is
  // empty or only a comment.
  std::string handle_line(std::string_view line);
  bool quit_requested() const { return quit_; }
  // Reads commands until quit or end of input, flushing after every response.
  void run(std::istream& in, std::ostream& out);

  const capgo::Position& position() const { return pos_; }

 private:
  friend struct GtpCommands;  // the command table (gtp_commands.cpp)

  GtpEngine(const GtpOptions& options, capgo::Rules rules);
  // Runs a command from the table; returns false (and sets `out` to the message) on failure.
  bool dispatch(const std::string& cmd, const std::vector<std::string>& args, std::string& out);

  Status set_rules(const capgo::Rules& rules);
  void clear_board();
  void play_move(capgo::Move m);
  std::string board_rows() const;
  std::string sgf_text() const;

  GtpOptions options_;
  capgo::Rules rules_;
  capgo::Position start_;
  capgo::Position pos_;
  std::vector<capgo::Move> moves_;
  std::vector<capgo::Undo> undos_;
  std::vector<std::string> move_texts_;
  Rng rng_;
  std::unique_ptr<CapgoMcts> mcts_;  // genmove's search, made on first use
  double komi_ = 0;
  bool quit_ = false;
};

}  // namespace oyin::protocol
