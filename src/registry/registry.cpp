#include "registry/registry.h"

#include <nlohmann/json.hpp>

#include "core/text.h"

namespace oyin {

namespace {
std::vector<std::unique_ptr<GameEntry>>& games() {
  static std::vector<std::unique_ptr<GameEntry>> list;
  return list;
}

std::string compact(std::string_view s) {
  std::string out;
  for (char c : to_lower(s))
    if (c != ' ' && c != '-') out += c;
  return out;
}
}  // namespace

nlohmann::json GameEntry::rule_options() const { return d_.rules->rule_options(); }
nlohmann::json GameEntry::board_description() const { return d_.rules->board_description(); }

void register_game(GameDeclaration declaration) {
  games().push_back(std::make_unique<GameEntry>(std::move(declaration)));
}

const GameEntry* find_game(std::string_view name) {
  const std::string n = to_lower(name);
  for (const auto& g : games()) {
    if (g->name() == n || to_lower(g->title()) == n || compact(g->title()) == n) return g.get();
    for (const auto& a : g->aliases())
      if (a == n) return g.get();
  }
  return nullptr;
}

const GameEntry* find_uci_variant(std::string_view variant) {
  const std::string v = to_lower(variant);
  for (const auto& g : games())
    if (g->protocol() == Protocol::Uci && g->uci_variant() == v) return g.get();
  return nullptr;
}

std::vector<const GameEntry*> all_games() {
  std::vector<const GameEntry*> out;
  for (const auto& g : games()) out.push_back(g.get());
  return out;
}

std::vector<const GameEntry*> games_where(const std::function<bool(const GameEntry&)>& keep) {
  std::vector<const GameEntry*> out;
  for (const auto& g : games())
    if (keep(*g)) out.push_back(g.get());
  return out;
}

std::string joined(const std::vector<const GameEntry*>& list, std::string (GameEntry::*name_of)() const,
                   std::string_view last, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i) out += i + 1 == list.size() ? last : sep;
    out += (list[i]->*name_of)();
  }
  return out;
}

}  // namespace oyin
