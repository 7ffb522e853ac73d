#include "server/tournaments/format_rules.h"

#include <algorithm>
#include <map>
#include <set>

#include "tournament/arena.h"
#include "tournament/knockout.h"
#include "tournament/round_robin.h"
#include "tournament/swiss.h"

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

// The formats played round by round: nothing while the round's games go on; then the next
// round from `pair_round(round)`, or the end after `rounds` rounds (or when it pairs nobody: all
// met, or all withdrew).
template <class PairRound>
Plan next_round(const TournamentRow& t, const std::vector<TournamentPlayer>& players,
                const std::vector<TournamentPairing>& pairings, int rounds, PairRound pair_round) {
  Plan plan;
  plan.round = t.round;
  if (t.round > 0 && !round_done(pairings, t.round)) return plan;
  const std::vector<tournament::Pairing> next = t.round >= rounds ? std::vector<tournament::Pairing>{} : pair_round(t.round + 1);
  if (next.empty()) {
    plan.finish = true;
    return plan;
  }
  plan.round = t.round + 1;
  const auto users = users_by_number(players);
  for (const tournament::Pairing& p : next) plan.pairings.push_back(planned(p, users, players));
  return plan;
}

Plan round_robin_next(const TournamentRow& t, const std::vector<TournamentPlayer>& players,
                      const std::vector<TournamentPairing>& pairings) {
  const int n = static_cast<int>(users_by_number(players).size());
  return next_round(t, players, pairings, tournament::berger_rounds(n, t.double_rr),
                    [&](int round) { return tournament::berger_round(n, round, t.double_rr); });
}

Plan swiss_next(const TournamentRow& t, const std::vector<TournamentPlayer>& players,
                const std::vector<TournamentPairing>& pairings) {
  return next_round(t, players, pairings, t.rounds, [&](int round) {
    return tournament::swiss_round(entrants_of(players), pairings_of(players, pairings), round);
  });
}

Plan knockout_next(const TournamentRow& t, const std::vector<TournamentPlayer>& players,
                   const std::vector<TournamentPairing>& pairings) {
  Plan plan;
  plan.round = t.round;
  const auto entrants = entrants_of(players);
  const auto played = pairings_of(players, pairings);
  if (tournament::knockout_winner(entrants, played) != 0) {
    plan.finish = true;
    return plan;
  }
  const auto users = users_by_number(players);
  for (const tournament::KnockoutGame& g : tournament::knockout_next_games(entrants, played)) {
    tournament::Pairing p;
    p.round = g.round;
    p.white = g.white;
    p.black = g.black;
    PlannedPairing q = planned(p, users, players);
    q.match_game = g.game_in_match;
    q.decider = g.decider;
    plan.round = std::max(plan.round, g.round);
    plan.pairings.push_back(q);
  }
  return plan;
}

// Arena: everyone active, not paused and not in a game waits, and is paired at once; no new
// games once the time is up, and over when the last game has ended.
Plan arena_next(const TournamentRow& t, const std::vector<TournamentPlayer>& players,
                const std::vector<TournamentPairing>& pairings, std::int64_t now_ms) {
  Plan plan;
  plan.round = t.round;
  std::set<std::int64_t> busy;
  for (const TournamentPairing& p : pairings)
    if (p.result.empty()) busy.insert({p.white, p.black});
  if (now_ms >= t.ends_ms) {
    plan.finish = busy.empty();
    return plan;
  }
  std::vector<int> waiting;
  for (const TournamentPlayer& p : players)
    if (p.number > 0 && p.active && !p.paused && !busy.count(p.user_id)) waiting.push_back(p.number);
  if (waiting.size() < 2) return plan;
  if (waiting.size() % 2 == 1) {
    // One must wait on: the one who has waited least (their last game ended latest), so nobody
    // sits out twice running while others come and go (the rules alone would leave out the
    // lowest ranked each time).
    std::map<int, std::int64_t> last_end;
    std::map<std::int64_t, int> number;
    for (const TournamentPlayer& p : players) number[p.user_id] = p.number;
    for (const TournamentPairing& p : pairings) {
      const std::int64_t end = p.ended_ms > 0 ? p.ended_ms : p.created_ms;
      for (const std::int64_t user : {p.white, p.black})
        if (user != 0) last_end[number[user]] = std::max(last_end[number[user]], end);
    }
    const auto least = std::max_element(waiting.begin(), waiting.end(),
                                        [&](int a, int b) { return last_end[a] < last_end[b]; });
    waiting.erase(least);
  }
  const auto users = users_by_number(players);
  const auto pairs = tournament::arena_pairings(entrants_of(players), arena_games(players, pairings), waiting);
  if (pairs.empty()) return plan;
  plan.round = t.round + 1;  // an arena's "round" counts its waves of pairings
  for (const tournament::ArenaPair& a : pairs) {
    PlannedPairing q;
    q.round = plan.round;
    q.white = users.at(a.white);
    q.black = users.at(a.black);
    plan.pairings.push_back(q);
  }
  return plan;
}

}  // namespace

std::vector<tournament::ArenaGame> arena_games(const std::vector<TournamentPlayer>& players,
                                               const std::vector<TournamentPairing>& pairings) {
  std::map<std::int64_t, int> number;
  for (const TournamentPlayer& p : players) number[p.user_id] = p.number;
  std::vector<tournament::ArenaGame> out;
  for (const TournamentPairing& p : pairings) {
    if (p.black == 0) continue;
    tournament::ArenaGame g;
    g.white = number[p.white];
    g.black = number[p.black];
    g.result = white_points(p.result);
    g.white_berserk = (p.berserk & 1) != 0;
    g.black_berserk = (p.berserk & 2) != 0;
    g.long_enough = !p.forfeit && p.plies >= 14;  // lichess: at least 7 moves (of each side)
    out.push_back(g);
  }
  return out;
}

bool known_format(const std::string& format) {
  return format == "round_robin" || format == "swiss" || format == "knockout" || format == "arena";
}

int planned_rounds(const TournamentRow& t, int players) {
  if (t.format == "round_robin") return tournament::berger_rounds(players, t.double_rr);
  if (t.format == "swiss") return t.rounds;
  return 0;
}

Plan plan_next(const TournamentRow& t, const std::vector<TournamentPlayer>& players,
               const std::vector<TournamentPairing>& pairings, std::int64_t now_ms) {
  if (t.format == "round_robin") return round_robin_next(t, players, pairings);
  if (t.format == "swiss") return swiss_next(t, players, pairings);
  if (t.format == "knockout") return knockout_next(t, players, pairings);
  if (t.format == "arena") return arena_next(t, players, pairings, now_ms);
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
