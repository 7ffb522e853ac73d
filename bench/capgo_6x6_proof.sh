#!/bin/bash
# Rebuilds the proof certificate of capture Go 6x6 from the empty board (target 1, passing
# forbidden: Black wins with C3) and checks it. The proof is made in parts, so that it can run
# in several processes and be resumed: Black's C3, then each of White's 20 replies up to the
# mirror image in the diagonal through C3 (C3 lies on it), each solved from the position after
# it with its own certificate; then the empty board is solved with those certificates known
# (`--known-proof`), which writes the whole certificate, and `oyin verify-proof` checks it with
# the rules alone.
#
#   bench/capgo_6x6_proof.sh [OUT_DIR] [STREAMS]
#     OUT_DIR  where the certificates and logs go (default /work/proofs/6x6); never the repository
#     STREAMS  how many parts are solved at once (default 1; each process takes one core)
# Environment: OYIN (the binary, default build/oyin), MEMORY (table GB a part, default 4).
# A part whose certificate exists is not solved again, so a stopped run resumes where it was.
set -euo pipefail
OYIN=${OYIN:-build/oyin}
OUT=${1:-/work/proofs/6x6}
STREAMS=${2:-1}
MEMORY=${MEMORY:-4}
RULES=size=6,target=1,pass=0
mkdir -p "$OUT/parts" "$OUT/logs" "$OUT/locks"

# position_after REPLY: the 6x6 position after Black C3 and White REPLY, Black to move.
source "$(dirname "$0")/capgo_6x6_positions.sh"

# White's replies with column <= row (the diagonal mirror gives the others), hardest last.
REPLIES="A1 A2 A3 A4 A5 A6 B2 B6 C6 D6 E6 F6 B3 B5 E5 C5 D5 B4 D4 C4"

stream() {
  local r
  for r in $REPLIES; do
    [ -s "$OUT/parts/c3-$r.proof" ] && continue
    mkdir "$OUT/locks/$r" 2>/dev/null || continue
    echo "part C3 $r: $(date +%T)"
    /usr/bin/time -f "rusage: %U s user, %S s sys, %e s wall, max rss %M KB" \
      "$OYIN" solve capgo --rules $RULES --position "$(position_after $r)" --memory "$MEMORY" \
      --proof "$OUT/parts/c3-$r.proof.tmp" >"$OUT/logs/part-$r.log" 2>&1
    mv "$OUT/parts/c3-$r.proof.tmp" "$OUT/parts/c3-$r.proof"
    grep -v '^progress' "$OUT/logs/part-$r.log"
  done
}

rm -rf "$OUT/locks"/*
for ((i = 0; i < STREAMS; i++)); do stream & done
wait

known=()
for r in $REPLIES; do known+=(--known-proof "$OUT/parts/c3-$r.proof"); done
"$OYIN" solve capgo --rules $RULES --memory 1 --quiet "${known[@]}" --proof "$OUT/6x6-empty.proof"
/usr/bin/time -f "rusage: %U s user, %S s sys, %e s wall, max rss %M KB" \
  "$OYIN" verify-proof "$OUT/6x6-empty.proof" --quiet
ls -l "$OUT/6x6-empty.proof"
sha256sum "$OUT/6x6-empty.proof"
