#include "games/registry.h"

#include <mutex>

#include "core/text.h"

namespace oyin {

std::unique_ptr<GameAdapter> make_togyz_adapter();
std::unique_ptr<GameAdapter> make_tojmot_adapter();
std::unique_ptr<GameAdapter> make_capgo_adapter();

namespace {
std::vector<std::unique_ptr<GameAdapter>>& games() {
  static std::vector<std::unique_ptr<GameAdapter>> list;
  return list;
}
}  // namespace

void register_game(std::unique_ptr<GameAdapter> adapter) { games().push_back(std::move(adapter)); }

void register_builtin_games() {
  static std::once_flag once;
  std::call_once(once, [] {
    register_game(make_togyz_adapter());
    register_game(make_tojmot_adapter());
    register_game(make_capgo_adapter());
  });
}

const GameAdapter* find_game(std::string_view name) {
  const std::string n = to_lower(name);
  for (const auto& g : games()) {
    if (g->name() == n) return g.get();
    if (to_lower(g->title()) == n) return g.get();
    std::string compact;
    for (char c : to_lower(g->title()))
      if (c != ' ' && c != '-') compact += c;
    if (compact == n) return g.get();
  }
  return nullptr;
}

std::vector<const GameAdapter*> all_games() {
  std::vector<const GameAdapter*> out;
  for (const auto& g : games()) out.push_back(g.get());
  return out;
}

}  // namespace oyin
