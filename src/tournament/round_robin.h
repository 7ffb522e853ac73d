#pragma once
// Round robin by the Berger tables (FIDE Handbook C.05, Annex 1): with n players (a dummy "bye"
// added when n is odd) n - 1 rounds; player n alternates colours, and the others meet by the
// table's rotation. A double round robin plays the table twice, colours reversed the second time.
#include <vector>

#include "tournament/types.h"

namespace oyin::tournament {

// The pairings of round `round` (1-based) for `players` entrants; a pairing with the dummy is a
// bye (black 0).
std::vector<Pairing> berger_round(int players, int round, bool double_round_robin = false);
int berger_rounds(int players, bool double_round_robin = false);

}  // namespace oyin::tournament
