#!/usr/bin/env bash
# Runs every fuzz harness built in DIR (build/fuzz/fuzz_NAME) for SECONDS
# each, one after another, seeded with fuzz/corpus/NAME/. MODE "smoke" (what
# make check runs) works on a throwaway copy of the corpus; "campaign" (make
# fuzz) keeps what it finds new in DIR/work/NAME/ for the next campaign.
# Inputs that fail a check are kept in DIR/findings/. Prints one line per
# harness; exits 1 if any harness failed.
# Usage: fuzz/run.sh DIR SECONDS [smoke|campaign]
set -u
dir=${1:?usage: fuzz/run.sh DIR SECONDS [smoke|campaign]}
secs=${2:?usage: fuzz/run.sh DIR SECONDS [smoke|campaign]}
mode=${3:-smoke}
mkdir -p "$dir/findings"
failed=0
for bin in "$dir"/fuzz_*; do
  case "$bin" in *.o|*.d) continue;; esac
  [ -x "$bin" ] || continue
  name=${bin##*/fuzz_}
  seeds=fuzz/corpus/$name
  if [ "$mode" = campaign ]; then work=$dir/work/$name; mkdir -p "$work"
  else work=$(mktemp -d); fi
  log=$dir/$name.log
  "$bin" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$dir/findings/$name-" "$work" "$seeds" > "$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  inputs=$(find "$work" "$seeds" -type f | wc -l)
  [ "$mode" = campaign ] || rm -rf "$work"
  if [ $rc -eq 0 ]; then
    echo "PASS fuzz-$name: ${runs:-0} runs in ${secs} s, $inputs inputs, ${rss:-?} MB"
  else
    failed=1
    echo "FAIL fuzz-$name: see $log and $dir/findings/$name-*"
    grep -m3 -E 'fuzz check failed|ERROR: |runtime error' "$log"
  fi
done
exit $failed
