#include "tournament/trf.h"

#include <algorithm>
#include <cstdio>

#include "tournament/history.h"
#include "tournament/standings.h"

namespace oyin::tournament {
namespace {

// Puts `text` at 1-based column `col` (the format counts bytes), padding with spaces.
void place(std::string& line, int col, const std::string& text) {
  const std::size_t at = static_cast<std::size_t>(col - 1);
  if (line.size() < at + text.size()) line.resize(at + text.size(), ' ');
  line.replace(at, text.size(), text);
}

std::string right(const std::string& text, std::size_t width) {
  if (text.size() >= width) return text.substr(text.size() - width);
  return std::string(width - text.size(), ' ') + text;
}

// At most `width` bytes, not cutting a UTF-8 character.
std::string cut(const std::string& text, std::size_t width) {
  if (text.size() <= width) return text;
  std::size_t n = width;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  return text.substr(0, n);
}

std::string points_text(double points) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%4.1f", points);
  return right(buf, 4);
}

// The 10 columns of one round, from column 90: two blanks, opponent (4), blank, colour, blank, result.
std::string round_block(const RoundEntry* e, bool round_robin) {
  if (!e) return "  0000 - Z";
  if (e->bye()) return round_robin ? "  0000 - Z" : "  0000 - U";
  const std::string colour = e->colour > 0 ? "w" : "b";
  std::string result = " ";
  if (e->points) {
    const double p = *e->points;
    if (e->forfeit) result = p > 0.5 ? "+" : "-";
    else result = p == 1.0 ? "1" : p == 0.0 ? "0" : "=";
  }
  return "  " + right(std::to_string(e->opponent), 4) + " " + colour + " " + result;
}

std::string player_line(const Entrant& e, const TrfPlayer& extra, const History& h, int rank, int rounds,
                        bool round_robin) {
  std::string line = "001";
  place(line, 5, right(std::to_string(e.number), 4));
  place(line, 10, extra.sex.empty() ? " " : extra.sex.substr(0, 1));
  place(line, 11, right(extra.title.substr(0, 3), 3));
  place(line, 15, cut(e.name, 33));
  place(line, 49, e.rating > 0 ? right(std::to_string(e.rating), 4) : "    ");
  place(line, 54, cut(extra.federation, 3));
  place(line, 58, right(cut(extra.fide_id, 11), 11));
  place(line, 70, cut(extra.birth_date, 10));
  place(line, 81, points_text(h.score));
  place(line, 86, right(std::to_string(rank), 4));
  for (int r = 1; r <= rounds; ++r) place(line, 90 + 10 * (r - 1), round_block(h.in_round(r), round_robin));
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

}  // namespace

std::string write_trf(const TrfTournament& t, const std::vector<Entrant>& entrants, const std::vector<Pairing>& played) {
  const bool rr = t.format == Format::round_robin;
  std::string out;
  const auto tag = [&](const char* code, const std::string& text, bool always) {
    if (always || !text.empty()) out += std::string(code) + " " + text + t.line_end;
  };
  tag("012", t.name, true);
  tag("022", t.city, false);
  tag("032", t.federation, false);
  tag("042", t.start_date, true);
  tag("052", t.end_date, true);
  tag("062", std::to_string(entrants.size()), true);
  tag("092", t.type.empty() ? (rr ? "Individual: Round-Robin" : "Individual: Swiss-System (Dutch)") : t.type, true);
  tag("102", t.chief_arbiter, false);
  tag("122", t.time_control, false);
  if (!t.round_dates.empty()) {
    std::string line = "132";
    for (std::size_t r = 0; r < t.round_dates.size(); ++r)
      place(line, 92 + 10 * static_cast<int>(r), cut(t.round_dates[r], 8));
    out += line + t.line_end;
  }
  const auto hist = histories(entrants, played, INT_MAX, rr ? 0.0 : 1.0);
  std::map<int, int> rank;
  for (const auto& s : standings(entrants, played, t.format)) rank[s.number] = s.rank;
  std::vector<Entrant> sorted = entrants;
  std::sort(sorted.begin(), sorted.end(), [](const Entrant& a, const Entrant& b) { return a.number < b.number; });
  const int rounds = last_round(played);
  for (const auto& e : sorted) {
    const auto extra = t.players.find(e.number);
    out += player_line(e, extra == t.players.end() ? TrfPlayer{} : extra->second, hist.at(e.number), rank[e.number],
                       rounds, rr) +
           t.line_end;
  }
  return out;
}

}  // namespace oyin::tournament
