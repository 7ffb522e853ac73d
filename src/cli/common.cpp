#include "cli/common.h"

#include <fstream>
#include <sstream>

#include "games/registry.h"

namespace oyin::cli {

std::string game_names() {
  std::string out;
  for (const auto* g : all_games()) out += (out.empty() ? "" : ", ") + g->name();
  return out;
}

const GameAdapter& game_or_fail(const std::string& name) {
  const GameAdapter* g = find_game(name);
  if (!g) throw UsageError("unknown game '" + name + "' (known: " + game_names() + ")");
  return *g;
}

std::string read_file_or_fail(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace oyin::cli
