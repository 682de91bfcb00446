#!/usr/bin/env bash
# Runs every test program in DIR/tests (built by make) and the command-line
# scripts, and prints one closing line: "N passed, N failed" (N counts the
# programs' test cases and the scripts' checks). The cmocka programs speak
# TAP (CMOCKA_MESSAGE_OUTPUT=TAP): a line "ok N - name" or "not ok N - name"
# per case; the scripts print "PASS name" / "FAIL name: why" lines.
set -u
dir=${1:-build/san}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export CMOCKA_MESSAGE_OUTPUT=TAP
pass=0; fail=0; failed_programs=()
for t in "$dir"/tests/test_*; do
  [ -x "$t" ] || continue
  case "$t" in *.o|*.d) continue;; esac
  echo "== $(basename "$t")"
  out=$("$t" 2>&1); rc=$?
  # everything but the passing cases and the plan: failures, their messages, sanitizer reports
  printf '%s\n' "$out" | grep -vE '^(ok [0-9]+ |1\.\.[0-9]+$|# ok - )'
  p=$(printf '%s\n' "$out" | grep -cE '^ok [0-9]+ ')
  f=$(printf '%s\n' "$out" | grep -cE '^not ok [0-9]+ ')
  pass=$((pass + p)); fail=$((fail + f))
  if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then fail=$((fail + 1)); fi
  [ $rc -ne 0 ] && failed_programs+=("$(basename "$t")")
done
# command-line scripts: each prints "PASS name" / "FAIL name: why" lines
for t in tests/cli_*.sh; do
  [ -f "$t" ] || continue
  echo "== $(basename "$t")"
  out=$(bash "$t" "$dir/pocketwar" 2>&1); rc=$?
  printf '%s\n' "$out" | grep -E '^(FAIL|PASS)' | grep -v '^PASS' 
  p=$(printf '%s\n' "$out" | grep -c '^PASS')
  f=$(printf '%s\n' "$out" | grep -c '^FAIL')
  echo "   $p passed, $f failed"
  pass=$((pass + p)); fail=$((fail + f))
  if [ $rc -ne 0 ]; then [ "$f" -eq 0 ] && fail=$((fail + 1)); failed_programs+=("$(basename "$t")"); fi
done
if [ ${#failed_programs[@]} -gt 0 ]; then echo "failing: ${failed_programs[*]}"; fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ ${#failed_programs[@]} -eq 0 ]
