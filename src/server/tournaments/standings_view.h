#pragma once
// A tournament's standings and its format's own views (a round robin's crosstable, a knockout's
// bracket) and its FIDE report file, as the API gives them, from the pairing rules' sums
// (src/tournament/standings.h, knockout.h, trf.h).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "storage/tournament_store.h"

namespace oyin::server::tournaments {

// [{"rank","username","score","tiebreaks":{...},"games","wins"}], best first.
nlohmann::json standings_json(const storage::TournamentRow& t, const std::vector<storage::TournamentPlayer>& players,
                              const std::vector<storage::TournamentPairing>& pairings);
// "crosstable" (round robin), "bracket" (knockout), "sheets" (arena) added to `out`.
void add_format_views(const storage::TournamentRow& t, const std::vector<storage::TournamentPlayer>& players,
                      const std::vector<storage::TournamentPairing>& pairings, nlohmann::json& out);
// The TRF-16 text of a Swiss or round-robin tournament.
std::string trf_text(const storage::TournamentRow& t, const std::vector<storage::TournamentPlayer>& players,
                     const std::vector<storage::TournamentPairing>& pairings);

}  // namespace oyin::server::tournaments
