#pragma once
// The Swiss system, Dutch pairing (FIDE Handbook C.04.3) in a documented simplification
// (docs/tournaments.md, "Swiss"): score brackets from the top, each split into a top half S1 and a
// bottom half S2 by rank, S1[i] against S2[i], then transpositions of S2 and exchanges with S1 in
// that order, players left over floating down to the next bracket; never the same two players
// twice; one pairing-allocated bye (a full point) at most per player, to the lowest ranked who
// can take it; colours by the Dutch allocation rules (E1-E5). A search with a matching oracle
// guarantees a complete pairing whenever one exists; everything is deterministic.
#include <vector>

#include "tournament/types.h"

namespace oyin::tournament {

// The pairings of round `round` (1-based) for the active entrants, given every pairing of the
// earlier rounds (later ones are ignored). Rank order is score, then start number. The bye, if
// any, is last with black 0 and result 1. Empty when no pairing exists (every player left has
// had the bye, or everyone has met everyone) or no entrant is active.
std::vector<Pairing> swiss_round(const std::vector<Entrant>& entrants, const std::vector<Pairing>& played, int round);

}  // namespace oyin::tournament
