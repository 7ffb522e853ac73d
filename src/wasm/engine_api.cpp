// The browser's engine: the rules and the computer players of the registry behind a narrow C ABI,
// compiled to WebAssembly by `make web` (cmake/wasm.cmake; docs/wasm.md). The web's worker
// (web/src/engine/) calls it with strings and reads strings back. A returned text lives in a
// buffer of the module until the next call. Errors: a null game handle, an empty move, a
// negative perft count; oyin_error() says why.
#include <charconv>
#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "registry/builtin_games.h"
#include "registry/computer_move.h"
#include "registry/registry.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define OYIN_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
#else
#define OYIN_EXPORT extern "C"
#endif

namespace {

using oyin::GameEntry;
using oyin::GameState;

struct Game {
  const GameEntry* entry = nullptr;
  std::unique_ptr<GameState> state;
};

std::string g_text;   // the last text handed out
std::string g_error;  // why the last call failed
std::map<int, Game> g_games;
int g_next_handle = 1;
// One computer player per game, made on its first move and kept (its table, its tree), as the
// server's engine pool keeps its engines.
std::map<std::string, std::unique_ptr<oyin::Engine>> g_engines;

const char* hand_out(std::string s) {
  g_text = std::move(s);
  return g_text.c_str();
}

// The games of this module: one game's declaration when it is built for that game alone
// (OYIN_WASM_GAME, cmake/wasm.cmake), else every built-in game.
void register_games() {
#ifdef OYIN_WASM_GAME
  static const bool once = (oyin::register_game(oyin::OYIN_WASM_GAME()), true);
  (void)once;
#else
  oyin::register_builtin_games();
#endif
}

const GameEntry* game_named(const char* name) {
  register_games();
  const GameEntry* g = oyin::find_game(name ? name : "");
  if (!g) g_error = "unknown game '" + std::string(name ? name : "") + "'";
  return g;
}

Game* game_of(int handle) {
  auto it = g_games.find(handle);
  if (it == g_games.end()) {
    g_error = "no game " + std::to_string(handle);
    return nullptr;
  }
  return &it->second;
}

oyin::Engine& engine_for(const GameEntry& g) {
  auto& e = g_engines[g.name()];
  if (!e) e = oyin::make_computer_engine(g);
  return *e;
}

// A seed does not fit a JavaScript number: it comes as decimal text ("" or bad text: 0).
std::uint64_t seed_of(const char* text) {
  const std::string_view s = text ? text : "";
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && end == s.data() + s.size() ? v : 0;
}

}  // namespace

OYIN_EXPORT const char* oyin_error() { return g_error.c_str(); }

// The games this module plays, as a JSON array of their names.
OYIN_EXPORT const char* oyin_games() {
  register_games();
  nlohmann::json names = nlohmann::json::array();
  for (const GameEntry* g : oyin::all_games()) names.push_back(g->name());
  return hand_out(names.dump());
}

// A game from the registry's rules text and position text (empty: the defaults, the start);
// its handle, or 0.
OYIN_EXPORT int oyin_new_game(const char* game, const char* rules, const char* position) {
  const GameEntry* g = game_named(game);
  if (!g) return 0;
  auto st = g->new_game(rules ? rules : "", position ? position : "");
  if (!st) {
    g_error = st.error();
    return 0;
  }
  const int h = g_next_handle++;
  g_games[h] = Game{g, std::move(*st)};
  return h;
}

OYIN_EXPORT void oyin_free_game(int handle) { g_games.erase(handle); }

// The game's state as JSON: position, side to move, legal moves, whether it is over and how; with
// what the game page draws as the server's state gives it (the board, the legal moves as data,
// the rules as text and values, the moves as recorded, the end's code and numbers), so a game
// played in the page is drawn by the same components as a game on the server.
OYIN_EXPORT const char* oyin_state(int handle) {
  Game* game = game_of(handle);
  if (!game) return hand_out("");
  const GameState& st = *game->state;
  const oyin::GameStatus s = st.status();
  nlohmann::json j = {{"position", st.position_text()},
                      {"to_move", game->entry->side_name(st.side_to_move())},
                      {"ply", st.ply()},
                      {"legal", st.legal_moves()},
                      {"over", s.over()},
                      {"reason", s.reason},
                      {"result", oyin::result_text(s)},
                      {"code", std::string(s.code)},
                      {"args", {s.args[0], s.args[1]}},
                      {"board", st.board()},
                      {"legal_data", s.over() ? nlohmann::json::array() : st.legal_move_data()},
                      {"rules", st.rules_text()},
                      {"rules_values", st.rules_values()},
                      {"start_position", st.start_position_text()},
                      {"history", st.history()}};
  if (s.over()) j["winner"] = s.outcome == oyin::Outcome::Draw ? "" : game->entry->side_name(s.winner);
  return hand_out(j.dump());
}

// Plays `move` (protocol notation); the move as the game records it, or "" when it is illegal.
OYIN_EXPORT const char* oyin_play(int handle, const char* move) {
  Game* game = game_of(handle);
  if (!game) return hand_out("");
  auto r = game->state->play(move ? move : "");
  if (!r) {
    g_error = r.error();
    return hand_out("");
  }
  return hand_out(*r);
}

// Forgets what the game's computer player kept from earlier moves (a new game starts; a test
// wants the move of a fresh engine, as `oyin move` makes it).
OYIN_EXPORT void oyin_engine_new_game(const char* game) {
  if (const GameEntry* g = game_named(game)) engine_for(*g).new_game();
}

// The computer player's move at `level` with `seed` (decimal text, 64 bits), after `nodes` nodes
// (playouts for Monte-Carlo search) or, when 0, the level's think time: JSON with the move, the
// nodes searched, the time, whether it came from the opening book, the line the search expects
// (protocol notation) and, for a proved result, mate_in; "" when there is none.
OYIN_EXPORT const char* oyin_best_move(int handle, int level, double nodes, const char* seed) {
  Game* game = game_of(handle);
  if (!game) return hand_out("");
  const GameEntry& g = *game->entry;
  const auto limits = oyin::computer_limits(g, level, seed_of(seed), nodes > 0 ? static_cast<std::uint64_t>(nodes) : 0);
  const oyin::SearchResult r = engine_for(g).search(*game->state, limits, {}, nullptr);
  if (r.best_move.empty()) {
    g_error = "no move to make";
    return hand_out("");
  }
  nlohmann::json j = {{"move", r.best_move},
                      {"book", r.book},
                      {"nodes", r.info.nodes},
                      {"depth", r.info.depth},
                      {"score", r.info.score_cp},
                      {"time_ms", r.info.time_ms},
                      {"pv", r.info.pv}};
  // A proved result (mate, a won capture race) as UCI counts it: the analysis shows it as such.
  if (r.info.is_mate) j["mate_in"] = r.info.mate_in;
  return hand_out(j.dump());
}

// The number of legal move sequences of `depth` plies from a position (one thread); -1 on error.
OYIN_EXPORT double oyin_perft(const char* game, const char* rules, const char* position, int depth) {
  const GameEntry* g = game_named(game);
  if (!g) return -1;
  oyin::PerftOptions opt{depth, 1, false};
  auto n = g->perft(rules ? rules : "", position ? position : "", opt, {});
  if (!n) {
    g_error = n.error();
    return -1;
  }
  return static_cast<double>(*n);
}
