#!/bin/bash
# Builds the perfect-play table of 6x6 capture Go (target 1, passing forbidden) that the computer
# player ships with (data/capgo/perfect_6x6.txt, compiled in; search/capgo/perfect_table.h).
#  1. Black's answer to each of White's 20 replies to C3 up to symmetry, by `oyin solve` from the
#     position after the reply (logs/C3-<reply>.log).
#  2. Below each reply solved in 1: every position of the proof with Black to move that the solver
#     does not settle within SETTLE nodes (what the computer has at level 5), with its winning
#     move, through every White reply, by build/oyin_perfect_rows (rows/C3-<reply>.txt; a reply
#     whose run did not end keeps the rows it made, each a proved winning move, and the next run
#     resumes from them: oyin_perfect_rows --resume, the longest stopped output kept as .stopped).
#  2w. White's side: below White's proved answer to each of Black's losing first moves (A1 B1, B1 C2,
#     C1 C2, B2 C3), every position with White to move that the solver does not settle within
#     SETTLE nodes, the same way (rows/W-<first move>.txt).
#  3. The table: the rows that the certificates of docs/research/capgo-6x6-proof.md prove (the
#     first move C3; White's winning answer to each losing first move of Black; Black's answer to
#     a reply not solved here when a certificate of that part gave one), then the rows of 1 and 2,
#     each position once up to symmetry, and the "end" line (POSIX cksum).
#
#   bench/capgo_perfect_table.sh [WORK_DIR] [STREAMS] [OUT]
#     WORK_DIR  logs and rows (default /work/proofs/perfect); never the repository
#     STREAMS   how many solves run at once (default 1; each process takes one core)
#     OUT       the table written (default data/capgo/perfect_6x6.txt)
# Environment: OYIN (default build/oyin), ROWS (default build/oyin_perfect_rows), MEMORY (table
# GB of a solve, default 8: the three biggest solves then take 8.4 GB resident each), NODES (the
# most nodes a solve of 1 may take, default 1000000000),
# TIME (its most seconds, default 1800), SETTLE (default 100000), ROWS_TIME (the most seconds of
# a reply's run in 2, default 3600), DEADLINE (a time in seconds since 1970 after which no run of 2
# goes on), WRITE_ONLY (1: solve nothing, write the table from WORK_DIR).
# df-pn is deterministic: the same binaries and settings give the same rows for every step that
# ends within its limits. A step whose output is complete is not run again, so a stopped run
# resumes.
set -euo pipefail
OYIN=${OYIN:-build/oyin}
ROWS=${ROWS:-build/oyin_perfect_rows}
WORK=${1:-/work/proofs/perfect}
STREAMS=${2:-1}
OUT=${3:-data/capgo/perfect_6x6.txt}
MEMORY=${MEMORY:-8}
NODES=${NODES:-1000000000}
TIME=${TIME:-1800}
SETTLE=${SETTLE:-100000}
ROWS_TIME=${ROWS_TIME:-3600}
RULES=size=6,target=1,pass=0
mkdir -p "$WORK/logs" "$WORK/rows" "$WORK/locks"
source "$(dirname "$0")/capgo_6x6_positions.sh"

# White's replies to C3 with column <= row (the diagonal mirror gives the others), quickest first
# (the two contact replies C5 and D4 need the 8 GB table: 146 M and 260 M nodes with it, while
# with 2 GB they did not finish within 400 M).
REPLIES="A1 A6 F6 A2 A5 B6 A4 B3 A3 B2 E6 C6 E5 D6 B5 C4 B4 D5 C5 D4"
# Black's answers proved by the certificates of the parts (docs/research/capgo-6x6-proof.md, "The
# 6x6 proof certificate", the parts' table): the row when a reply is not solved here.
declare -A KNOWN=([A1]=B1 [A2]=B2 [A3]=B4 [A4]=B4 [A5]=B4 [A6]=A5 [B2]=C2 [B3]=B4 [B4]=C4 [B5]=C5 [B6]=C5
                  [C4]=D4 [C6]=C5 [D5]=D4 [D6]=E5 [E5]=D4 [E6]=D5 [F6]=F5)

