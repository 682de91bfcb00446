#!/usr/bin/env bash
# Checks build/*/pocketwar-mpi (docs/lab.md, "Many machines"): built beside
# the program given, which itself links no MPI; `mpirun --oversubscribe -np
# 3` gives the same games.jsonl and summary.json, byte for byte, as --jobs
# 1, and a sweep the same sweep.json; bad input is refused with the message
# and every rank ends; a worker rank killed with -9 ends the job with rank 0
# saying how to go on, and leaves a run that `--resume` names the missing
# games of and completes to the same summary.
# Prints "PASS name" or "FAIL name: why"; exits 1 if any failed.
# Usage: tests/cli_lab_mpi.sh [path/to/pocketwar]   (default build/san/pocketwar;
#        pocketwar-mpi is looked for beside it)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
pwm=$(dirname "$pw")/pocketwar-mpi
src=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
if [ ! -x "$pwm" ]; then fail mpi-built "no $pwm (make mpi)"; exit 1; fi
if ! command -v mpirun > /dev/null; then fail mpi-built "no mpirun (make mpi-deps)"; exit 1; fi
# CI runs as root, which mpirun refuses unless told; nothing else changes
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# under ASan: Open MPI's own allocations kept to the end are suppressed (by
# library, which needs whole stacks and its plugins left loaded); ours are checked
export OMPI_MCA_mca_base_component_disable_dlclose=1 PMIX_MCA_mca_base_component_disable_dlclose=1
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}:fast_unwind_on_malloc=0
export LSAN_OPTIONS=suppressions=$src/tests/lsan_mpi.supp:print_suppressions=0
mpi() { local np=$1; shift; timeout 600 mpirun --oversubscribe -np "$np" "$pwm" "$@"; }

if ldd "$pw" | grep -q libmpi; then fail mpi-built "$pw links MPI"
elif ! ldd "$pwm" | grep -q libmpi; then fail mpi-built "$pwm links no MPI"
else pass mpi-built; fi
mpi 2 lab run --help > h.out 2>&1 && grep -q "rank 0" h.out && pass mpi-help || fail mpi-help "$(tail -3 h.out)"

# ---- the same games and summary as one process ------------------------------------------
exp=(--rules pocket-battles --scenario elves-vs-orcs-50 --players thumb,thumb --no-progress
     --arm base --arm rb:strike-back=always --games 12 --seed 5)
"$pw" lab run "${exp[@]}" --out j1 --jobs 1 > j1.out 2>&1 || fail jobs-1 "$(tail -2 j1.out)"
mpi 3 lab run "${exp[@]}" --out m3 > m3.out 2>&1; rc=$?
if [ $rc = 0 ] && cmp -s j1/summary.json m3/summary.json && cmp -s j1/games.jsonl m3/games.jsonl &&
   grep -q "^Arm rb against base" m3.out; then pass mpi-identical-to-jobs-1
else fail mpi-identical-to-jobs-1 "exit $rc: $(grep -v '^ *$' m3.out | tail -3 | tr '\n' '|')"; fi
# rank 0 playing nothing itself (--jobs 0): the workers play it all
mpi 3 lab run "${exp[@]}" --out m0 --jobs 0 > m0.out 2>&1; rc=$?
if [ $rc = 0 ] && cmp -s j1/summary.json m0/summary.json; then pass mpi-jobs-0
else fail mpi-jobs-0 "exit $rc: $(tail -3 m0.out | tr '\n' '|')"; fi

# ---- a sweep on the ranks: the same sweep.json as one process's ---------------------------
sw=(--rules pocket-wargame --scenario meeting --players random,random --no-progress
    --field forces.1.units.HI --values 0..8:8 --games 4)
"$pw" lab sweep "${sw[@]}" --out s1 --jobs 1 > s1.out 2>&1
mpi 3 lab sweep "${sw[@]}" --out s3 > s3.out 2>&1; rc=$?
if [ $rc = 0 ] && [ -s s1/sweep.json ] && cmp -s s1/sweep.json s3/sweep.json; then pass mpi-sweep
else fail mpi-sweep "exit $rc: $(tail -3 s3.out | tr '\n' '|')"; fi

# ---- bad input: the message, and every rank ends ---------------------------------------
mpi 3 lab run "${exp[@]}" --games 1 --out bad > bad.out 2>&1; rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 124 ] && grep -q "whole number from 2" bad.out && [ ! -s bad/games.jsonl ]
then pass mpi-bad-input; else fail mpi-bad-input "exit $rc: $(head -2 bad.out | tr '\n' '|')"; fi

# ---- a worker rank killed: the missing games named, --resume completes them -----------------
mpi 3 lab run "${exp[@]}" --out k > k.out 2>&1 &
mp=$!
victim=""
for _ in $(seq 1 600); do
  # rank 1: a pocketwar-mpi working in this folder with that rank in its environment
  for p in $(pgrep -f "pocketwar-mpi lab run" 2> /dev/null); do
    [ "$(readlink /proc/$p/cwd 2> /dev/null)" = "$tmp" ] &&
      tr '\0' '\n' < /proc/$p/environ 2> /dev/null | grep -qx OMPI_COMM_WORLD_RANK=1 && victim=$p
  done
  [ -n "$victim" ] && [ "$( { wc -l < k/games.jsonl; } 2> /dev/null || echo 0)" -ge 3 ] && break
  sleep 0.05
done
[ -n "$victim" ] && kill -9 "$victim" 2> /dev/null
wait $mp; rc=$?
n=$(grep -c . k/games.jsonl)
mpi 2 lab run --resume k > kr.out 2>&1; rrc=$?
if [ -n "$victim" ] && [ $rc -ne 0 ] && [ "$n" -lt 24 ] && [ $rrc = 0 ] &&
   grep -q 'the job was ended (a rank died, or it was stopped); .*`pocketwar lab run --resume k` says which are missing' k.out &&
   grep -q "k lacks $((24 - n)) of its 24 games: arm \"" kr.out && cmp -s j1/summary.json k/summary.json &&
   cmp -s j1/games.jsonl k/games.jsonl
then pass mpi-rank-dies-resume
else fail mpi-rank-dies-resume "victim ${victim:-none}, exit $rc, $n games, resume exit $rrc: $(grep -v '^ *$' kr.out | head -2 | tr '\n' '|')"; fi

exit $failed
