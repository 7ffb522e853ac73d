#pragma once
// Maximum matching in a general graph (Edmonds' blossom algorithm, O(n^3)): the oracle that tells
// the Swiss pairing whether the players still unpaired can all be paired, so that its search never
// paints itself into a corner (docs/tournaments.md).
#include <vector>

namespace oyin::tournament {

// `allowed[a][b]`: a and b may meet (symmetric, n × n). Returns mate[v] (-1 when unmatched) of a
// maximum matching; deterministic for a given graph.
std::vector<int> maximum_matching(const std::vector<std::vector<char>>& allowed);

}  // namespace oyin::tournament
