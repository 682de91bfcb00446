#!/usr/bin/env bash
# Runs every test program in DIR/tests (built by make) and the command-line
# scripts, and prints one closing line: "N passed, N failed" (N counts the
# programs' test cases and the scripts' checks). The cmocka programs speak
# TAP (CMOCKA_MESSAGE_OUTPUT=TAP): a line "ok N - name" or "not ok N - name"
# per case; the scripts print "PASS name" / "FAIL name: why" lines.
# TEST_JOBS (default: 2, or 1 on a one-core machine) programs run at once;
# each one's output is kept and printed whole, in the same fixed order as
# one at a time, with its wall and processor (user+sys) seconds. The
# heaviest programs start first, so that the last one to finish is short;
# the browser's script runs alone.
# Usage: tests/run.sh [DIR [NAME...]]: with NAMEs (test_x, cli_y.sh), only those.
set -u
dir=${1:-build/san}
shift $(( $# > 0 ? 1 : 0 ))
only=" $* "
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export CMOCKA_MESSAGE_OUTPUT=TAP
cores=$(nproc 2>/dev/null || echo 1)
jobs=${TEST_JOBS:-$(( cores >= 2 ? 2 : 1 ))}
[ "$jobs" -ge 1 ] 2> /dev/null || jobs=1
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# the list in printing order: programs, then scripts
items=()
wanted() { [ "$only" = "  " ] || case "$only" in *" ${1##*/} "*) true;; *) false;; esac; }
for t in "$dir"/tests/test_*; do
  [ -x "$t" ] || continue
  case "$t" in *.o|*.d) continue;; esac
  wanted "$t" && items+=("$t")
done
for t in tests/cli_*.sh; do [ -f "$t" ] && wanted "$t" && items+=("$t"); done
if [ ${#items[@]} -eq 0 ]; then echo "no tests in $dir/tests or tests/ named:$only"; exit 1; fi
# the order they start in: the heaviest first (measured, docs/testing.md), then the rest;
# `alone` run with nothing beside them (the browser's checks wait on a live page for set times)
alone=(cli_browser.sh)
heavy=(cli_browser.sh cli_lab_sweep.sh cli_lab_mpi.sh cli_lab.sh cli_ai.sh test_conformance
       cli_commands.sh test_positions cli_server.sh cli_lab_shards.sh cli_install.sh test_svg
       test_pkb_invariants)
start=()
for h in "${heavy[@]}"; do
  for i in "${!items[@]}"; do [ "$(basename "${items[$i]}")" = "$h" ] && start+=("$i"); done
done
for i in "${!items[@]}"; do
  case " ${start[*]} " in *" $i "*) ;; *) start+=("$i");; esac
done

# run ITEM INDEX: its output to $work/INDEX.out, then "rc wall user sys" to $work/INDEX.rc
run_one() {
  local t=$1 i=$2 TIMEFORMAT='%1R %1U %1S' rc
  { time { case "$t" in
             *.sh) bash "$t" "$dir/pocketwar" ;;
             *) "$t" ;;
           esac > "$work/$i.out" 2>&1; rc=$?; } ; } 2> "$work/$i.time"
  echo "$rc $(cat "$work/$i.time")" > "$work/$i.rc.tmp" && mv "$work/$i.rc.tmp" "$work/$i.rc"
}

pass=0; fail=0; failed_programs=()
# report INDEX: prints one finished item's result and adds up its counts
report() {
  local t=${items[$1]} out rc wall user sys p f
  read -r rc wall user sys < "$work/$1.rc"
  out=$(cat "$work/$1.out")
  echo "== $(basename "$t")  ($wall s, processor $(awk "BEGIN{printf \"%.1f\", $user + $sys}") s)"
  case "$t" in
    *.sh)
      printf '%s\n' "$out" | grep -E '^(FAIL|PASS)' | grep -v '^PASS'
      p=$(printf '%s\n' "$out" | grep -c '^PASS')
      f=$(printf '%s\n' "$out" | grep -c '^FAIL')
      echo "   $p passed, $f failed"
      pass=$((pass + p)); fail=$((fail + f))
      if [ "$rc" -ne 0 ]; then
        [ "$f" -eq 0 ] && fail=$((fail + 1)); failed_programs+=("$(basename "$t")")
      fi ;;
    *)
      # everything but the passing cases and the plan: failures, their messages, sanitizer reports
      printf '%s\n' "$out" | grep -vE '^(ok [0-9]+ |1\.\.[0-9]+$|# ok - )'
      p=$(printf '%s\n' "$out" | grep -cE '^ok [0-9]+ ')
      f=$(printf '%s\n' "$out" | grep -cE '^not ok [0-9]+ ')
      pass=$((pass + p)); fail=$((fail + f))
      if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then fail=$((fail + 1)); fi
      [ "$rc" -ne 0 ] && failed_programs+=("$(basename "$t")") ;;
  esac
}

next=0      # the next item to print, in list order
running=0
# settle N: waits until fewer than N run, printing what is due, in list order
settle() {
  while [ "$running" -ge "$1" ]; do
    wait -n; running=$((running - 1))
    while [ "$next" -lt "${#items[@]}" ] && [ -f "$work/$next.rc" ]; do
      report "$next"; next=$((next + 1))
    done
  done
}
for i in "${start[@]}"; do
  case " ${alone[*]} " in *" $(basename "${items[$i]}") "*) solo=1;; *) solo=0;; esac
  [ $solo = 1 ] && settle 1
  run_one "${items[$i]}" "$i" &
  running=$((running + 1))
  if [ $solo = 1 ]; then settle 1; else settle "$jobs"; fi
done
settle 1
while [ "$next" -lt "${#items[@]}" ]; do report "$next"; next=$((next + 1)); done
if [ ${#failed_programs[@]} -gt 0 ]; then echo "failing: ${failed_programs[*]}"; fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ ${#failed_programs[@]} -eq 0 ]
