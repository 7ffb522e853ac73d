#pragma once
// The one declaration of every game: its rules face (GameAdapter: name, title, sides, record
// format, positions, moves, records, perft), how tools speak to it (UCI with a UCI_Variant name,
// or GTP), which engine plays it and with which level table, its bench positions, and its tools
// (an exact solver with proofs, an analysis of its own: game_tools.h). Front ends (CLI, protocols, match runner, server) ask this and name no
// game themselves. Registration is explicit (register_builtin_games()); adding a game is one
// folder for its rules, one folder here (its declaration, adapter, puzzles) and one line in
// builtin_games.cpp.
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "book/book_engine.h"
#include "book/book_settings.h"
#include "core/training.h"
#include "games/game_adapter.h"
#include "registry/game_tools.h"
#include "registry/win_chance.h"
#include "search/engine.h"

namespace oyin {

enum class Protocol { Uci, Gtp };
enum class EngineKind { AlphaBeta, Mcts, Random };

// A bench position: searched to the bench depth minus `depth_cut` (alpha-beta), or for
// `playouts` playouts on one thread with a fixed seed (Monte-Carlo search).
struct BenchPosition {
  std::string position;  // empty = the start position
  std::string moves;     // then these moves, space-separated
  int depth_cut = 0;
  std::uint64_t playouts = 0;
  std::string rules;     // rules text; empty = the defaults
};
inline BenchPosition bench_to_depth(std::string position, std::string moves, int depth_cut = 0) {
  return {std::move(position), std::move(moves), depth_cut, 0, {}};
}
inline BenchPosition bench_playouts(std::string rules, std::string moves, std::uint64_t playouts) {
  return {{}, std::move(moves), 0, playouts, std::move(rules)};
}

// A time control offered for the game: `initial_s` on each clock, `increment_s` added after each
// move (Fischer).
struct ClockPreset {
  int initial_s = 0;
  int increment_s = 0;
};

struct PuzzleSupport;  // registry/puzzle_support.h

struct GameDeclaration {
  std::unique_ptr<GameAdapter> rules;
  std::string in_text;               // its name within a sentence when not its title ("capture Go")
  std::vector<std::string> aliases;  // other names accepted on the command line
  Protocol protocol = Protocol::Uci;
  std::string uci_variant;           // the UCI_Variant value (Protocol::Uci)
  // Protocol::Gtp: the GTP commands that put a game's start position (rules text, position
  // text) on an external engine's board: boardsize, clear_board, komi, then its stones as
  // `play` commands. The match runner sends them before the moves.
  std::function<Result<std::vector<std::string>>(std::string_view rules, std::string_view position)> gtp_setup;
  EngineKind engine_kind = EngineKind::Random;
  std::string engine_name;
  std::function<std::unique_ptr<Engine>()> make_engine;
  std::vector<LevelInfo> levels;     // kMinLevel..kMaxLevel (search/engine.h)
  // The beginner who anchors the level ladder (search/greedy_engine.h: takes every free capture,
  // else any move; `oyin match`'s `greedy` player); empty for a game without one.
  std::function<std::unique_ptr<Engine>()> make_greedy;
  // The opening book: from which level the player uses it, and the build's defaults
  // (`oyin book build`) in the game's score units.
  book::BookSettings book;
  std::vector<BenchPosition> bench;
  ExactSolver solver;                // `oyin solve` and `oyin verify-proof`; empty when it has none
  OwnAnalysis analysis;              // `oyin analyze` by a search of its own (empty: alpha-beta's)
  // A learned evaluation's trainer (`oyin train GAME`); empty when the game has none.
  std::function<Result<TrainReport>(const TrainOptions&, std::ostream& log)> train;
  std::vector<ClockPreset> clock_presets;  // the time controls a new game offers, shortest first
  // The computer's fixed rating at each level on the players' Glicko-2 scale (the measured ladder
  // anchored at the greedy beginner = kBeginnerRating; registry/level_ratings.h), empty for a
  // game with no measured ladder.
  std::vector<int> level_ratings;
  // How the game's puzzles are generated and proved (registry/puzzle_support.h); null: none.
  std::shared_ptr<const PuzzleSupport> puzzles;
  // The engine's score as a chance to win (registry/win_chance.h), for game reviews.
  WinChance win_chance;
};

// A registered game: the rules face plus the rest of its declaration.
class GameEntry final : public GameAdapter {
 public:
  explicit GameEntry(GameDeclaration d) : d_(std::move(d)) {
    for (LevelInfo& l : d_.levels) l.book = l.level >= d_.book.from_level;
  }

