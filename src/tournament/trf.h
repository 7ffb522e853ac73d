#pragma once
// The FIDE Tournament Report File, TRF-16 (FIDE Handbook C.04 Annex 2, "Format of Tournament
// Report File", the 2016 version): the tournament lines (012 name, 022 city, 032 federation,
// 042/052 start and end dates, 062 number of players, 092 type, 102 chief arbiter, 122 time
// control, 132 round dates) and one 001 line per player at the columns the format fixes
// (docs/tournaments.md, "TRF"). For Swiss and round robin tournaments.
#include <map>
#include <string>
#include <vector>

#include "tournament/types.h"

namespace oyin::tournament {

// What the format asks of a player beyond the entrant (all optional, blank when empty).
struct TrfPlayer {
  std::string sex;         // "m" or "w"
  std::string title;       // TRF-16 codes: g, m, f, c, wg, wm, wf, wc
  std::string federation;  // three letters, e.g. "KAZ"
  std::string fide_id;     // digits
  std::string birth_date;  // YYYY/MM/DD
};

struct TrfTournament {
  std::string name;
  std::string city, federation, chief_arbiter;  // optional
  std::string start_date, end_date;             // YYYY/MM/DD
  std::string type;                             // optional: by default from the format
  std::string time_control;                     // optional, free text, e.g. "90 min + 30 s/move"
  std::vector<std::string> round_dates;         // optional, YY/MM/DD, one per round
  Format format = Format::swiss;                // swiss or round_robin
  std::map<int, TrfPlayer> players;             // by start number
  std::string line_end = "\r\n";
};

// The report. Per round: opponent, colour (w/b, - for none) and result: 1 = 0 over the board,
// + - by forfeit, U the Swiss pairing-allocated bye (a full point), Z a round without a game (a
// round robin's rest round, an absence); a game under way has a blank result.
std::string write_trf(const TrfTournament& tournament, const std::vector<Entrant>& entrants,
                      const std::vector<Pairing>& played);

}  // namespace oyin::tournament
