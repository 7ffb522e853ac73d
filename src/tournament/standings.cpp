#include "tournament/standings.h"

#include <algorithm>
#include <climits>

#include "tournament/arena.h"
#include "tournament/history.h"
#include "tournament/knockout.h"

namespace oyin::tournament {
namespace {

bool finished(const RoundEntry& e) { return e.played() && e.points.has_value(); }

// What a round gives the tie-breaks. Unplayed: a bye or forfeit in a Swiss, a forfeit or absence
// in either; a round robin's rest round (the bye of an odd field) and a game under way give none.
enum class Kind { game, under_way, unplayed, none };

Kind kind(const RoundEntry* e, bool round_robin) {
  if (e && finished(*e)) return Kind::game;
  if (e && e->played()) return Kind::under_way;
  if (round_robin && (!e || e->bye())) return Kind::none;
  return Kind::unplayed;
}

// Swiss and round robin (FIDE C.07): an opponent counts with his unplayed games as draws; a
// player's own unplayed game counts as one against a virtual opponent who had the player's score
// before that round, the opposite result in it and draws in every later round.
std::vector<Standing> fide_standings(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played,
                                     bool round_robin) {
  const auto hist = histories(entrants, played, INT_MAX, round_robin ? 0.0 : 1.0);
  const int rounds = last_round(played);
  std::map<int, double> adjusted;
  for (const auto& [number, h] : hist) {
    double a = 0;
    for (int r = 1; r <= rounds; ++r) {
      const RoundEntry* e = h.in_round(r);
      const Kind k = kind(e, round_robin);
      if (k == Kind::game) a += *e->points;
      else if (k == Kind::unplayed) a += 0.5;
    }
    adjusted[number] = a;
  }
  std::vector<Standing> rows;
  for (const auto& entrant : entrants) {
    const History& h = hist.at(entrant.number);
    Standing s;
    s.number = entrant.number;
    s.score = h.score;
    double before = 0, sb = 0;
    std::vector<double> opponents;
    for (int r = 1; r <= rounds; ++r) {
      const RoundEntry* e = h.in_round(r);
      const Kind k = kind(e, round_robin);
      if (k == Kind::game) {
        const auto it = adjusted.find(e->opponent);
        const double o = it == adjusted.end() ? 0 : it->second;
        opponents.push_back(o);
        sb += *e->points * o;
        before += *e->points;
        ++s.games;
        if (*e->points == 1.0) ++s.wins;
      } else if (k == Kind::unplayed) {
        const double own = e && e->points ? *e->points : 0.0;
        const double o = before + (1.0 - own) + 0.5 * (rounds - r);
        opponents.push_back(o);
        sb += own * o;
        before += own;
      }
    }
    double buchholz = 0;
    for (double o : opponents) buchholz += o;
    const double lowest = opponents.empty() ? 0 : *std::min_element(opponents.begin(), opponents.end());
    s.tiebreaks = {{"buchholz", buchholz}, {"buchholz_cut1", buchholz - lowest}, {"sonneborn_berger", sb},
                   {"wins", s.wins}};
    rows.push_back(s);
  }
  const auto key = [](const Standing& s) {
    const auto& t = s.tiebreaks;
    return std::make_tuple(s.score, t.at("buchholz"), t.at("buchholz_cut1"), t.at("sonneborn_berger"), t.at("wins"));
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const Standing& a, const Standing& b) {
    return key(a) != key(b) ? key(a) > key(b) : a.number < b.number;
  });
  return rows;
}

// Knockout: the further a player went the better; the winner first, then the finalist, then the
// losers of each earlier round sharing a rank ("round_reached": the last round a player was in,
// the winner one more), then matches won (the score; byes not counted).
std::vector<Standing> knockout_standings(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played) {
  const Bracket bracket = knockout_bracket(entrants, played);
  std::map<int, Standing> by_number;
  for (const auto& e : entrants) by_number[e.number] = {e.number, 0, 0, {{"round_reached", 1}}, 0, 0};
  for (const auto& round : bracket.rounds)
    for (const auto& m : round) {
      for (int who : {m.a, m.b}) {
        if (!by_number.count(who)) continue;
        Standing& s = by_number[who];
        s.tiebreaks["round_reached"] = std::max(s.tiebreaks["round_reached"], static_cast<double>(m.round));
        if (m.winner == who && !m.bye()) s.score += 1;
      }
      for (const auto& g : m.games) {
        if (!g.result || g.forfeit) continue;
        for (int who : {g.white, g.black}) {
          if (!by_number.count(who)) continue;
          ++by_number[who].games;
          if ((who == g.white ? *g.result : 1.0 - *g.result) == 1.0) ++by_number[who].wins;
        }
      }
    }
  if (by_number.count(bracket.winner)) by_number[bracket.winner].tiebreaks["round_reached"] += 1;
  std::vector<Standing> rows;
  for (const auto& [n, s] : by_number) rows.push_back(s);
  std::stable_sort(rows.begin(), rows.end(), [](const Standing& a, const Standing& b) {
    const double ra = a.tiebreaks.at("round_reached"), rb = b.tiebreaks.at("round_reached");
    return ra != rb ? ra > rb : a.score > b.score;
  });
  return rows;
}

}  // namespace

void assign_ranks(std::vector<Standing>& rows) {
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const bool tied = i > 0 && rows[i].score == rows[i - 1].score && rows[i].tiebreaks == rows[i - 1].tiebreaks;
    rows[i].rank = tied ? rows[i - 1].rank : static_cast<int>(i) + 1;
  }
}

std::vector<Standing> standings(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played, Format format) {
  std::vector<Standing> rows;
  if (format == Format::arena) {
    std::vector<Pairing> sorted = played;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Pairing& a, const Pairing& b) { return a.round < b.round; });
    std::vector<ArenaGame> games;
    for (const auto& p : sorted)
      if (!p.is_bye()) games.push_back({p.white, p.black, p.result, false, false, true});
    return arena_standings(entrants, games);
  }
  if (format == Format::knockout) rows = knockout_standings(entrants, played);
  else rows = fide_standings(entrants, played, format == Format::round_robin);
  assign_ranks(rows);
  return rows;
}

std::vector<std::vector<std::string>> crosstable(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played) {
  std::vector<int> numbers;
  for (const auto& e : entrants) numbers.push_back(e.number);
  std::sort(numbers.begin(), numbers.end());
  const auto index = [&](int number) {
    const auto it = std::lower_bound(numbers.begin(), numbers.end(), number);
    return it != numbers.end() && *it == number ? static_cast<int>(it - numbers.begin()) : -1;
  };
  std::vector<std::vector<std::string>> cells(numbers.size(), std::vector<std::string>(numbers.size()));
  std::vector<Pairing> sorted = played;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Pairing& a, const Pairing& b) { return a.round < b.round; });
  const auto mark = [](double points, bool forfeit) -> std::string {
    if (forfeit) return points > 0.5 ? "+" : points < 0.5 ? "-" : "½";
    return points == 1.0 ? "1" : points == 0.0 ? "0" : "½";
  };
  for (const auto& p : sorted) {
    const int w = index(p.white), b = index(p.black);
    if (p.is_bye() || !p.result || w < 0 || b < 0) continue;
    cells[w][b] += mark(*p.result, p.forfeit);
    cells[b][w] += mark(1.0 - *p.result, p.forfeit);
  }
  return cells;
}

}  // namespace oyin::tournament
