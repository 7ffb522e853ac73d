#!/usr/bin/env bash
# Moves a second flat out on each store (issue 42's throughput table): one SQLite server, then 1, 2
# and 4 `oyin serve` instances on one PostgreSQL database (a cluster made here with initdb, fsync
# and synchronous_commit on, as in production), each driven by web/scripts/loadtest.mjs.
# Usage: bench/store_throughput.sh [SECONDS (10)] [GAMES (200)] [THINK_MS (50)] [INSTANCE COUNTS ("1 2 4")]
# Needs build/oyin, web/ with its node_modules, postgresql-15 (all installed by `make`). Under
# root, PostgreSQL runs as the postgres user (initdb refuses root).
set -euo pipefail
secs=${1:-10}; games=${2:-200}; think=${3:-50}; counts=${4:-"1 2 4"}
root=$(cd "$(dirname "$0")/.." && pwd)
pg=/usr/lib/postgresql/15/bin
work=$(mktemp -d /tmp/oyin-throughput.XXXXXX)
chmod 755 "$work"
as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(runuser -u postgres --); chown postgres "$work"; fi
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  "${as_pg[@]}" "$pg/pg_ctl" -D "$work/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
"${as_pg[@]}" "$pg/initdb" -D "$work/data" -U oyin -A trust -E UTF8 >/dev/null
"${as_pg[@]}" "$pg/pg_ctl" -D "$work/data" -l "$work/pg.log" -w \
  -o "-k $work -c listen_addresses= -c max_connections=300" start >/dev/null
socket=$(printf '%s' "$work" | sed 's|/|%2F|g')
cap=(--max-connections-per-address 4000 --max-games-per-minute 0 --web "$root/web/dist")
port=$((20000 + RANDOM % 20000))
serve() {  # serve DB LOG: one instance on the next port; its URL in $served once it answers
  port=$((port + 1))
  "$root/build/oyin" serve --port "$port" --db "$1" "${cap[@]}" >"$2" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
  served="http://127.0.0.1:$port"
}
ticks() {  # the CPU clock ticks (user + system) of the running instances together
  local sum=0
  for p in "${pids[@]}"; do sum=$((sum + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done
  echo "$sum"
}
load() {  # load LABEL URLS: the load test's figures and the instances' CPU time per move
  local out before moves
  before=$(ticks)
  out=$(cd "$root/web" && node scripts/loadtest.mjs --url "$2" --seconds "$secs" --games "$games" --think "$think" 2>&1)
  moves=$(grep -E '^moves' <<<"$out" | awk '{print $2}')
  echo "$1: $(grep -E '^moves' <<<"$out") | $(grep -E 'latency' <<<"$out") | $(grep -E '^errors' <<<"$out") |" \
    "oyin CPU $(awk -v t=$(( $(ticks) - before )) -v m="$moves" -v hz="$(getconf CLK_TCK)" 'BEGIN {printf "%.3f", m ? 1000 * t / hz / m : 0}') ms a move"
}
echo "$(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg), ${secs} s, ${games} games, think ${think} ms"
serve "$work/oyin.sqlite" "$work/sqlite.log"
load "SQLite" "$served"
kill "${pids[@]}"; wait "${pids[@]}" 2>/dev/null || true; pids=()
for n in $counts; do
  "${as_pg[@]}" "$pg/createdb" -h "$work" -U oyin "m$n"
  urls=""
  for i in $(seq "$n"); do
    serve "postgresql://oyin@$socket/m$n" "$work/pg$n-$i.log"
    urls+="${urls:+,}$served"
  done
  load "PostgreSQL, $n instance(s)" "$urls"
  kill "${pids[@]}"; wait "${pids[@]}" 2>/dev/null || true; pids=()
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
