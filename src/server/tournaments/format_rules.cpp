#include "server/tournaments/format_rules.h"

#include <algorithm>
#include <map>

#include "tournament/round_robin.h"

namespace oyin::server::tournaments {

namespace {

using storage::TournamentPairing;
using storage::TournamentPlayer;
using storage::TournamentRow;

std::map<int, std::int64_t> users_by_number(const std::vector<TournamentPlayer>& players) {
  std::map<int, std::int64_t> out;
  for (const TournamentPlayer& p : players)
    if (p.number > 0) out[p.number] = p.user_id;
  return out;
}

bool active(const std::vector<TournamentPlayer>& players, std::int64_t user) {
  for (const TournamentPlayer& p : players)
    if (p.user_id == user) return p.active;
  return false;
}

bool round_done(const std::vector<TournamentPairing>& pairings, int round) {
  return std::none_of(pairings.begin(), pairings.end(),
                      [round](const TournamentPairing& p) { return p.round == round && p.result.empty(); });
}

// A pairing of the rules made a stored one: a withdrawn player's game is lost by forfeit at
// once (both withdrawn: white's loss), a bye needs no game.
PlannedPairing planned(const tournament::Pairing& p, const std::map<int, std::int64_t>& users,
                       const std::vector<TournamentPlayer>& players) {
  PlannedPairing out;
  out.round = p.round;
  out.white = users.at(p.white);
  if (p.is_bye()) {
    out.result = "bye";
    return out;
  }
  out.black = users.at(p.black);
  const bool w = active(players, out.white), b = active(players, out.black);
  if (!w || !b) {
    out.forfeit = true;
    out.result = w ? "1-0" : "0-1";
  }
  return out;
}

Plan round_robin_next(const TournamentRow& t, const std::vector<TournamentPlayer>& players,
                      const std::vector<TournamentPairing>& pairings) {
  Plan plan;
  plan.round = t.round;
  if (t.round > 0 && !round_done(pairings, t.round)) return plan;
  const auto users = users_by_number(players);
  const int n = static_cast<int>(users.size());
  if (t.round >= tournament::berger_rounds(n, t.double_rr)) {
    plan.finish = true;
    return plan;
  }
  plan.round = t.round + 1;
  for (const tournament::Pairing& p : tournament::berger_round(n, plan.round, t.double_rr))
    plan.pairings.push_back(planned(p, users, players));
  return plan;
}

}  // namespace

bool known_format(const std::string& format) { return format == "round_robin"; }

int planned_rounds(const TournamentRow& t, int players) {
  if (t.format == "round_robin") return tournament::berger_rounds(players, t.double_rr);
  if (t.format == "swiss") return t.rounds;
  return 0;
}

Plan plan_next(const TournamentRow& t, const std::vector<TournamentPlayer>& players,
               const std::vector<TournamentPairing>& pairings, std::int64_t) {
  if (t.format == "round_robin") return round_robin_next(t, players, pairings);
  return {};
}

std::vector<std::pair<std::int64_t, int>> start_numbers(std::vector<TournamentPlayer> players) {
  std::stable_sort(players.begin(), players.end(), [](const TournamentPlayer& a, const TournamentPlayer& b) {
    if (a.rating != b.rating) return a.rating > b.rating;
    return a.joined_ms < b.joined_ms;
  });
  std::vector<std::pair<std::int64_t, int>> out;
  for (std::size_t i = 0; i < players.size(); ++i) out.emplace_back(players[i].user_id, static_cast<int>(i + 1));
  return out;
}

std::vector<tournament::Entrant> entrants_of(const std::vector<TournamentPlayer>& players) {
  std::vector<tournament::Entrant> out;
  for (const TournamentPlayer& p : players)
    if (p.number > 0) out.push_back({p.number, p.username, p.rating, p.active});
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.number < b.number; });
  return out;
}

std::optional<double> white_points(const std::string& result) {
  if (result == "1-0" || result == "bye") return 1.0;
  if (result == "0-1") return 0.0;
  if (result == "1/2-1/2") return 0.5;
  return std::nullopt;
}

std::vector<tournament::Pairing> pairings_of(const std::vector<TournamentPlayer>& players,
                                             const std::vector<TournamentPairing>& pairings) {
  std::map<std::int64_t, int> number;
  for (const TournamentPlayer& p : players) number[p.user_id] = p.number;
  std::vector<tournament::Pairing> out;
  for (const TournamentPairing& p : pairings) {
    tournament::Pairing q;
    q.round = p.round;
    q.white = number[p.white];
    q.black = p.black == 0 ? 0 : number[p.black];
    q.result = white_points(p.result);
    q.forfeit = p.forfeit;
    out.push_back(q);
  }
  return out;
}

}  // namespace oyin::server::tournaments