# Seconds a run of step 2 or 2w may take: ROWS_TIME, less when DEADLINE comes sooner.
time_left() {
  local limit=$ROWS_TIME
  [ -n "${DEADLINE:-}" ] && limit=$(( DEADLINE - $(date +%s) < limit ? DEADLINE - $(date +%s) : limit ))
  echo "$limit"
}

solved() { grep -qs '^Result: B' "$WORK/logs/C3-$1.log"; }

rows_in() { local n; n=$(grep -cs ' : ' "$1" || true); echo "${n:-0}"; }

# A run of oyin_perfect_rows into $1 from the moves $2 (the side to move loses), at most $3 seconds,
# resumed from the longest earlier output that was stopped ($1.stopped) when there is one.
run_rows() {
  local out=$1 moves=$2 limit=$3 resume=()
  [ "$(rows_in "$out")" -gt "$(rows_in "$out.stopped")" ] && mv "$out" "$out.stopped"
  [ -s "$out.stopped" ] && resume=(--resume "$out.stopped")
  timeout -s INT "$limit" "$ROWS" --rules $RULES --moves "$moves" --to-move-loses --settle "$SETTLE" \
    --nodes "$NODES" --memory "$MEMORY" "${resume[@]}" >"$out" 2>&1 || true
}

solve_stream() {
  local r log
  for r in $REPLIES; do
    log="$WORK/logs/C3-$r.log"
    grep -qs '^Result: ' "$log" && continue
    mkdir "$WORK/locks/solve-$r" 2>/dev/null || continue
    echo "C3 $r: solving from $(date +%T)"
    /usr/bin/time -f "rusage: %U s user, %S s sys, %e s wall, max rss %M KB" \
      "$OYIN" solve capgo --rules $RULES --position "$(position_after "$r")" --memory "$MEMORY" \
      --nodes "$NODES" --time "$TIME" --quiet >"$log.tmp" 2>&1 || true
    mv "$log.tmp" "$log"
    echo "C3 $r: $(grep -E '^(Nodes|Result|First move)' "$log" | tr '\n' ' ')"
  done
}

rows_stream() {
  local r rows limit answer
  for r in $REPLIES; do
    rows="$WORK/rows/C3-$r.txt"
    solved "$r" || continue
    grep -qs '^Nodes: ' "$rows" && ! grep -qs '(stopped)' "$rows" && continue
    limit=$(time_left)
    [ "$limit" -le 0 ] && continue
    mkdir "$WORK/locks/rows-$r" 2>/dev/null || continue
    echo "C3 $r: rows from $(date +%T), at most $limit s"
    # From the position after Black's answer of step 1 (White to move, lost): its solve is not redone.
    answer=$(sed -n 's/^First move: \([A-Z][0-9]*\) (wins)$/\1/p' "$WORK/logs/C3-$r.log")
    run_rows "$rows" "C3 $r $answer" "$limit"
    echo "C3 $r: $(grep -c ' : ' "$rows") rows; $(grep -E '^(Positions|Time)' "$rows" | tr '\n' ' ')"
  done
}

# Black's losing first moves and White's proved answers (the certificates after-*.proof).
LOSING="A1:B1 B1:C2 C1:C2 B2:C3"

