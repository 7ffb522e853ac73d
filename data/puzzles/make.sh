#!/bin/sh
# Rebuilds a shipped puzzle file: data/puzzles/make.sh GAME [OUT]
#
# Each shipped file is the concatenation, in the order below, of `oyin puzzles generate` runs
# over consecutive seeds, with a position that an earlier run already gave dropped (the first
# one kept). Generation is deterministic (one thread, node limits, seeded self-play), so the
# same binary rebuilds the same bytes. OYIN names the binary (default build/oyin); JOBS runs
# that many seeds at once (default 1; the parts are joined in seed order either way).
set -eu
game=${1:?usage: data/puzzles/make.sh togyz|tojmot|capgo [OUT]}
out=${2:-data/puzzles/$game.jsonl}
oyin=${OYIN:-build/oyin}
jobs=${JOBS:-1}
case $game in
  togyz) count=80; seeds="1 2 3 4" ;;
  tojmot) count=20; seeds="1 2 3 4 5 6 7 8 9 11 1001 1002 1003 2001 2002" ;;
  capgo) count=20; seeds="1 2 3 4 5 6 7 8 9 10 11 12 1001 1002 1003 1004 1005" ;;
  *) echo "make.sh: unknown game '$game' (togyz, tojmot or capgo)" >&2; exit 2 ;;
esac
parts=$(mktemp -d)
trap 'rm -rf "$parts"' EXIT
# One run per seed; a run that finds fewer than --count puzzles fails, and so does this script.
printf '%s\n' $seeds | xargs -P "$jobs" -I{} \
  "$oyin" puzzles generate "$game" --count "$count" --seed {} --out "$parts/{}.jsonl" --quiet
for s in $seeds; do cat "$parts/$s.jsonl"; done |
  awk 'match($0, /"position":"[^"]*"/) { p = substr($0, RSTART, RLENGTH); if (seen[p]++) next } { print }' >"$parts/all"
mv "$parts/all" "$out"
echo "Wrote $(wc -l <"$out") $game puzzles to $out"
