#include "cli/common.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "core/file.h"
#include "core/text.h"
#include "registry/registry.h"

namespace oyin::cli {

namespace {

// Leading/trailing spaces, '+', leading zeros and other bases are refused so that what CLI11
// converts afterwards is exactly the number checked here.
bool plain_decimal(const std::string& t) {
  std::size_t i = t.size() > 1 && t[0] == '-' ? 1 : 0;
  if (i >= t.size()) return false;
  if (t[i] == '0' && t.size() > i + 1) return false;
  for (; i < t.size(); ++i)
    if (t[i] < '0' || t[i] > '9') return false;
  return true;
}

}  // namespace

CLI::Validator whole_number(std::int64_t lo, std::int64_t hi) {
  const std::string want = "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
  return CLI::Validator(
      [lo, hi, want](std::string& t) -> std::string {
        std::int64_t v = 0;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (!plain_decimal(t) || ec != std::errc() || end != t.data() + t.size() || v < lo || v > hi)
          return "must be " + want + ", not '" + t + "'";
        return {};
      },
      "INT in [" + std::to_string(lo) + " - " + std::to_string(hi) + "]");
}

CLI::Validator any_seed() {
  return CLI::Validator(
      [](std::string& t) -> std::string {
        std::uint64_t v = 0;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (!plain_decimal(t) || t[0] == '-' || ec != std::errc() || end != t.data() + t.size())
          return "must be a whole number from 0 to 18446744073709551615, not '" + t + "'";
        return {};
      },
      "UINT64");
}

CLI::Validator real_number(double lo, double hi) {
  std::ostringstream range;
  range << lo << " to " << hi;
  const std::string want = range.str();
  return CLI::Validator(
      [lo, hi, want](std::string& t) -> std::string {
        double v = 0;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (t.empty() || ec != std::errc() || end != t.data() + t.size() || !std::isfinite(v) || v < lo || v > hi)
          return "must be a number from " + want + ", not '" + t + "'";
        return {};
      },
      "NUMBER in [" + want + "]");
}

std::string game_names() {
  std::string out;
  for (const auto* g : all_games()) out += (out.empty() ? "" : ", ") + g->name();
  return out;
}

std::string levels_text() { return std::to_string(kMinLevel) + ".." + std::to_string(kMaxLevel); }

std::string games_in_text() { return joined(all_games(), &GameEntry::in_text, " and "); }

std::string games_by_record_format() {
  std::vector<std::string> formats;
  for (const auto* g : all_games())
    if (std::find(formats.begin(), formats.end(), g->record_format()) == formats.end()) formats.push_back(g->record_format());
  std::string out;
  for (const auto& f : formats) {
    const auto games = games_where([&](const GameEntry& g) { return g.record_format() == f; });
    out += (out.empty() ? "." : ", .") + f + ": " + joined(games, &GameEntry::in_text, " or ");
  }
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
  auto text = read_text_file(path);
  if (!text) throw UsageError(text.error());
  return std::move(*text);
}

}  // namespace oyin::cli
