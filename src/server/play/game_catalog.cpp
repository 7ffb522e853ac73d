#include "server/play/game_catalog.h"

#include "registry/registry.h"
#include "server/common/error_codes.h"
#include "server/play/game_clock.h"

namespace oyin::server {

using nlohmann::json;

namespace {
// `book`: whether the level plays from the opening book here (a game whose book passed its SPRT).
json levels_json(const GameEntry& g, bool books_on) {
  json out = json::array();
  const bool on = books_on && g.book_settings().played;
  // `rating`: the level's fixed rating on the players' scale (registry/level_ratings.h), what the
  // new-game dialog shows beside the level; null for a game with no measured ladder.
  const std::vector<int>& ratings = g.level_ratings();
  for (const LevelInfo& l : g.levels()) {
    const auto i = static_cast<std::size_t>(l.level - kMinLevel);
    out.push_back({{"level", l.level}, {"think_ms", l.think_ms}, {"summary", l.summary}, {"book", on && l.book},
                   {"rating", i < ratings.size() ? json(ratings[i]) : json(nullptr)}});
  }
  return out;
}
json clock_presets_json(const GameEntry& g) {
  json out = json::array();
  for (const ClockPreset& p : g.clock_presets())
    out.push_back({{"initial_s", p.initial_s}, {"increment_s", p.increment_s},
                   {"speed", speed_class({p.initial_s * 1000LL, p.increment_s * 1000LL})}});
  return out;
}
}  // namespace

json games_meta(bool books_on) {
  json games = json::array();
  for (const GameEntry* g : all_games()) {
    games.push_back({{"name", g->name()},
                     {"title", g->title()},
                     {"sides", {g->side_name(Side::First), g->side_name(Side::Second)}},
                     {"record_format", g->record_format()},
                     {"engine", g->engine_name()},
                     {"protocol", g->protocol() == Protocol::Uci ? "uci" : "gtp"},
                     {"levels", levels_json(*g, books_on)},
                     {"rule_options", g->rule_options()},
                     {"board", g->board_description()},
                     {"end_codes", g->end_codes()},
                     {"clock_presets", clock_presets_json(*g)}});
  }
  return {{"name", "oyin"},
          {"games", games},
          {"end_codes", kServerEndCodes},
          {"error_codes", kErrorCodes}};
}

}  // namespace oyin::server
