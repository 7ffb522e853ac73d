# Sourced by the 6x6 proof scripts (capgo_6x6_proof.sh, capgo_dfpn_parts.sh).
# The position after Black C3 and White at point $1 (e.g. D4), Black to move.
position_after() {
  local x=$(( $(printf '%d' "'${1:0:1}") - 65 )) y=$(( ${1:1} - 1 )) rows="" row xx yy
  for yy in 5 4 3 2 1 0; do
    row=""
    for xx in 0 1 2 3 4 5; do
      if [ $xx = 2 ] && [ $yy = 2 ]; then row+="X"; elif [ $xx = $x ] && [ $yy = $y ]; then row+="O"; else row+="."; fi
    done
    rows+=$row
    [ $yy != 0 ] && rows+="/"
  done
  echo "6 $rows b 0 0 0"
}