  std::string name() const override { return d_.rules->name(); }
  std::string title() const override { return d_.rules->title(); }
  std::string in_text() const { return d_.in_text.empty() ? title() : d_.in_text; }
  std::string side_name(Side s) const override { return d_.rules->side_name(s); }
  std::string record_format() const override { return d_.rules->record_format(); }
  Result<std::unique_ptr<GameState>> new_game(std::string_view rules, std::string_view position) const override {
    return d_.rules->new_game(rules, position);
  }
  nlohmann::json rule_options() const override;
  nlohmann::json board_description() const override;
  std::vector<std::string> end_codes() const override { return d_.rules->end_codes(); }
  Result<std::vector<GameRecord>> read_records(std::string_view text) const override {
    return d_.rules->read_records(text);
  }
  Result<std::uint64_t> perft(std::string_view rules, std::string_view position, const PerftOptions& opt,
                              const std::function<void(const std::string&, std::uint64_t)>& divide) const override {
    return d_.rules->perft(rules, position, opt, divide);
  }

  const std::vector<std::string>& aliases() const { return d_.aliases; }
  Protocol protocol() const { return d_.protocol; }
  const std::string& uci_variant() const { return d_.uci_variant; }
  Result<std::vector<std::string>> gtp_setup(std::string_view rules, std::string_view position) const {
    if (!d_.gtp_setup) return make_error(name() + " cannot be set up on a GTP engine");
    return d_.gtp_setup(rules, position);
  }
  EngineKind engine_kind() const { return d_.engine_kind; }
  const std::string& engine_name() const { return d_.engine_name; }
  // The game's engine behind its opening book (off until OwnBook is set: book/book_engine.h).
  std::unique_ptr<Engine> make_engine() const {
    return book::with_book(d_.make_engine ? d_.make_engine() : make_random_engine(), name(), d_.book);
  }
  // Null for a game without a beginner player.
  std::unique_ptr<Engine> make_greedy_engine() const { return d_.make_greedy ? d_.make_greedy() : nullptr; }
  const book::BookSettings& book_settings() const { return d_.book; }
  const std::vector<LevelInfo>& levels() const { return d_.levels; }
  const std::vector<BenchPosition>& bench() const { return d_.bench; }
  bool has_exact_solver() const { return static_cast<bool>(d_.solver.solve); }
  const ExactSolver& solver() const { return d_.solver; }
  bool has_proof_checker() const { return static_cast<bool>(d_.solver.verify_proof); }
  bool has_own_analysis() const { return static_cast<bool>(d_.analysis); }
  Status analyze(const AnalyzeRequest& r, std::ostream& out) const {
    if (!d_.analysis) return make_error(title() + " has no analysis of its own");
    return d_.analysis(r, out);
  }
  bool has_trainer() const { return static_cast<bool>(d_.train); }
  Result<TrainReport> train(const TrainOptions& o, std::ostream& log) const {
    if (!d_.train) return make_error(title() + " has no learned evaluation to train");
    return d_.train(o, log);
  }
  const std::vector<ClockPreset>& clock_presets() const { return d_.clock_presets; }
  const std::vector<int>& level_ratings() const { return d_.level_ratings; }
  const PuzzleSupport* puzzles() const { return d_.puzzles.get(); }
  const WinChance& win_chance() const { return d_.win_chance; }

 private:
  GameDeclaration d_;
};

void register_game(GameDeclaration declaration);
void register_builtin_games();  // idempotent
// By name, alias, title ("Togyz Kumalak") or compact title ("togyzkumalak"), any case.
const GameEntry* find_game(std::string_view name);
const GameEntry* find_uci_variant(std::string_view variant);
std::vector<const GameEntry*> all_games();
// The games that pass `keep`, in registration order, by `name_of` (name(), title(), in_text()),
// joined for a sentence: "a, b and c" (`last` = " and ") or "a or b" (" or ").
std::vector<const GameEntry*> games_where(const std::function<bool(const GameEntry&)>& keep);
std::string joined(const std::vector<const GameEntry*>& games, std::string (GameEntry::*name_of)() const,
                   std::string_view last, std::string_view sep = ", ");

}  // namespace oyin
