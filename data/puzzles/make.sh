#!/bin/sh
# Rebuilds a shipped puzzle file: data/puzzles/make.sh GAME [OUT]
#
# Each shipped file is the merge (`oyin puzzles merge`), in the order below, of `oyin puzzles
# generate` runs: a puzzle that repeats an earlier one up to symmetry, or lies inside an earlier
# one's solution, is dropped (the first kept). A run is a goal of the game ("-" its own, the
# game's end, else `--goal NAME`), a source of that goal ("-" its default mix, else `--source
# NAME`), a count and seeds (ids carry the seed, so each seed is used once per game). Generation is deterministic (one thread, node
# limits, seeded self-play), so the same binary rebuilds the same bytes. OYIN names the binary
# (default build/oyin); JOBS runs that many at once (default 1; the parts are joined in the
# order below either way). Togyz reads the real games of ../shared/data/togyz (SHARED= another
# folder holding data/togyz); they are not in the repository, and without them the file cannot
# be rebuilt.
set -eu
game=${1:?usage: data/puzzles/make.sh togyz|tojmot|capgo [OUT]}
out=${2:-data/puzzles/$game.jsonl}
oyin=${OYIN:-build/oyin}
jobs=${JOBS:-1}
shared=${SHARED:-../shared}
records=
# Runs, one a line: GOAL SOURCE COUNT SEED...
case $game in
  togyz)
    runs="- - 80 1 2 3 4 5 6 7 8 9 10 11 12 13
- records 127 101
- middle 7 102
stones - 640 501"
    for f in championship-games.pgn playok-games.pgn; do
      if [ ! -r "$shared/data/togyz/$f" ]; then
        echo "make.sh: $shared/data/togyz/$f is missing: the Togyz file needs the real games (SHARED=...)" >&2
        exit 2
      fi
      records="$records --records $shared/data/togyz/$f"
    done ;;
  tojmot) runs="- - 20 1 2 3 4 5 6 7 8 9 11 1001 1002 1003 2001 2002 $(seq -s " " 12 31)
material - 20 $(seq -s " " 3001 3036)" ;;
  capgo) runs="- - 20 1 2 3 4 5 6 7 8 9 10 11 12 1001 1002 1003 1004 1005
- 9x9 20 $(seq -s ' ' 101 140)
- 9x9-target2 20 201 202
- 9x9-target3 20 301 302
- table-6x6 10 403 404 405 406" ;;
  *) echo "make.sh: unknown game '$game' (togyz, tojmot or capgo)" >&2; exit 2 ;;
esac
parts=$(mktemp -d)
trap 'rm -rf "$parts"' EXIT
# One job a line: GOAL SOURCE COUNT SEED, in the order of the runs.
echo "$runs" | while read -r goal source count seeds; do
  for s in $seeds; do echo "$goal $source $count $s"; done
done >"$parts/jobs"
# A run that finds fewer than its count fails, and so does this script.
export OYIN_BIN="$oyin" GAME="$game" PARTS="$parts" RECORDS="$records"
# shellcheck disable=SC2016
xargs -P "$jobs" -L 1 sh -c '
  opt=; [ "$1" = - ] || opt="--goal $1"
  [ "$2" = - ] || opt="$opt --source $2"
  rec=; case $1/$2 in */records|*/middle|stones/*) rec=$RECORDS ;; esac
  "$OYIN_BIN" puzzles generate "$GAME" $opt $rec --count "$3" --seed "$4" --out "$PARTS/$1-$2-$4.jsonl" --quiet
' run <"$parts/jobs"
files=
while read -r goal source count seed; do files="$files $parts/$goal-$source-$seed.jsonl"; done <"$parts/jobs"
"$oyin" puzzles merge --out "$parts/all" $files
mv "$parts/all" "$out"
echo "Wrote $(wc -l <"$out") $game puzzles to $out"
