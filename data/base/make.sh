#!/bin/sh
# Rebuilds a shipped computer-games file of the game base: data/base/make.sh GAME [OUT]
#
# Until people's rated games fill the base, the Tojmot and capture Go bases start with games of
# the engine at full strength (level 10) against itself or level 9, each side opening from the
# shipped book (so the games differ and open as the computer opens), one game at a time with a node budget per
# move, so the same binary writes the same bytes. The records say plainly that they are computer
# games: the event "oyin computer games" and the players "oyin level N". `oyin serve` does not
# read these files; `make run` imports them (`oyin import --source computer`), and an operator
# does the same on a site's store (docs/game-base.md "Computer games").
set -eu
game=${1:?usage: data/base/make.sh tojmot|capgo [OUT]}
oyin=${OYIN:-build/oyin}
# The second engine: in Tojmot level 10 against itself plays the same game whenever the book
# opens the same way (its search has no chance in it), so level 9 (the two best moves, a little
# noise, seeded per game) takes the other side; capture Go's tree search differs by its seed.
case $game in
  tojmot) out=${2:-data/base/tojmot-computer.pgn}; games=40; nodes=20000; flag=--records; second=9 ;;
  capgo) out=${2:-data/base/capgo-computer.sgf}; games=120; nodes=10000; flag=--sgf; second=10 ;;
  *) echo "make.sh: unknown game '$game' (tojmot or capgo)" >&2; exit 2 ;;
esac
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
"$oyin" match "$game" --engine1 "builtin:level=10,book=default,name=oyin level 10" \
  --engine2 "builtin:level=$second,book=default,name=oyin level $second" --nodes "$nodes" --games "$games" \
  --seed 1 --max-plies 600 "$flag" "$tmp" --quiet >&2
# The match names its event and tells its two engines apart by a number; the records say
# what they are.
sed -e 's/^\[Event "oyin match"\]$/[Event "oyin computer games"]/' \
    -e 's/EV\[oyin match\]/EV[oyin computer games]/' -e 's/oyin level 10 #[12]/oyin level 10/g' "$tmp" >"$out"
echo "Wrote $(grep -c '^\[Event \|EV\[' "$out") $game computer games to $out"
