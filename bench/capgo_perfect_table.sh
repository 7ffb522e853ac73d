#!/bin/bash
# Builds the perfect-play table of 6x6 capture Go (target 1, passing forbidden) that the computer
# player ships with (data/capgo/perfect_6x6.txt, compiled in): Black's winning answer to each of
# White's 20 replies to C3 up to symmetry (the positions where the solver needs far more than a
# move's time), each found by `oyin solve` from the position after the reply, and the rows that
# the certificates of docs/research/capgo-6x6-proof.md prove (the first move C3; White's winning
# answer to each losing first move of Black; Black's answer to a reply not solved here, when a
# certificate of that part gave one).
#
#   bench/capgo_perfect_table.sh [WORK_DIR] [STREAMS] [OUT]
#     WORK_DIR  logs of the solves (default /work/proofs/perfect); never the repository
#     STREAMS   how many solves run at once (default 1; each process takes one core and MEMORY GB)
#     OUT       the table written (default data/capgo/perfect_6x6.txt)
# Environment: OYIN (default build/oyin), MEMORY (table GB a solve, default 4), NODES (the most
# nodes a solve may take, default 1000000000), TIME (the most seconds, default 3600), WRITE_ONLY
# (1: solve nothing, write the table from the logs there are).
# df-pn is deterministic: the same binary, MEMORY and NODES give the same rows. A solve whose log
# ends with a result is not run again, so a stopped run resumes; a reply not solved within NODES
# is left out of the table (the computer then solves on the fly or searches).
set -euo pipefail
OYIN=${OYIN:-build/oyin}
WORK=${1:-/work/proofs/perfect}
STREAMS=${2:-1}
OUT=${3:-data/capgo/perfect_6x6.txt}
MEMORY=${MEMORY:-4}
NODES=${NODES:-1000000000}
TIME=${TIME:-3600}
RULES=size=6,target=1,pass=0
mkdir -p "$WORK/logs" "$WORK/locks"
source "$(dirname "$0")/capgo_6x6_positions.sh"

# White's replies to C3 with column <= row (the diagonal mirror gives the others), quickest first
# (the two contact replies C5 and D4 did not finish alone within 400 M nodes).
REPLIES="A1 A6 F6 A2 A5 B6 A4 B3 A3 B2 E6 C6 E5 D6 B5 C4 B4 D5 C5 D4"
# Black's answers proved by the certificates of the parts (docs/research/capgo-6x6-proof.md, "The
# 6x6 proof certificate", the parts' table): the row when a reply is not solved here.
declare -A KNOWN=([A1]=B1 [A2]=B2 [A3]=B4 [A4]=B4 [A5]=B4 [A6]=A5 [B2]=C2 [B3]=B4 [B4]=C4 [B5]=C5 [B6]=C5
                  [C4]=D4 [C6]=C5 [D5]=D4 [D6]=E5 [E5]=D4 [E6]=D5 [F6]=F5)

stream() {
  local r log
  for r in $REPLIES; do
    log="$WORK/logs/C3-$r.log"
    grep -q '^Result: ' "$log" 2>/dev/null && continue
    mkdir "$WORK/locks/$r" 2>/dev/null || continue
    echo "C3 $r: solving from $(date +%T)"
    /usr/bin/time -f "rusage: %U s user, %S s sys, %e s wall, max rss %M KB" \
      "$OYIN" solve capgo --rules $RULES --position "$(position_after "$r")" --memory "$MEMORY" \
      --nodes "$NODES" --time "$TIME" --quiet >"$log.tmp" 2>&1 || true
    mv "$log.tmp" "$log"
    echo "C3 $r: $(grep -E '^(Nodes|Result|First move)' "$log" | tr '\n' ' ')"
  done
}

if [ "${WRITE_ONLY:-0}" != 1 ]; then
  rm -rf "$WORK/locks"/*
  for ((i = 0; i < STREAMS; i++)); do stream & done
  wait
fi

rows=""
solved=0
known=0
for r in $REPLIES; do
  log="$WORK/logs/C3-$r.log"
  if grep -qs '^Result: B' "$log" && grep -q '^First move: .* (wins)' "$log"; then
    answer=$(sed -n 's/^First move: \([A-Z][0-9]*\) (wins)$/\1/p' "$log")
    nodes=$(sed -n 's/^Nodes: //p' "$log")
    rows+="C3 $r : $answer  # solved: $nodes nodes"$'\n'
    solved=$((solved + 1))
  elif [ -n "${KNOWN[$r]:-}" ]; then
    rows+="C3 $r : ${KNOWN[$r]}  # certificate c3-$r.proof of the parts"$'\n'
    known=$((known + 1))
  else
    echo "C3 $r: not solved within $NODES nodes / $TIME s and no certificate: left out" >&2
  fi
done
cert="the 6x6 certificate (sha256 66adbdef4519af5394d35d35d136b31fc71cf607afdbfa008e776f4aaf5905e5)"
{
  echo "oyin perfect 1"
  echo "rules $RULES"
  echo "# Perfect play for 6x6 capture Go, target 1, passing forbidden: '<moves from the empty board> : <the"
  echo "# winning move there>'. Made by bench/capgo_perfect_table.sh (MEMORY=$MEMORY NODES=$NODES);"
  echo "# Of White's 20 replies to C3 (up to symmetry) $solved solved here, $known from certificates."
  echo "# Read up to the 8 symmetries of the board."
  echo " : C3  # $cert"
  echo "A1 : B1  # White wins at once (a ladder); certificate 6x6-after-A1.proof"
  echo "B1 : C2  # certificate after-B1.proof (sha256 cbd55c4bb6dd396c6e9624ac477802f53c45709cf7eb4b11b24fc7b4725dafb3)"
  echo "C1 : C2  # certificate after-C1.proof (sha256 d0b50c091df7b8b537cd62887bdc1473633ca0ef050d386e2206d041abd68137)"
  echo "B2 : C3  # certificate after-B2.proof (sha256 d71f48264f365cd4d724ea9ffb11f294fb6269c05c405575428cc7bedb7cb36a)"
  printf '%s' "$rows"
} >"$OUT.tmp"
echo "end $(cksum <"$OUT.tmp" | awk '{print $1, $2}')" >>"$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "$OUT: $(grep -c ' : ' "$OUT") rows, $(wc -c <"$OUT") bytes, sha256 $(sha256sum "$OUT" | cut -d' ' -f1)"
