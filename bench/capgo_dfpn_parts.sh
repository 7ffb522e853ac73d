#!/bin/bash
# The df-pn node counts on a few parts of the 6x6 proof (Black to move after Black C3 and a White
# reply; every one a win for Black) and the 5x5 empty board: the quick check of a change to the
# solver's search (README, "Solving speed"). Node counts are exact; the CPU seconds depend on
# the machine and its load.
#
#   bench/capgo_dfpn_parts.sh [OYIN]     e.g. REPLIES="A3 B2 B3 E6" bench/capgo_dfpn_parts.sh build/oyin
# Environment: REPLIES (White's replies to C3, default "A3 B2 B3 E6 C6 E5").
set -euo pipefail
OYIN=${1:-build/oyin}

# position_after REPLY: the 6x6 position after Black C3 and White REPLY, Black to move.
source "$(dirname "$0")/capgo_6x6_positions.sh"

total_nodes=0
total_cpu=0
for r in ${REPLIES:-A3 B2 B3 E6 C6 E5}; do
  out=$("$OYIN" solve capgo --rules size=6,target=1,pass=0 --position "$(position_after "$r")" --memory 2 --quiet)
  nodes=$(awk '/^Nodes:/{print $2}' <<<"$out")
  cpu=$(awk '/^Time:/{print $5}' <<<"$out")
  result=$(awk '/^Result:/{print $2}' <<<"$out")
  echo "C3 $r: $nodes nodes, $cpu s CPU, $result"
  total_nodes=$((total_nodes + nodes))
  total_cpu=$(awk -v a="$total_cpu" -v b="$cpu" 'BEGIN{print a + b}')
done
out=$("$OYIN" solve capgo --rules size=5,target=1,pass=0 --memory 1 --quiet)
echo "5x5 empty: $(awk '/^Nodes:/{print $2}' <<<"$out") nodes, $(awk '/^Result:/{print $2}' <<<"$out")"
echo "6x6 parts: $total_nodes nodes, $total_cpu s CPU"
