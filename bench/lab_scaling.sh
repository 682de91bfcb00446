#!/usr/bin/env bash
# The lab's scaling (docs/benchmarks.md, "The lab past one machine"): one
# experiment of thumb battles played at --jobs 1, --jobs 2 and on 2 Open MPI
# ranks (mpirun -np 2: rank 0 plays one game at a time beside the other
# rank), battles per second and the efficiency (throughput per core over
# one core's); then what stops it scaling: rank 0's own CPU time per game
# (receiving, checking, writing and the progress) with only workers
# playing, and the time of `lab merge` per game. Prints the load average
# first: on a shared machine the figures move with it.
# Usage: bench/lab_scaling.sh [BUILD_DIR] [GAMES]   (default build, 48)
set -u
dir=${1:-build}
games=${2:-48}
pw=$(cd "$dir" && pwd)/pocketwar
pwm=$(cd "$dir" && pwd)/pocketwar-mpi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
exp=(--rules pocket-wargame --scenario meeting --players thumb,thumb --arm base
     --games "$games" --seed 1 --no-progress --quiet)
now() { date +%s.%N; }
rate() { awk -v g="$games" -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", g / (b - a) }'; }
echo "lab scaling: $games thumb battles of the Pocket Wargame meeting engagement; $(nproc) cores;" \
     "load average $(cut -d' ' -f1-3 /proc/loadavg)"
t0=$(now); "$pw" lab run "${exp[@]}" --out j1 --jobs 1; t1=$(now)
r1=$(rate "$t0" "$t1")
t0=$(now); "$pw" lab run "${exp[@]}" --out j2 --jobs 2; t1=$(now)
r2=$(rate "$t0" "$t1")
printf '  %-22s %8s battles/s  efficiency %s\n' "1 job" "$r1" "1.00"
printf '  %-22s %8s battles/s  efficiency %.2f\n' "2 jobs" "$r2" "$(awk -v a="$r1" -v b="$r2" 'BEGIN{print b/a/2}')"
if [ -x "$pwm" ] && command -v mpirun > /dev/null; then
  t0=$(now); mpirun --oversubscribe -np 2 "$pwm" lab run "${exp[@]}" --out m2; t1=$(now)
  rm2=$(rate "$t0" "$t1")
  printf '  %-22s %8s battles/s  efficiency %.2f\n' "2 MPI ranks" "$rm2" "$(awk -v a="$r1" -v b="$rm2" 'BEGIN{print b/a/2}')"
  cmp -s j1/summary.json m2/summary.json && echo "  (2 ranks' summary.json identical to 1 job's)" ||
    echo "  WARNING: 2 ranks' summary.json differs from 1 job's"
  # rank 0's own cost per game: workers play everything (--jobs 0); its CPU
  # time read from /proc until it ends, less that of a 2-game run (start-up)
  rank0_cpu() {
    local n=$1 out=$2 mp cpu=0 p c
    mpirun --oversubscribe -np 3 "$pwm" lab run "${exp[@]}" --games "$n" --out "$out" --jobs 0 &
    mp=$!
    while kill -0 $mp 2> /dev/null; do
      for p in $(pgrep -f "pocketwar-mpi lab run" 2> /dev/null); do
        [ "$(readlink /proc/$p/cwd 2> /dev/null)" = "$tmp" ] || continue
        tr '\0' '\n' < /proc/$p/environ 2> /dev/null | grep -qx OMPI_COMM_WORLD_RANK=0 || continue
        c=$(awk '{print $14 + $15}' /proc/$p/stat 2> /dev/null) && [ -n "$c" ] && cpu=$c
      done
      sleep 0.02
    done
    wait $mp
    echo "$cpu"
  }
  cbig=$(rank0_cpu "$games" m0)
  csmall=$(rank0_cpu 2 m0s)
  awk -v a="$cbig" -v b="$csmall" -v g="$games" -v hz="$(getconf CLK_TCK)" \
    'BEGIN { printf "  rank 0 CPU (2 workers, rank 0 playing none): %.0f ms to start and end, %.2f ms per game\n", 1000 * b / hz, 1000 * (a - b) / hz / (g - 2) }'
else
  echo "  (no $pwm or mpirun: make mpi)"
fi
# the merge: N shards of the run put together, per game
for i in 1 2 3 4; do "$pw" lab run "${exp[@]}" --shard $i/4 --out s$i --jobs 2; done
t0=$(now); "$pw" lab merge mm s1 s2 s3 s4 > /dev/null; t1=$(now)
awk -v a="$t0" -v b="$t1" -v g="$games" \
  'BEGIN { printf "  lab merge of 4 shards: %.2f s, %.2f ms per game\n", b - a, 1000 * (b - a) / g }'
