// The TRF-16 writer (FIDE Handbook C.04 Annex 2): the exact text of a small Swiss with a bye, a
// forfeit, a shared rank and a name cut at 33 bytes on a UTF-8 character boundary. The expected
// columns: 001 at 1-3, start number 5-8, sex 10, title 11-13, name 15-47, rating 49-52,
// federation 54-56, FIDE id 58-68, birth date 70-79, points 81-84, rank 86-89, then per round
// from column 92 (ten columns each): opponent 4, blank, colour, blank, result.
#include <gtest/gtest.h>

#include "tournament/trf.h"

namespace oyin::tournament {
namespace {

TEST(Trf, ExactTextOfASmallSwiss) {
  const std::vector<Entrant> entrants = {{1, "Abenov, Nurlan", 2400, true},
                                         {2, "Bekov, Arman", 2350, true},
                                         {3, "Сейткалиева, Айгерим", 2300, true},
                                         {4, "Doe, John", 0, true},
                                         {5, "Ermekov, Timur", 2100, true}};
  const std::vector<Pairing> played = {{1, 1, 4, 1.0, false}, {1, 5, 2, 0.0, false}, {1, 3, 0, 1.0, false},
                                       {2, 2, 1, 0.5, false}, {2, 3, 4, 1.0, true},  {2, 5, 0, 1.0, false}};
  TrfTournament t;
  t.name = "Oyin Open";
  t.city = "Almaty";
  t.start_date = "2026/12/01";
  t.end_date = "2026/12/02";
  t.time_control = "15 min + 10 s/move";
  t.line_end = "\n";
  t.players[1] = {"m", "g", "KAZ", "13400304", "1990/01/15"};
  t.players[3] = {"w", "wf", "KAZ", "", ""};
  t.players[5] = {"m", "", "UZB", "", "2010/05/05"};
  const std::string want =
      "012 Oyin Open\n"
      "022 Almaty\n"
      "042 2026/12/01\n"
      "052 2026/12/02\n"
      "062 5\n"
      "092 Individual: Swiss-System (Dutch)\n"
      "122 15 min + 10 s/move\n"
      "001    1 m  g Abenov, Nurlan                    2400 KAZ    13400304 1990/01/15  1.5    2     4 w 1     2 b =\n"
      "001    2      Bekov, Arman                      2350                             1.5    2     5 b 1     1 w =\n"
      "001    3 w wf Сейткалиева, Айге  2300 KAZ                         2.0    1  0000 - U     4 w +\n"
      "001    4      Doe, John                                                          0.0    5     1 b 0     3 b -\n"
      "001    5 m    Ermekov, Timur                    2100 UZB             2010/05/05  1.0    4     2 w 0  0000 - U\n";
  const std::string got = write_trf(t, entrants, played);
  EXPECT_EQ(got, want);
  // 1 and 2 are equal on score and every tie-break: both ranked 2.
  const auto line = got.substr(got.find("001    1"), 109);
  EXPECT_EQ(line.substr(80, 4), " 1.5");
  EXPECT_EQ(line.substr(85, 4), "   2");
  EXPECT_EQ(line.substr(91, 4), "   4");
  EXPECT_EQ(line.substr(96, 1), "w");
  EXPECT_EQ(line.substr(98, 1), "1");
}

TEST(Trf, RoundRobinRestRoundsAndRoundDatesAndCrLf) {
  const std::vector<Entrant> entrants = {{1, "A", 2000, true}, {2, "B", 1900, true}, {3, "C", 1800, true}};
  const std::vector<Pairing> played = {{1, 1, 0, std::nullopt, false}, {1, 2, 3, 0.5, false}};
  TrfTournament t;
  t.name = "RR";
  t.start_date = t.end_date = "2026/12/05";
  t.format = Format::round_robin;
  t.round_dates = {"26/12/05"};
  const std::string got = write_trf(t, entrants, played);
  EXPECT_NE(got.find("092 Individual: Round-Robin\r\n"), std::string::npos);
  EXPECT_NE(got.find("132" + std::string(88, ' ') + "26/12/05\r\n"), std::string::npos);
  EXPECT_NE(got.find("001    1      A" + std::string(33, ' ') + "2000" + std::string(28, ' ') +
                     " 0.0    3  0000 - Z\r\n"),  // 2 and 3 share rank 1
            std::string::npos)
      << got;
}

}  // namespace
}  // namespace oyin::tournament
