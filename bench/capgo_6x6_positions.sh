# Sourced by the 6x6 proof scripts (capgo_6x6_proof.sh, capgo_6x6_opening.sh, capgo_dfpn_parts.sh).

# position_with BLACK WHITE TO_MOVE: the 6x6 position (oyin's text form) with a black stone at
# point BLACK (e.g. C3), a white stone at WHITE ("" for none), and TO_MOVE (b or w) to move.
position_with() {
  local bx=$(( $(printf '%d' "'${1:0:1}") - 65 )) by=$(( ${1:1} - 1 )) wx=-1 wy=-1 rows="" row xx yy
  if [ -n "$2" ]; then wx=$(( $(printf '%d' "'${2:0:1}") - 65 )) wy=$(( ${2:1} - 1 )); fi
  for yy in 5 4 3 2 1 0; do
    row=""
    for xx in 0 1 2 3 4 5; do
      if [ $xx = $bx ] && [ $yy = $by ]; then row+="X"; elif [ $xx = $wx ] && [ $yy = $wy ]; then row+="O"; else row+="."; fi
    done
    rows+=$row
    [ $yy != 0 ] && rows+="/"
  done
  echo "6 $rows $3 0 0 0"
}

# position_after REPLY: the position after Black C3 and White REPLY (e.g. D4), Black to move.
position_after() { position_with C3 "$1" b; }

# position_after_first MOVE: the position after Black's first move MOVE, White to move.
position_after_first() { position_with "$1" "" w; }
