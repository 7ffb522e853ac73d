#!/usr/bin/env bash
# Runs every libFuzzer harness built in BUILD_DIR/fuzzers for SECONDS each:
#   fuzz/run.sh BUILD_DIR SECONDS [NAME...]     (make fuzz, make fuzz-smoke)
# FUZZ_TIMEOUT (default 10 s) is the time one input may take: raise it on a loaded machine.
# Seeds come from fuzz/corpus/<name>/ (read only); what the fuzzer finds goes to
# BUILD_DIR/corpus/<name>/, crashes to BUILD_DIR/artifacts/, logs to BUILD_DIR/logs/.
# Each run's execution count is appended to BUILD_DIR/fuzz-runs.tsv. Exit 1 on any failure.
# -reload=0: one process per corpus, so libFuzzer need not list and stat the corpus directory
# every second looking for other processes' finds (with a corpus of 2,000 files that was a
# seventh of the server_json harness's time).
set -u
build=${1:?usage: fuzz/run.sh BUILD_DIR SECONDS [NAME...]}
seconds=${2:?usage: fuzz/run.sh BUILD_DIR SECONDS [NAME...]}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in "$build"/fuzzers/*_fuzz; do names+=("$(basename "$f" _fuzz)"); done
fi
mkdir -p "$build/artifacts" "$build/logs"
failed=0
for name in "${names[@]}"; do
  bin="$build/fuzzers/${name}_fuzz"
  [ -x "$bin" ] || { echo "fuzz: $name: no harness at $bin"; failed=1; continue; }
  work="$build/corpus/$name"
  mkdir -p "$work"
  log="$build/logs/$name.log"
  start=$(date +%s)
  "$bin" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -max_len=4096 -reload=0 -print_final_stats=1 \
    -artifact_prefix="$build/artifacts/$name-" "$work" "$here/corpus/$name" >"$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  corpus=$(ls "$work" | wc -l)
  printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$name" "${runs:-0}" "$rc" >>"$build/fuzz-runs.tsv"
  if [ $rc -ne 0 ]; then
    echo "fuzz: $name FAILED after $(( $(date +%s) - start )) s (exit $rc); log $log:"
    grep -m 20 -E "ERROR|FUZZ_CHECK|SUMMARY|Test unit written|^    #[0-9]" "$log"
    failed=1
  else
    echo "fuzz: $name ok, ${runs:-?} runs in $(( $(date +%s) - start )) s, $corpus found inputs kept"
  fi
done
exit $failed
