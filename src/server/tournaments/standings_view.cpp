#include "server/tournaments/standings_view.h"

#include <algorithm>
#include <chrono>
#include <map>

#include "server/play/game_clock.h"
#include "server/tournaments/format_rules.h"
#include "tournament/arena.h"
#include "tournament/knockout.h"
#include "tournament/standings.h"
#include "tournament/trf.h"

namespace oyin::server::tournaments {

using nlohmann::json;

namespace {

tournament::Format format_of(const std::string& f) {
  if (f == "arena") return tournament::Format::arena;
  if (f == "round_robin") return tournament::Format::round_robin;
  if (f == "knockout") return tournament::Format::knockout;
  return tournament::Format::swiss;
}

std::map<int, std::string> names_by_number(const std::vector<storage::TournamentPlayer>& players) {
  std::map<int, std::string> out;
  for (const auto& p : players) out[p.number] = p.username;
  return out;
}

// "YYYY/MM/DD" of a Unix time in ms (the TRF's dates).
std::string trf_date(std::int64_t unix_ms) {
  using namespace std::chrono;
  const year_month_day ymd(floor<days>(sys_time<milliseconds>(milliseconds(unix_ms))));
  char out[32];
  std::snprintf(out, sizeof out, "%04d/%02u/%02u", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                static_cast<unsigned>(ymd.day()));
  return out;
}

json bracket_json(const tournament::Bracket& b, const std::map<int, std::string>& names) {
  const auto name = [&](int n) { return n == 0 ? json(nullptr) : json(names.count(n) ? names.at(n) : ""); };
  json rounds = json::array();
  for (const auto& round : b.rounds) {
    json matches = json::array();
    for (const auto& m : round) {
      json games = json::array();
      for (const auto& g : m.games)
        games.push_back({{"white", name(g.white)}, {"black", name(g.black)},
                         {"result", g.result ? json(*g.result) : json(nullptr)}});
      matches.push_back({{"a", name(m.a)}, {"b", name(m.b)}, {"a_score", m.a_score}, {"b_score", m.b_score},
                         {"winner", name(m.winner)}, {"games", games}});
    }
    rounds.push_back(matches);
  }
  return {{"size", b.size}, {"rounds", rounds}, {"winner", name(b.winner)}};
}

}  // namespace

json standings_json(const storage::TournamentRow& t, const std::vector<storage::TournamentPlayer>& players,
                    const std::vector<storage::TournamentPairing>& pairings) {
  const auto entrants = entrants_of(players);
  if (entrants.empty()) return json::array();  // not started: nobody has a number yet
  const auto rows = t.format == "arena" ? tournament::arena_standings(entrants, arena_games(players, pairings))
                                        : tournament::standings(entrants, pairings_of(players, pairings), format_of(t.format));
  const auto names = names_by_number(players);
  json out = json::array();
  for (const auto& s : rows)
    out.push_back({{"rank", s.rank}, {"username", names.count(s.number) ? names.at(s.number) : ""}, {"score", s.score},
                   {"tiebreaks", s.tiebreaks}, {"games", s.games}, {"wins", s.wins}});
  return out;
}

void add_format_views(const storage::TournamentRow& t, const std::vector<storage::TournamentPlayer>& players,
                      const std::vector<storage::TournamentPairing>& pairings, json& out) {
  const auto entrants = entrants_of(players);
  if (entrants.empty()) return;
  const auto names = names_by_number(players);
  if (t.format == "round_robin") {
    json order = json::array();
    for (const auto& e : entrants) order.push_back(e.name);
    out["crosstable"] = {{"players", order}, {"cells", tournament::crosstable(entrants, pairings_of(players, pairings))}};
  } else if (t.format == "knockout") {
    out["bracket"] = bracket_json(tournament::knockout_bracket(entrants, pairings_of(players, pairings)), names);
  } else if (t.format == "arena") {
    json sheets = json::object();
    for (const auto& s : tournament::arena_scores(entrants, arena_games(players, pairings))) {
      json sheet = json::array();
      for (const auto& e : s.sheet) sheet.push_back({{"points", e.points}, {"doubled", e.doubled}, {"berserk", e.berserk}});
      sheets[names.count(s.number) ? names.at(s.number) : ""] = {{"score", s.score}, {"on_fire", s.on_fire}, {"sheet", sheet}};
    }
    out["sheets"] = std::move(sheets);
  }
}

std::string trf_text(const storage::TournamentRow& t, const std::vector<storage::TournamentPlayer>& players,
                     const std::vector<storage::TournamentPairing>& pairings) {
  tournament::TrfTournament info;
  info.name = t.name;
  info.format = format_of(t.format);
  info.start_date = trf_date(t.started_ms > 0 ? t.started_ms : t.starts_ms);
  info.end_date = trf_date(t.finished_ms > 0 ? t.finished_ms : t.started_ms > 0 ? t.started_ms : t.starts_ms);
  info.time_control = std::to_string(t.initial_s / 60) + " min + " + std::to_string(t.increment_s) + " s/move";
  return tournament::write_trf(info, entrants_of(players), pairings_of(players, pairings));
}

}  // namespace oyin::server::tournaments
