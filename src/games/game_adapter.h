#pragma once
// The type-erased face of a game, used only at the CLI / server / match-runner boundary.
// Hot paths (search, perft) use the templated traits directly.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/outcome.h"
#include "core/random.h"
#include "core/record.h"
#include "core/result.h"

namespace oyin {

// One game in progress: rules, position, history. Moves go in as text in any accepted notation.
class GameState {
 public:
  virtual ~GameState() = default;
  virtual std::string game() const = 0;
  virtual std::string rules_text() const = 0;
  virtual std::string position_text() const = 0;
  virtual std::string start_position_text() const = 0;
  virtual Side side_to_move() const = 0;
  virtual std::uint64_t hash() const = 0;
  // The position as a position: equal for two states that are the same game situation however
  // they came about, whatever their move counters (and, where the board has symmetries that the
  // rules respect, whichever way round). Not a position text: it need not parse.
  virtual std::string identity() const = 0;
  virtual std::vector<std::string> legal_moves() const = 0;  // protocol notation
  // The same moves as data for a board to act on: {"move": text, ...} with the game's fields
  // (Togyz "pit"; Tojmot "from", "to", "promotion"; capture Go "point" or "pass").
  virtual nlohmann::json legal_move_data() const = 0;
  // The position as data: what a front end draws, with no notation to parse (Togyz pits,
  // kazans, tuzdyks; Tojmot pieces on cells; capture Go stones, captures, targets), and "last"
  // describing the move that led to it.
  virtual nlohmann::json board() const = 0;
  // board() of the positions after `from`..`to` plies (inclusive, clamped to the game), replayed
  // once from the start.
  virtual std::vector<nlohmann::json> boards(std::size_t from, std::size_t to) const = 0;
  // The rules as values ({"size": 9, "target_b": 1, ...}).
  virtual nlohmann::json rules_values() const = 0;
  // Plays a move; returns it in record notation (e.g. "36x", "4L4xL14", "D4").
  virtual Result<std::string> play(std::string_view move) = 0;
  virtual bool undo() = 0;
  virtual std::size_t ply() const = 0;
  virtual std::vector<std::string> history() const = 0;  // record notation, one per ply
  virtual GameStatus status() const = 0;
  virtual std::string render(bool color) const = 0;      // a terminal drawing of the board
  virtual std::string write_record(const GameRecord& meta) const = 0;  // moves+result filled in
  virtual std::unique_ptr<GameState> clone() const = 0;
  // Why a record's own result text disagrees with this game's end (e.g. SGF "B+C" when no
  // target was reached); "" when it agrees or the game has nothing to add to the 1-0/0-1 check.
  virtual std::string check_recorded_result(const GameRecord&) const { return {}; }
  // Whether side `s` could still win this game by some sequence of legal moves (the rules of
  // each game say when it cannot: a flag that falls then gives a draw, not a loss).
  virtual bool can_still_win(Side) const { return true; }
  // Why `move` may not be played here, as a short code a front end translates ("occupied",
  // "suicide", "superko", "pass_forbidden", ...); "" when the game gives no code (play() still
  // says why in words).
  virtual std::string illegal_code(std::string_view) const { return {}; }
  // A rule value the rules accept but that no game of these rules can reach (a capture target
  // over the points of the board), for a new game to refuse: {"option", "max", "message"};
  // null when the rules are fine to play.
  virtual nlohmann::json rules_problem() const = 0;
  // Uniform among the legal moves, except that "pass" (capture Go) is chosen only when it is the
  // only move: a random passer would end games at random.
  std::string random_move(Rng& rng) const {
    auto moves = legal_moves();
    if (moves.size() > 1) std::erase(moves, std::string("pass"));
    return moves.empty() ? std::string() : moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
  }
};

struct PerftOptions {
  int depth = 1;
  int threads = 1;
  bool divide = false;
  const std::atomic<bool>* stop = nullptr;  // when set during the count: the error "perft stopped"
};

class GameAdapter {
 public:
  virtual ~GameAdapter() = default;
  virtual std::string name() const = 0;                      // "togyz"
  virtual std::string title() const = 0;                     // "Togyz Kumalak"
  virtual std::string side_name(Side s) const = 0;           // "white" / "black"
  virtual std::string record_format() const = 0;             // "pgn" or "sgf"
  // The rule options a new game may set: [{"name", "type": "bool"|"int"|"setup", "default",
  // "min", "max", ...}] — everything the --rules text accepts.
  virtual nlohmann::json rule_options() const = 0;
  // What a front end needs to draw the board that board() does not repeat every time (Tojmot's
  // cells, zones and promotion cells; capture Go's sizes; Togyz's pits).
  virtual nlohmann::json board_description() const = 0;
  // Every GameStatus code its rules can end a game with (core/outcome.h).
  virtual std::vector<std::string> end_codes() const = 0;
  // Empty position text means the start position of these rules.
  virtual Result<std::unique_ptr<GameState>> new_game(std::string_view rules,
                                                      std::string_view position) const = 0;
  virtual Result<std::vector<GameRecord>> read_records(std::string_view text) const = 0;
  // Perft with the game's fast paths. `divide` (if set) receives one line per root move.
  virtual Result<std::uint64_t> perft(std::string_view rules, std::string_view position,
                                      const PerftOptions& opt,
                                      const std::function<void(const std::string&, std::uint64_t)>& divide) const = 0;
};

}  // namespace oyin
