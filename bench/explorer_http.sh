#!/usr/bin/env bash
# The answer time of GET /api/explorer over HTTP (one kept-alive connection, curl): median, 90th
# percentile and worst of N requests for each query given.
#   bench/explorer_http.sh URL N 'game=togyz' 'game=togyz&moves=76+98' ...
# URL is the server's base (http://127.0.0.1:8080); start it with `oyin serve --db BASE`.
set -euo pipefail
url=${1:?usage: explorer_http.sh URL N QUERY...}
n=${2:?usage: explorer_http.sh URL N QUERY...}
shift 2
for q in "$@"; do
  args=()
  for ((i = 0; i < n; i++)); do args+=("$url/api/explorer?$q" -o /dev/null); done
  curl -s --fail -w '%{time_total}\n' "${args[@]}" | sort -n |
    awk -v q="$q" '{t[NR] = $1 * 1000} END {printf "%-40s n=%d median %.2f ms, p90 %.2f ms, max %.2f ms\n", q, NR, t[int((NR + 1) / 2)], t[int(NR * 0.9)], t[NR]}'
done
