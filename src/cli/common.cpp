#include "cli/common.h"

#include <fstream>
#include <sstream>

#include "core/text.h"
#include "games/registry/registry.h"

namespace oyin::cli {

std::string game_names() {
  std::string out;
  for (const auto* g : all_games()) out += (out.empty() ? "" : ", ") + g->name();
  return out;
}

const GameEntry& game_or_fail(const std::string& name) {
  const GameEntry* g = find_game(name);
  if (!g) throw UsageError("unknown game '" + name + "' (known: " + game_names() + ")");
  return *g;
}

std::string position_after_moves(const GameAdapter& g, const std::string& rules,
                                 const std::string& position, const std::string& moves) {
  auto game = g.new_game(rules, position);
  if (!game) throw UsageError(game.error());
  int ply = 0;
  for (std::string_view m : split_ws(moves)) {
    ++ply;
    if ((*game)->status().over()) throw UsageError("move " + std::to_string(ply) + " '" + std::string(m) + "': the game is over");
    auto r = (*game)->play(m);
    if (!r) throw UsageError("move " + std::to_string(ply) + ": " + r.error());
  }
  return (*game)->position_text();
}

std::string read_file_or_fail(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace oyin::cli