white_stream() {
  local pair first answer rows limit
  for pair in $LOSING; do
    first=${pair%:*} answer=${pair#*:}
    rows="$WORK/rows/W-$first.txt"
    grep -qs '^Nodes: ' "$rows" && ! grep -qs '(stopped)' "$rows" && continue
    limit=$(time_left)
    [ "$limit" -le 0 ] && continue
    mkdir "$WORK/locks/white-$first" 2>/dev/null || continue
    echo "$first $answer: White's rows from $(date +%T), at most $limit s"
    run_rows "$rows" "$first $answer" "$limit"
    echo "$first $answer: $(grep -c ' : ' "$rows") rows; $(grep -E '^(Positions|Time)' "$rows" | tr '\n' ' ')"
  done
}

if [ "${WRITE_ONLY:-0}" != 1 ]; then
  rm -rf "$WORK/locks"/*
  for ((i = 0; i < STREAMS; i++)); do solve_stream & done
  wait
  for ((i = 0; i < STREAMS; i++)); do rows_stream & done
  wait
  for ((i = 0; i < STREAMS; i++)); do white_stream & done
  wait
fi

rows=""
solved_n=0 known_n=0 below_n=0
for r in $REPLIES; do
  log="$WORK/logs/C3-$r.log"
  if solved "$r" && grep -q '^First move: .* (wins)' "$log"; then
    answer=$(sed -n 's/^First move: \([A-Z][0-9]*\) (wins)$/\1/p' "$log")
    rows+="C3 $r : $answer  # solved: $(sed -n 's/^Nodes: //p' "$log") nodes"$'\n'
    solved_n=$((solved_n + 1))
    if grep -qs '^Nodes: ' "$WORK/rows/C3-$r.txt" && ! grep -qs '(stopped)' "$WORK/rows/C3-$r.txt"; then
      below_n=$((below_n + 1))
    fi
    [ -s "$WORK/rows/C3-$r.txt" ] && rows+="$(grep ' : ' "$WORK/rows/C3-$r.txt" | grep -v "^C3 $r : " || true)"$'\n'
  elif [ -n "${KNOWN[$r]:-}" ]; then
    rows+="C3 $r : ${KNOWN[$r]}  # certificate c3-$r.proof of the parts"$'\n'
    known_n=$((known_n + 1))
  else
    echo "C3 $r: not solved within $NODES nodes / $TIME s and no certificate: left out" >&2
  fi
done
white_n=0
for pair in $LOSING; do
  first=${pair%:*}
  w="$WORK/rows/W-$first.txt"
  [ -s "$w" ] || { echo "$first ${pair#*:}: White's rows not made: left out" >&2; continue; }
  grep -qs '^Nodes: ' "$w" && ! grep -qs '(stopped)' "$w" && white_n=$((white_n + 1))
  rows+="$(grep ' : ' "$w" || true)"$'\n'
done
cert="the 6x6 certificate (sha256 66adbdef4519af5394d35d35d136b31fc71cf607afdbfa008e776f4aaf5905e5)"
{
  echo "oyin perfect 1"
  echo "rules $RULES"
  echo "# Perfect play for 6x6 capture Go, target 1, passing forbidden: '<moves from the empty board> : <the"
  echo "# winning move there>', read up to the 8 symmetries of the board. Made by"
  echo "# bench/capgo_perfect_table.sh (MEMORY=$MEMORY NODES=$NODES SETTLE=$SETTLE). Of White's 20 replies to C3"
  echo "# (up to symmetry) $solved_n solved here, $below_n of them followed to the end (every position below"
  echo "# with Black to move settled within $SETTLE nodes or in the table), $known_n from certificates."
  echo "# White's side below its answer to Black's losing first moves: $white_n of 4 followed to the end."
  printf '%s\n' " : C3  # $cert" \
    "A1 : B1  # White wins at once (a ladder); certificate 6x6-after-A1.proof" \
    "B1 : C2  # certificate after-B1.proof (sha256 cbd55c4bb6dd396c6e9624ac477802f53c45709cf7eb4b11b24fc7b4725dafb3)" \
    "C1 : C2  # certificate after-C1.proof (sha256 d0b50c091df7b8b537cd62887bdc1473633ca0ef050d386e2206d041abd68137)" \
    "B2 : C3  # certificate after-B2.proof (sha256 d71f48264f365cd4d724ea9ffb11f294fb6269c05c405575428cc7bedb7cb36a)"
  printf '%s' "$rows" | grep ' : ' | "$ROWS" --rules $RULES --unique
} >"$OUT.tmp"
echo "end $(cksum <"$OUT.tmp" | awk '{print $1, $2}')" >>"$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "$OUT: $(grep -c ' : ' "$OUT") rows, $(wc -c <"$OUT") bytes, sha256 $(sha256sum "$OUT" | cut -d' ' -f1)"
