#!/bin/bash
# The 6x6 opening table of capture Go (target 1, passing forbidden): the value of each first
# move of Black up to symmetry, each solved from the position after it (White to move) with a
# proof certificate of its own, which `oyin verify-proof` then checks with the rules alone.
# C3 is also inside the empty board's certificate (capgo_6x6_proof.sh).
#
#   bench/capgo_6x6_opening.sh [OUT_DIR] [STREAMS]
#     OUT_DIR  where the certificates and logs go (default /work/proofs/opening); never the repository
#     STREAMS  how many moves are solved at once (default 1; each process takes one core and MEMORY)
# Environment: OYIN (the binary, default build/oyin), MEMORY (table GB a move, default 7),
#   MOVES (default "A1 B1 C1 B2 C2 C3"), TIME (seconds a move may take, default none).
# A move whose certificate exists is not solved again. Each move's df-pn table is kept in
# OUT_DIR/tables (`oyin solve --table`, up to MEMORY GB a move on disk), so a move stopped by TIME
# or Ctrl-C goes on where it stopped when the script is run again.
set -euo pipefail
OYIN=${OYIN:-build/oyin}
OUT=${1:-/work/proofs/opening}
STREAMS=${2:-1}
MEMORY=${MEMORY:-7}
MOVES=${MOVES:-A1 B1 C1 B2 C2 C3}
RULES=size=6,target=1,pass=0
mkdir -p "$OUT/logs" "$OUT/locks" "$OUT/tables"

# position_after_first MOVE: the position after Black's first move, White to move.
source "$(dirname "$0")/capgo_6x6_positions.sh"

stream() {
  local m limit=()
  [ -n "${TIME:-}" ] && limit=(--time "$TIME")
  for m in $MOVES; do
    [ -s "$OUT/after-$m.proof" ] && continue
    mkdir "$OUT/locks/$m" 2>/dev/null || continue
    echo "after $m: solving from $(date +%T)"
    if /usr/bin/time -f "rusage: %U s user, %S s sys, %e s wall, max rss %M KB" \
      "$OYIN" solve capgo --rules $RULES --position "$(position_after_first "$m")" --memory "$MEMORY" \
      "${limit[@]}" --table "$OUT/tables/after-$m.table" --proof "$OUT/after-$m.proof.tmp" >>"$OUT/logs/after-$m.log" 2>&1; then
      mv "$OUT/after-$m.proof.tmp" "$OUT/after-$m.proof"
    fi
    grep -v '^progress' "$OUT/logs/after-$m.log" | tail -n 12 | sed "s/^/  $m: /"
  done
}

rm -rf "$OUT/locks"/*
for ((i = 0; i < STREAMS; i++)); do stream & done
wait

echo "| Black's first move | value | bytes | records | positions | sha256 | verify time |"
for m in $MOVES; do
  f="$OUT/after-$m.proof"
  if [ ! -s "$f" ]; then
    echo "| $m | unknown | | | | | |"
    continue
  fi
  v=$("$OYIN" verify-proof "$f" --quiet 2>&1) || true
  result=$(grep -o '^Result: proved ([BW] wins)' <<<"$v" | cut -c9- || true)
  records=$(grep -o '[0-9]* records$' <<<"$v" | head -1 | cut -d' ' -f1 || true)
  positions=$(awk '/^Positions:/{print $2}' <<<"$v")
  vtime=$(awk '/^Time:/{print $2, $3, $4}' <<<"$v" | tr -d ,)
  echo "| $m | ${result:-NOT VERIFIED} | $(stat -c %s "$f") | $records | $positions | $(sha256sum "$f" | cut -c1-64) | $vtime |"
done
